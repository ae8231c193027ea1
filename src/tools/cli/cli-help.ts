/**
 * `help;` and `help <topic>;`: the statement list and one entry per statement, written for
 * Ilium (the same statements cassandra-cli 0.7 knows, in our words).
 */

const TOPICS: ReadonlyMap<string, string> = new Map([
  ['connect', 'connect <host>/<port> [<user> \'<password>\'];\n\nConnects to the Thrift service of a node.\n\nexample:\nconnect localhost/9160;'],
  ['use', "use <keyspace> [<user> ['<password>']];\n\nMakes <keyspace> the keyspace later statements work in (logging in first when a user is given)."],
  ['create keyspace', "create keyspace <name> [with <attr> = <value> [and <attr> = <value> ...]];\n\nattributes: replication_factor, placement_strategy, strategy_options ([{k:v}] or {k:v}), durable_writes.\n\nexample:\ncreate keyspace Twitter with replication_factor = 1\n  and placement_strategy = 'org.apache.cassandra.locator.SimpleStrategy';"],
  ['update keyspace', 'update keyspace <name> [with <attr> = <value> [and ...]];\n\nChanges the attributes given (see help create keyspace).'],
  ['drop keyspace', 'drop keyspace <name>;\n\nDrops the keyspace and all its data.'],
  ['create column family', "create column family <name> [with <attr> = <value> [and ...]];\n\nattributes: column_type (Standard|Super), comparator, subcomparator, comment, rows_cached,\nrow_cache_save_period, keys_cached, key_cache_save_period, read_repair_chance, gc_grace,\ncolumn_metadata, memtable_operations, memtable_throughput, memtable_flush_after,\ndefault_validation_class, min_compaction_threshold, max_compaction_threshold,\nreplicate_on_write, key_validation_class.\ncolumn_metadata is [{column_name: <name>, validation_class: <type>[, index_type: KEYS][, index_name: <name>]}, ...].\n\nexample:\ncreate column family Users with comparator = UTF8Type and default_validation_class = UTF8Type\n  and column_metadata = [{column_name: state, validation_class: UTF8Type, index_type: KEYS}];"],
  ['update column family', 'update column family <name> [with <attr> = <value> [and ...]];\n\nChanges the attributes given (see help create column family).'],
  ['drop column family', 'drop column family <name>;\n\nDrops the column family and all its data.'],
  ['set', "set <cf>['<key>']['<col>'] = <value> [with ttl = <seconds>];\nset <cf>['<key>']['<super>']['<col>'] = <value> [with ttl = <seconds>];\n\nA value is a literal (converted by the column's validator) or a function:\nbytes, integer, long, int, lexicaluuid, timeuuid, utf8, ascii.\n\nexample:\nset Users['5']['screen_name'] = 'buttonscat';\nset Timeline['u1'][long(1267414247561777)] = '7561a442-24e2-11df-8924-001ff3591711';"],
  ['get', "get <cf>['<key>'] [limit <n>];\nget <cf>['<key>']['<col>'] [as <type>];\nget <cf>['<key>']['<super>'] [limit <n>];\nget <cf>['<key>']['<super>']['<col>'] [as <type>];\nget <cf> where <col> <op> <value> [and <col> <op> <value> ...] [limit <n>];\n\n<op> is one of =, >, >=, <, <=; a where clause needs an indexed column with =."],
  ['del', "del <cf>['<key>'];\ndel <cf>['<key>']['<col>'];\ndel <cf>['<key>']['<super>']['<col>'];\n\nDeletes a row, a column, a super column or a sub-column."],
  ['count', "count <cf>['<key>'];\ncount <cf>['<key>']['<super>'];\n\nCounts the columns of a row or a super column."],
  ['incr', "incr <cf>['<key>']['<col>'] [by <n>];\n\nAdds to a counter column (by 1 unless told)."],
  ['decr', "decr <cf>['<key>']['<col>'] [by <n>];\n\nSubtracts from a counter column (1 unless told)."],
  ['list', "list <cf>[[<startKey>:<endKey>]] [limit <n>];\n\nLists rows (100 unless a limit is given), between two keys when given."],
  ['truncate', 'truncate <cf>;\n\nRemoves all the data of a column family.'],
  ['describe keyspace', 'describe keyspace [<keyspace>];\n\nShows a keyspace (the one in use without a name) and its column families.'],
  ['describe cluster', 'describe cluster;\n\nShows the snitch, the partitioner and the schema versions of the cluster.'],
  ['show keyspaces', 'show keyspaces;\n\nDescribes every keyspace.'],
  ['show cluster name', 'show cluster name;\n\nShows the name of the cluster.'],
  ['show api version', 'show api version;\n\nShows the version of the Thrift API the node speaks.'],
  ['assume', 'assume <cf> comparator|sub_comparator|validator|keys as <type>;\n\nShows and reads names, values or keys of <cf> as <type> for the rest of the session\n(the schema on the node is not changed).\n\nexample:\nassume Authors comparator as utf8;'],
  ['consistencylevel', 'consistencylevel as <level>;\n\nThe consistency level of later reads and writes (ONE by default).'],
  ['exit', 'exit; or quit;\n\nLeaves the shell.'],
  ['help', 'help; or help <statement>;\n\nShows the statements, or one of them.'],
]);

