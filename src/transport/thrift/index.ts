/** Thrift's binary protocol and framed transport: codec, server and client connection (no Cassandra knowledge). */
export * from './thrift-wire.js';
export * from './thrift-protocol-error.js';
export * from './thrift-reader.js';
export * from './thrift-writer.js';
export * from './frame-splitter.js';
export * from './application-exception.js';
export * from './thrift-connection.js';
export * from './thrift-server.js';
export * from './thrift-client-connection.js';
