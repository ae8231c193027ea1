/**
 * The CQL native protocol transport (DESIGN §4): the v4 codec (`protocol/`) and the server
 * (`server/`). It knows nothing of CQL statements: the query layer implements
 * `CqlRequestHandler`.
 */
export * from './protocol/index.js';
export * from './server/index.js';