const ALIASES: ReadonlyMap<string, string> = new Map([['quit', 'exit'], ['decr', 'decr'], ['describe', 'describe keyspace'], ['del', 'del']]);

export const GENERAL_HELP = `List of all CLI commands:
?                                                          Same as help.
help;                                                      Display this help.
help <command>;                                            Display command-specific help.
connect <hostname>/<port> [<username> '<password>'];       Connect to a node's Thrift service.
use <keyspace> [<username> '<password>'];                  Switch to a keyspace.
describe keyspace [<keyspace>];                            Describe a keyspace.
describe cluster;                                          Describe the cluster.
exit; / quit;                                              Exit CLI.
show cluster name;                                         Display the cluster name.
show keyspaces;                                            Show all keyspaces.
show api version;                                          Show the server's API version.
create keyspace <keyspace> [with <att1>=<value1> [and ...]];
update keyspace <keyspace> [with <att1>=<value1> [and ...]];
create column family <cf> [with <att1>=<value1> [and ...]];
update column family <cf> [with <att1>=<value1> [and ...]];
drop keyspace <keyspace>;                                  Delete a keyspace.
drop column family <cf>;                                   Delete a column family.
get <cf>['<key>'];                                         Get a slice of columns.
get <cf>['<key>']['<super>'];                              Get a slice of sub columns.
get <cf> where <column> = <value> [and ...] [limit <n>];   Get rows by an indexed column.
get <cf>['<key>']['<col>'] [as <type>];                    Get a column value.
get <cf>['<key>']['<super>']['<col>'] [as <type>];         Get a sub column value.
set <cf>['<key>']['<col>'] = <value> [with ttl = <n>];     Set a column.
set <cf>['<key>']['<super>']['<col>'] = <value>;           Set a sub column.
del <cf>['<key>'];                                         Delete a record.
del <cf>['<key>']['<col>'];                                Delete a column.
del <cf>['<key>']['<super>']['<col>'];                     Delete a sub column.
count <cf>['<key>'];                                       Count columns in a record.
count <cf>['<key>']['<super>'];                            Count columns in a super column.
incr <cf>['<key>']['<col>'] [by <n>];                      Increment a counter column.
decr <cf>['<key>']['<col>'] [by <n>];                      Decrement a counter column.
truncate <cf>;                                             Truncate a column family.
assume <cf> comparator|sub_comparator|validator|keys as <type>;
                                                           Assume a type for names, values or keys.
consistencylevel as <level>;                               Set the consistency level.
list <cf>;                                                 List all rows in a column family.
list <cf>[<startKey>:];                                    List rows from a key on.
list <cf>[<startKey>:<endKey>] limit <n>;                  List a range of rows, at most <n>.
`;

/** The help for a topic, or undefined when there is none. */
export function helpFor(topic: string): string | undefined {
  const t = ALIASES.get(topic) ?? topic;
  const text = TOPICS.get(t) ?? TOPICS.get(`${t} keyspace`);
  return text === undefined ? undefined : `${text}\n`;
}
