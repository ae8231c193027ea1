/**
 * `ilium/testing`: an Ilium node for each test file of an application's suite, as others run
 * theirs against DynamoDB Local (docs/EMBEDDING.md, "A node in your tests").
 *
 * - `test-node.ts` (`startTestNode`: in memory, CQL on a free port, keyspace and schema, `stop`)
 */
export * from './test-node.js';
