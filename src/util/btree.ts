import sortedBtree from 'sorted-btree';

/**
 * The B+tree behind memtables (npm `sorted-btree`, see docs/DEPENDENCIES.md). The package is
 * CommonJS with its class on `default`; this module gives ESM code a plain constructor and type.
 */
export const BTree = sortedBtree.default;
export type BTree<K, V> = sortedBtree.default<K, V>;
