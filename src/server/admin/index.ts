export * from './admin-wire.js';
export * from './admin-connection.js';
export * from './admin-server.js';
export * from './node-admin.js';
