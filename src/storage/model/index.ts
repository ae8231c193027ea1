export * from './cell.js';
export * from './deletion.js';
export * from './partition-update.js';
export * from './partition-data.js';
export * from './cell-name.js';
export * from './commit-log-position.js';
