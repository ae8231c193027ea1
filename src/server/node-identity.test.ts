/** The node identity's bootstrap and decommission marks: new, kept, legacy files, refusal after decommission. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPartitioner } from '../dht/index.js';
import { createSimEnv } from '../env/index.js';
import { NODE_IDENTITY_FILE, loadNodeIdentity, markBootstrapped, markDecommissioned } from './node-identity.js';

const murmur = createPartitioner('org.apache.cassandra.dht.Murmur3Partitioner');

test('a new node that bootstraps is stored not bootstrapped until marked; one that does not is bootstrapped at once', () => {
  const env = createSimEnv(3);
  const joining = loadNodeIdentity(env, '/a', murmur, 'C', 4, true);
  assert.equal(joining.bootstrapped, false);
  assert.equal(loadNodeIdentity(env, '/a', murmur, 'C', 4, true).bootstrapped, false, 'a restart before the end bootstraps again');
  const done = markBootstrapped(env, '/a', joining);
  assert.equal(loadNodeIdentity(env, '/a', murmur, 'C', 4, true).bootstrapped, true);
  assert.deepEqual(loadNodeIdentity(env, '/a', murmur, 'C', 4, true).tokens, done.tokens);
  assert.equal(loadNodeIdentity(env, '/b', murmur, 'C', 4, false).bootstrapped, true);
});

test('identity files from before bootstrap count as bootstrapped; a decommissioned node refuses to start', () => {
  const env = createSimEnv(4);
  const id = loadNodeIdentity(env, '/c', murmur, 'C', 1, false);
  const path = `/c/${NODE_IDENTITY_FILE}`;
  const legacy = JSON.parse(env.fs.readFileSync(path).toString('utf8')) as Record<string, unknown>;
  delete legacy.bootstrapped;
  const fd = env.fs.openSync(path, 'w');
  const bytes = Buffer.from(JSON.stringify(legacy));
  env.fs.writeSync(fd, bytes, 0, bytes.length, 0);
  env.fs.closeSync(fd);
  assert.equal(loadNodeIdentity(env, '/c', murmur, 'C', 1, true).bootstrapped, true);
  markDecommissioned(env, '/c', id);
  assert.throws(() => loadNodeIdentity(env, '/c', murmur, 'C', 1, true), /decommissioned and will not rejoin the ring/);
});

test('initial_token gives a new node exactly those tokens, checked against num_tokens; an existing identity keeps its own', () => {
  const env = createSimEnv(5);
  const id = loadNodeIdentity(env, '/t', murmur, 'C', 2, false, '-3074457345618258603, 3074457345618258602');
  assert.deepEqual(id.tokens, ['-3074457345618258603', '3074457345618258602']);
  assert.deepEqual(loadNodeIdentity(env, '/t', murmur, 'C', 2, false, '1,2').tokens, id.tokens, 'kept on restart');
  assert.throws(() => loadNodeIdentity(env, '/u', murmur, 'C', 3, false, '1,2'), /different from num_tokens value \(3\)/);
  assert.throws(() => loadNodeIdentity(env, '/v', murmur, 'C', 1, false, 'abc'), /initial_token entry 'abc' is not a Murmur3Partitioner token/);
  assert.equal(env.fs.existsSync(`/u/${NODE_IDENTITY_FILE}`), false, 'a refused configuration stores nothing');
});
