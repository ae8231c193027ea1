/** The CQL server: connections, their state machine, authentication, and the query-layer seam. */
export * from './authenticator.js';
export * from './connection-limiter.js';
export * from './cql-connection.js';
export * from './cql-request-handler.js';
export * from './cql-server.js';
export * from './frame-reader.js';
export * from './password-authenticator.js';
export * from './pre-auth-budget.js';
export * from './request-data-limits.js';
export * from './server-options.js';
export * from './socket-listener.js';
export * from './startup.js';
export * from './transport-logger.js';
