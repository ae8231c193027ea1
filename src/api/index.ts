/** The TypeScript API (`import { open, TimeUUID } from 'ilium'`): Ruby- and pycassa-style access to keyspaces and column families. */
export * from './js-values.js';
export * from './time-uuid.js';
export * from './operations-backend.js';
export * from './embedded-backend.js';
export type { KeyRangeOptions } from './column-family-access.js';
export * from './batch.js';
export * from './index-clause.js';
export * from './keyspace.js';
export * from './column-family.js';
export * from './cql-table-handle.js';
export * from './ilium.js';
export * from './open.js';
export { connect, type ConnectOptions } from './remote/connect.js';
export { RemoteBackend } from './remote/remote-backend.js';
export { IliumError, InvalidRequestError, MarshalError, NotFoundError, EngineStateError, OverloadedError } from '../errors/index.js';
