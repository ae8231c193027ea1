/**
 * `IliumError` and its typed subclasses, each with a native-protocol error code (`error-codes.ts`)
 */
export * from './error-codes.js';
export * from './ilium-error.js';
export * from './request-errors.js';
