/**
 * The Cassandra 0.7 Thrift service (`interface/cassandra.thrift`, plus 0.8's counter calls) over
 * the binary protocol of `transport/thrift`. A call: `transport/thrift` frames → `server/` dispatch
 * → `service/` ThriftSession → db/operations' ThriftOperations → the node's DataStore.
 *
 * `idl/`: `interface/cassandra.thrift` is the single statement of the wire layout:
 * - `idl-parser.ts` reads it (`idl-model.ts`),
 * - `struct-codec.ts` compiles it into codecs (plain objects with camelCase names, bigint i64,
 *   Buffer binary, enums by name, Maps; strict reads that name the offending field; results
 *   written in steps for the server, `encode-step.ts` bounding a step),
 * - `cassandra-idl.ts` finds and loads the file
 *
 * `server/`:
 * - `service-dispatcher.ts`: a message → the implementation's method with positional arguments →
 *   the result struct (its steps, which the connection runs); unknown methods, unreadable arguments, undeclared exceptions and internal
 *   failures answered as Thrift prescribes
 *
 * `client/`: `connectThrift()`: a `CassandraService` over one connection, generated from the
 * compiled IDL (what `ilium cli` and the TS API's Thrift mode use)
 *
 * `service/`: the Cassandra 0.7 Thrift service (`interface/cassandra.thrift`, plus 0.8's counter
 * calls) as `CassandraService` (`cassandra-service.ts`, wire-shaped values) and its exceptions
 * (`thrift-exceptions.ts`: `toThriftException` maps Ilium's errors);
 * - `thrift-session.ts`: `ThriftSession`, one per client connection over this node's data —
 *   keyspace and login state with 0.7's checks and messages, data calls through `LocalOperations`,
 *   schema calls through the `SchemaKeeper` with schema-change events for CQL clients, describe
 *   calls from `NodeInfo` — describe_ring from the cluster's ring when the node gives one
 *   (`ThriftSessionDeps.ring`, filled by `src/server/describe-ring.ts`: a range per ring token with
 *   the keyspace's natural replicas, their gossiped rpc addresses and data centre/rack as
 *   rpc_endpoints and endpoint_details), else this node's own tokens;
 * - `schema-structs.ts` (KsDef/CfDef/ColumnDef ↔ schema definitions; fields without an equivalent
 *   echoed with defaults); counters as 8-byte cells shared with CQL (`counter-columns.ts`: which
 *   calls each kind of column family takes, counter-shaped reads; `counter-writes.ts`:
 *   read-modify-write under the CQL layer's partition lock, whole batches checked before writing);
 * - `thrift-login.ts` (credentials → the transport's `Authenticator` as SASL PLAIN);
 * - `describe-splits.ts` (token range cut every N rows)
 */
export {};
