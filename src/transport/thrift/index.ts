/**
 * Thrift's binary protocol and framed transport: codec, server and client connection (no Cassandra
 * knowledge).
 *
 * Thrift's binary protocol and framed transport, knowing nothing of Cassandra:
 * - `thrift-wire.ts` (type ids, message types, TApplicationException codes),
 * - `thrift-reader.ts` (bounds-checked; sizes checked against the bytes left before allocating;
 *   strict and old message headers; UTF-8 checked strings; `skip` with a depth cap),
 * - `thrift-writer.ts` (one buffer, frames back-patched),
 * - `frame-splitter.ts` (frames from a byte stream; oversized frames answered from their head and
 *   skipped; unframed or foreign streams fatal),
 * - `thrift-connection.ts` (one message at a time per connection, replies in order, a large reply
 *   encoded a step per turn of the loop, backpressure, small frames until a required login),
 * - `thrift-server.ts`,
 * - `application-exception.ts`,
 * - `thrift-client-connection.ts` (calls matched to replies by sequence id)
 */
export * from './thrift-wire.js';
export * from './thrift-protocol-error.js';
export * from './thrift-reader.js';
export * from './thrift-writer.js';
export * from './frame-splitter.js';
export * from './application-exception.js';
export * from './thrift-connection.js';
export * from './thrift-server.js';
export * from './thrift-client-connection.js';
