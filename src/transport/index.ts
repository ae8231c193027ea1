/**
 * The wire protocols, knowing nothing of CQL statements or Cassandra's data (imports only util,
 * errors and env): the CQL native protocol v4/v3 (`docs/PROTOCOL.md`) and, in `thrift/`, Thrift's
 * binary protocol and framed transport. The query layer plugs in as a `CqlRequestHandler`.
 *
 * `protocol/` the codec (frames, body notations, requests, results, errors, events, lz4/snappy,
 * `DataTypeSpec`),
 *
 * `server/` `CqlServer` over `Env.net` (the listener and connection set shared with the Thrift and
 * admin servers: `socket-listener.ts`; the connection caps: `connection-limiter.ts`; request bytes
 * in flight per node and per client IP: `request-data-limits.ts`), one
 * `CqlConnection` per client (framing, state machine, auth, small frames until authenticated,
 * concurrency, backpressure, events; at most `requestsPerTurn` frames per event-loop turn,
 * the next turn asked of the socket with `NetSocket.later`, so a burst's first answers leave while
 * the rest run); the query layer plugs in as a `CqlRequestHandler`
 */
export * from './protocol/index.js';
export * from './server/index.js';
