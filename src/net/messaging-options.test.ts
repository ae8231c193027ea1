/** Messaging options: defaults and what the node configuration implies. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_NODE_CONFIG } from '../config/index.js';
import { createSimEnv } from '../env/index.js';
import { messagingOptionsFromConfig, resolveMessagingOptions } from './messaging-options.js';

test('the node configuration names the listen endpoint and the cluster; the rest defaults', () => {
  const env = createSimEnv(1);
  const o = messagingOptionsFromConfig({ ...DEFAULT_NODE_CONFIG, listen_address: '127.0.0.4', cluster_name: 'Ring' }, env);
  assert.deepEqual(o.listen, { host: '127.0.0.4', port: 7000 });
  assert.equal(o.clusterName, 'Ring');
  const r = resolveMessagingOptions(o);
  assert.equal(r.maxFrameBytes, 32 * 1024 * 1024);
  assert.equal(r.outboundQueueMax, 8192);
  assert.equal(r.broadcast, undefined);
});
