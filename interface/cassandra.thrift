# Ilium's Thrift interface: the Cassandra 0.7 service (API version 19.4.0) plus the counter calls
# of 0.8 (add, remove_counter, CounterColumn, CounterSuperColumn) and the optional fields later
# versions added where an older client simply skips them (CfDef.key_validation_class,
# KsDef.durable_writes, ConsistencyLevel TWO and THREE).
#
# Written for Ilium from the wire facts a 0.7 client sends and expects: method names, argument and
# field ids and their types. Clients generated from the original 0.7 interface interoperate with
# a server built on this file; clients generated from this file interoperate with Ilium.
#
# The server reads this file at start-up (src/thrift/idl) and derives its codecs from it, so the
# file is the single source of the wire layout. Generate a client with, for example:
#   thrift --gen py interface/cassandra.thrift
#   thrift --gen js:node interface/cassandra.thrift

namespace py cassandra
namespace rb CassandraThrift
namespace java org.apache.cassandra.thrift

const string VERSION = "19.4.0"

# --- Enumerations -----------------------------------------------------------------------------

# How many replicas must answer. A single node accepts every level; the cluster honours them.
enum ConsistencyLevel {
    ONE = 1,
    QUORUM = 2,
    LOCAL_QUORUM = 3,
    EACH_QUORUM = 4,
    ALL = 5,
    ANY = 6,
    TWO = 7,
    THREE = 8,
}

enum IndexOperator {
    EQ = 0,
    GTE = 1,
    GT = 2,
    LTE = 3,
    LT = 4,
}

enum IndexType {
    KEYS = 0,
}

# --- Data -------------------------------------------------------------------------------------

# One cell: a name serialized by the comparator, a value by the validator, a client timestamp
# (microseconds by convention) and an optional time to live in seconds.
struct Column {
    1: required binary name,
    2: required binary value,
    3: required i64 timestamp,
    4: optional i32 ttl,
}

# A named group of columns inside a Super column family.
struct SuperColumn {
    1: required binary name,
    2: required list<Column> columns,
}

# A counter cell as clients see it: the summed value.
struct CounterColumn {
    1: required binary name,
    2: required i64 value,
}

struct CounterSuperColumn {
    1: required binary name,
    2: required list<CounterColumn> columns,
}

# Exactly one field is set in every value the server returns.
struct ColumnOrSuperColumn {
    1: optional Column column,
    2: optional SuperColumn super_column,
    3: optional CounterColumn counter_column,
    4: optional CounterSuperColumn counter_super_column,
}

# --- Errors -----------------------------------------------------------------------------------

# get() found nothing at the path; describe_keyspace() found no such keyspace.
exception NotFoundException {
}

# The request cannot be served as asked: unknown keyspace or column family, a name or value the
# comparator or validator refuses, a missing argument. `why` says which.
exception InvalidRequestException {
    1: required string why
}

# Too few replicas are alive for the requested consistency level.
exception UnavailableException {
}

# The replicas did not answer in time.
exception TimedOutException {
}

# The credentials given to login() are not accepted.
exception AuthenticationException {
    1: required string why
}

# The logged-in user may not do this.
exception AuthorizationException {
    1: required string why
}

# The nodes of the cluster do not agree on the schema version; try the schema change again later.
exception SchemaDisagreementException {
}

# --- Request shapes ---------------------------------------------------------------------------

# Where a slice is read from or a column written to: a column family, and a super column in it.
struct ColumnParent {
    3: required string column_family,
    4: optional binary super_column,
}

# One column, one super column, or a whole row (get, remove).
struct ColumnPath {
    3: required string column_family,
    4: optional binary super_column,
    5: optional binary column,
}

# Columns from `start` to `finish` (empty means unbounded), at most `count` of them; when
# `reversed`, from the high end down and `start` is the higher bound.
struct SliceRange {
    1: required binary start,
    2: required binary finish,
    3: required bool reversed=0,
    4: required i32 count=100,
}

# Either a list of names or a range.
struct SlicePredicate {
    1: optional list<binary> column_names,
    2: optional SliceRange slice_range,
}

struct IndexExpression {
    1: required binary column_name,
    2: required IndexOperator op,
    3: required binary value,
}

# At least one EQ expression on an indexed column; the others filter the rows it finds.
struct IndexClause {
    1: required list<IndexExpression> expressions,
    2: required binary start_key,
    3: required i32 count=100,
}

# Rows by key (both ends inclusive; order-preserving partitioners) or by token (start exclusive,
# end inclusive; any partitioner).
struct KeyRange {
    1: optional binary start_key,
    2: optional binary end_key,
    3: optional string start_token,
    4: optional string end_token,
    5: required i32 count=100,
}

struct KeySlice {
    1: required binary key,
    2: required list<ColumnOrSuperColumn> columns,
}

struct KeyCount {
    1: required binary key,
    2: required i32 count,
}

# Removes the columns the predicate names (or the whole super column or row) written at or
# before `timestamp`. Counter deletions carry no timestamp.
struct Deletion {
    1: optional i64 timestamp,
    2: optional binary super_column,
    3: optional SlicePredicate predicate,
}

# Exactly one of the two.
struct Mutation {
    1: optional ColumnOrSuperColumn column_or_supercolumn,
    2: optional Deletion deletion,
}

