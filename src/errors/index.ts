export * from './error-codes.js';
export * from './ilium-error.js';
export * from './request-errors.js';
