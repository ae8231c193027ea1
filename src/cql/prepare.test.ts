/** The statement dispatcher and USE: known keyspaces only, clear errors for what is not supported. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../errors/index.js';
import { createKeyspace } from '../schema/index.js';
import { openCqlTestNode } from '../../test/support/cql-test-node.js';

test('USE sets the session keyspace; an unknown keyspace is an InvalidRequestError', async () => {
  const n = await openCqlTestNode();
  try {
    await assert.rejects(n.run('USE nope'), (e: unknown) => e instanceof InvalidRequestError && /Keyspace 'nope' does not exist/.test(e.message));
    assert.equal(n.state.keyspace, undefined);
    await n.ctx.keeper.addKeyspace(createKeyspace({ name: 'ks1' }, n.env.random));
    assert.deepEqual(await n.run('USE ks1'), { kind: 'setKeyspace', keyspace: 'ks1' });
    assert.equal(n.state.keyspace, 'ks1');
  } finally {
    await n.close();
  }
});

test('a statement kind without an executor is refused by name', async () => {
  const n = await openCqlTestNode();
  try {
    assert.throws(() => n.prepare('CREATE TRIGGER t ON ks.t USING \'x\''), (e: unknown) => e instanceof InvalidRequestError && /CREATE TRIGGER statements are not supported/.test(e.message));
  } finally {
    await n.close();
  }
});
