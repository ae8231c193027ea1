export * from './env.js';
export * from './real-env.js';
