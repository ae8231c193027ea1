/**
 * An application's test suite on `ilium/testing` (here imported from the source tree; an
 * application writes `import { startTestNode } from 'ilium/testing'`): one fresh in-memory node
 * for this file, its schema loaded, the app's driver pointed at it, everything gone after.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type TestNode, startTestNode } from '../../src/testing/index.js';
import { TODO_SCHEMA, Todos } from './todos.js';

let node: TestNode;
let client: cassandra.Client;
let todos: Todos;

before(async () => {
  node = await startTestNode({ keyspace: 'todo_app', schema: TODO_SCHEMA });
  client = new cassandra.Client({ contactPoints: [node.contactPoint], localDataCenter: node.localDataCenter, keyspace: 'todo_app' });
  todos = new Todos(client);
});

after(async () => {
  await client.shutdown();
  await node.stop();
});

test('todos come back newest first', async () => {
  await todos.add('ann', 'buy milk');
  await todos.add('ann', 'write tests');
  assert.deepEqual((await todos.list('ann')).map((t) => t.title), ['write tests', 'buy milk']);
});

test('marking one done changes only that one', async () => {
  const id = await todos.add('bob', 'ship it');
  await todos.add('bob', 'celebrate');
  await todos.markDone('bob', id);
  assert.deepEqual((await todos.list('bob')).map((t) => [t.title, t.done]), [['celebrate', false], ['ship it', true]]);
});

test('the test can look at the data directly through the embedded database', async () => {
  const { rows } = await node.db.execute('SELECT count(*) AS n FROM todo_app.todos WHERE owner = ?', ['ann']);
  assert.equal(rows[0]!['n'], 2n);
});
