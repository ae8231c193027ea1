/**
 * StorageService on its own (storage opened on a SimEnv, no client servers): a lone node is a
 * ring of one at once, with its tokens, host id and schema version in gossip; a bad snitch fails
 * the start and frees the storage port again; stop announces and is idempotent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveNodeConfig } from '../config/index.js';
import { openNodeStorage } from '../db/index.js';
import { Murmur3Partitioner } from '../dht/index.js';
import { createSimEnv } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { DEFAULT_LOCATION, endpoint } from '../locator/index.js';
import { simAwait } from '../../test/support/net-sim.js';
import { StorageService } from './storage-service.js';

test('a lone node is a ring of one at once; a bad snitch fails cleanly; stop is idempotent', async () => {
  const env = createSimEnv(11);
  const partitioner = new Murmur3Partitioner();
  const { engine, keeper } = await simAwait(env, openNodeStorage({ env, dataDir: '/n', partitioner, options: { commitlogSync: 'batch' } }));
  const make = (more: Record<string, unknown> = {}) =>
    new StorageService({
      env, partitioner, keeper,
      config: resolveNodeConfig({ data_file_directories: ['/n'], ...more }).config,
      location: { ...DEFAULT_LOCATION, preferLocal: false },
      hostId: '00000000-0000-4000-8000-000000000001',
      tokens: ['-10', '10'],
      releaseVersion: '4.0.11',
      native: () => ({ host: '127.0.0.1', port: 9042 }),
      load: () => 1234,
    });
  const bad = make({ endpoint_snitch: 'Ec2Snitch' });
  await assert.rejects(simAwait(env, bad.start()), ConfigurationError);

  const svc = make();
  await simAwait(env, svc.start());
  const me = endpoint('127.0.0.1:7000');
  assert.equal(svc.localEndpoint, me, 'the storage port is free again after the failed start');
  assert.deepEqual(svc.ring().normalEndpoints(), [me]);
  assert.deepEqual(svc.ring().tokensOf(me).map(String), ['-10', '10']);
  assert.equal(svc.ring().hostIdOf(me), '00000000-0000-4000-8000-000000000001');
  assert.deepEqual(svc.liveEndpoints(), [me]);
  assert.ok(svc.isAlive(me));
  assert.deepEqual(svc.peers(), []);
  assert.deepEqual([...svc.schemaVersions()], [[keeper.schema.version, ['127.0.0.1']]]);
  const st = svc.endpointState(me)!;
  assert.equal(st.states.get('NATIVE_ADDRESS_AND_PORT')?.value, '127.0.0.1:9042');
  assert.equal(st.states.get('LOAD')?.value, '1234');
  assert.equal(st.states.get('RPC_READY')?.value, 'true');

  await simAwait(env, svc.stop());
  await simAwait(env, svc.stop());
  assert.equal(svc.isRunning, false);
  await simAwait(env, engine.close());
});
