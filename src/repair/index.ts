export * from './merkle-tree.js';