struct EndpointDetails {
    1: required string host,
    2: required string datacenter,
    3: optional string rack,
}

struct TokenRange {
    1: required string start_token,
    2: required string end_token,
    3: required list<string> endpoints,
    4: optional list<string> rpc_endpoints,
    5: optional list<EndpointDetails> endpoint_details,
}

struct AuthenticationRequest {
    1: required map<string, string> credentials
}

# --- Schema -----------------------------------------------------------------------------------

struct ColumnDef {
    1: required binary name,
    2: required string validation_class,
    3: optional IndexType index_type,
    4: optional string index_name,
}

struct CfDef {
    1: required string keyspace,
    2: required string name,
    3: optional string column_type="Standard",
    5: optional string comparator_type="BytesType",
    6: optional string subcomparator_type,
    8: optional string comment,
    9: optional double row_cache_size=0,
    11: optional double key_cache_size=200000,
    12: optional double read_repair_chance=1.0,
    13: optional list<ColumnDef> column_metadata,
    14: optional i32 gc_grace_seconds,
    15: optional string default_validation_class,
    16: optional i32 id,
    17: optional i32 min_compaction_threshold,
    18: optional i32 max_compaction_threshold,
    19: optional i32 row_cache_save_period_in_seconds,
    20: optional i32 key_cache_save_period_in_seconds,
    21: optional i32 memtable_flush_after_mins,
    22: optional i32 memtable_throughput_in_mb,
    23: optional double memtable_operations_in_millions,
    24: optional bool replicate_on_write,
    26: optional string key_validation_class,
}

struct KsDef {
    1: required string name,
    2: required string strategy_class,
    3: optional map<string, string> strategy_options,
    4: required i32 replication_factor,
    5: required list<CfDef> cf_defs,
    6: optional bool durable_writes=1,
}

# --- The service ------------------------------------------------------------------------------

service Cassandra {
  # Connection state
  void login(1: required AuthenticationRequest auth_request)
       throws (1: AuthenticationException authnx, 2: AuthorizationException authzx),

  void set_keyspace(1: required string keyspace) throws (1: InvalidRequestException ire),

  # Reads
  ColumnOrSuperColumn get(1: required binary key,
                          2: required ColumnPath column_path,
                          3: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: NotFoundException nfe, 3: UnavailableException ue, 4: TimedOutException te),

  list<ColumnOrSuperColumn> get_slice(1: required binary key,
                                      2: required ColumnParent column_parent,
                                      3: required SlicePredicate predicate,
                                      4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  i32 get_count(1: required binary key,
                2: required ColumnParent column_parent,
                3: required SlicePredicate predicate,
                4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  map<binary, list<ColumnOrSuperColumn>> multiget_slice(1: required list<binary> keys,
                                                        2: required ColumnParent column_parent,
                                                        3: required SlicePredicate predicate,
                                                        4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  map<binary, i32> multiget_count(1: required list<binary> keys,
                                  2: required ColumnParent column_parent,
                                  3: required SlicePredicate predicate,
                                  4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  list<KeySlice> get_range_slices(1: required ColumnParent column_parent,
                                  2: required SlicePredicate predicate,
                                  3: required KeyRange range,
                                  4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  list<KeySlice> get_indexed_slices(1: required ColumnParent column_parent,
                                    2: required IndexClause index_clause,
                                    3: required SlicePredicate column_predicate,
                                    4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  # Writes
  void insert(1: required binary key,
              2: required ColumnParent column_parent,
              3: required Column column,
              4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  void add(1: required binary key,
           2: required ColumnParent column_parent,
           3: required CounterColumn column,
           4: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  void remove(1: required binary key,
              2: required ColumnPath column_path,
              3: required i64 timestamp,
              4: ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  void remove_counter(1: required binary key,
                      2: required ColumnPath path,
                      3: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  void batch_mutate(1: required map<binary, map<string, list<Mutation>>> mutation_map,
                    2: required ConsistencyLevel consistency_level=ConsistencyLevel.ONE)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  void truncate(1: required string cfname)
       throws (1: InvalidRequestException ire, 2: UnavailableException ue),

  # Cluster and schema description
  map<string, list<string>> describe_schema_versions() throws (1: InvalidRequestException ire),
  list<KsDef> describe_keyspaces() throws (1: InvalidRequestException ire),
  string describe_cluster_name(),
  string describe_version(),
  list<TokenRange> describe_ring(1: required string keyspace) throws (1: InvalidRequestException ire),
  string describe_partitioner(),
  string describe_snitch(),
  KsDef describe_keyspace(1: required string keyspace)
       throws (1: NotFoundException nfe, 2: InvalidRequestException ire),
  list<string> describe_splits(1: required string cfName,
                               2: required string start_token,
                               3: required string end_token,
                               4: required i32 keys_per_split)
       throws (1: InvalidRequestException ire),

  # Schema changes; each answers with the new schema version
  string system_add_column_family(1: required CfDef cf_def)
       throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),
  string system_drop_column_family(1: required string column_family)
       throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),
  string system_add_keyspace(1: required KsDef ks_def)
       throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),
  string system_drop_keyspace(1: required string keyspace)
       throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),
  string system_update_keyspace(1: required KsDef ks_def)
       throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),
  string system_update_column_family(1: required CfDef cf_def)
       throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),
}
