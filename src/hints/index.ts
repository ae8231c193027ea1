export * from './hint-record.js';
export * from './hints-file-reader.js';
export * from './hints-store.js';
export * from './hints-dispatcher.js';
export * from './hints-service.js';
