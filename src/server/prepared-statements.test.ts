/**
 * The prepared statement cache with the real CQL layer: a text batch prepared, then bound again
 * after a schema change at its next EXECUTE, is bound in paced steps as its PREPARE was (before,
 * that rebind was one step: a batch of thousands of statements held the loop for all of it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prepareStatementPaced } from '../cql/prepare.js';
import { openCqlTestNode } from '../../test/support/cql-test-node.js';
import { PreparedStatements } from './prepared-statements.js';
import type { PacedStatementPreparer } from './statement-preparer.js';

test('a prepared text batch bound again after a schema change is bound in paced steps, as its PREPARE was', async () => {
  const node = await openCqlTestNode();
  try {
    await node.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await node.run('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    /** Each bind's count of paced breaks (one per statement of a batch). */
    const binds: number[] = [];
    const counting: PacedStatementPreparer = (parsed, ctx, keyspace, pace) => {
      const at = binds.push(0) - 1;
      return prepareStatementPaced(parsed, ctx, keyspace, () => {
        binds[at]!++;
        return pace();
      });
    };
    const prepared = new PreparedStatements(node.ctx, counting);
    const statements = 500;
    const text = `BEGIN UNLOGGED BATCH ${Array.from({ length: statements }, (_, i) => `INSERT INTO ks.t (k, v) VALUES (${i}, ?);`).join(' ')} APPLY BATCH`;
    const { id, statement } = await prepared.prepare(text, 'ks');
    assert.equal(statement.bindVariables.length, statements);
    assert.equal(await prepared.get(id), statement, 'same schema: the statement held, not bound again');
    assert.equal(binds.length, 1);
    await node.run('ALTER TABLE ks.t ADD w int');
    const again = prepared.get(id);
    assert.ok(again instanceof Promise, 'bound again in steps: the answer is a promise');
    const fresh = await again;
    assert.notEqual(fresh, statement);
    assert.equal(fresh.bindVariables.length, statements);
    assert.equal(binds.length, 2, 'bound again once');
    assert.ok(binds[1]! >= statements - 1, `the rebind paced between its statements (${binds[1]} breaks; the PREPARE's: ${binds[0]})`);
    assert.equal(prepared.get(id), fresh, 'the new binding is kept');
    // A table dropped: the rebind fails with its error and the entry is dropped.
    await node.run('DROP TABLE ks.t');
    await assert.rejects(async () => prepared.get(id), /^InvalidRequestError: unconfigured table t$|unconfigured table t/);
    assert.throws(() => prepared.get(id), /not found/);
  } finally {
    await node.close();
  }
});
