/** The package entry: the embedded TypeScript API (`import { open, TimeUUID } from 'ilium'`). */
export * from './api/index.js';
