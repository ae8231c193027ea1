/** Keyspace versions across restarts: kept stamps load back only while they still describe the stored schema. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv, SeededRandom } from '../env/index.js';
import { createKeyspace, keyspaceToJson, Schema } from '../schema/index.js';
import { KEYSPACE_VERSIONS_FILE, loadKeyspaceVersions, storeKeyspaceVersions } from './keyspace-versions-file.js';

test('stamps and tombstones survive; a stale stamp or a resurrected keyspace falls back to 0; garbage is ignored', () => {
  const env = createSimEnv(5);
  env.fs.mkdirSync('/d');
  const random = new SeededRandom(3);
  const a = createKeyspace({ name: 'a' }, random);
  const b = createKeyspace({ name: 'b', durableWrites: false }, random);
  const schema = Schema.of([a, b]);
  assert.deepEqual([...loadKeyspaceVersions(env.fs, '/d', schema).values()].map((v) => v.stamp), [0n, 0n], 'no file: stamp 0');
  storeKeyspaceVersions(env.fs, '/d', [
    { name: 'a', stamp: 10n, definition: keyspaceToJson(a) },
    { name: 'b', stamp: 11n, definition: keyspaceToJson(createKeyspace({ name: 'b' }, random)) },
    { name: 'gone', stamp: 12n, definition: null },
    { name: 'back', stamp: 13n, definition: null },
  ]);
  const back = createKeyspace({ name: 'back' }, random);
  const loaded = loadKeyspaceVersions(env.fs, '/d', Schema.of([a, b, back]));
  assert.equal(loaded.get('a')!.stamp, 10n);
  assert.equal(loaded.get('b')!.stamp, 0n, 'the stored definition changed after the stamp: unknown');
  assert.deepEqual(loaded.get('gone'), { name: 'gone', stamp: 12n, definition: null });
  assert.equal(loaded.get('back')!.stamp, 0n, 'a tombstone of a keyspace that exists again is dropped');
  const fd = env.fs.openSync(`/d/${KEYSPACE_VERSIONS_FILE}`, 'w');
  env.fs.writeSync(fd, Buffer.from('{not json'), 0, 9, 0);
  env.fs.closeSync(fd);
  assert.equal(loadKeyspaceVersions(env.fs, '/d', schema).get('a')!.stamp, 0n);
});
