import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConfigText } from '../config/index.js';
import { ConfigurationError } from '../errors/index.js';
import { createSimEnv } from '../env/index.js';
import { endpoint, MessagingService } from '../net/index.js';
import { gossiperOptionsFromConfig } from './gossiper-options.js';
import { Gossiper } from './gossiper.js';

test('seeds and phi_convict_threshold come from cassandra.yaml names', () => {
  const yaml = [
    'phi_convict_threshold: 12',
    'storage_port: 7001',
    'seed_provider:',
    '    - class_name: org.apache.cassandra.locator.SimpleSeedProvider',
    '      parameters:',
    '          - seeds: "127.0.0.1,127.0.0.2:7005"',
  ].join('\n');
  const { config, ignoredKeys } = parseConfigText(yaml, 'c.yaml');
  assert.deepEqual(ignoredKeys, []);
  const env = createSimEnv(1);
  const messaging = new MessagingService({ env, listen: endpoint('127.0.0.1', 7001), clusterName: config.cluster_name });
  const o = gossiperOptionsFromConfig(config, { env, messaging, local: endpoint('127.0.0.1', 7001) });
  assert.deepEqual(o.seeds, [endpoint('127.0.0.1', 7001), endpoint('127.0.0.2', 7005)]);
  assert.equal(o.phiConvictThreshold, 12);
  assert.equal(o.clusterName, 'Test Cluster');
  const g = new Gossiper(o);
  assert.equal(g.failureDetector.phiConvictThreshold, 12);
  assert.equal(g.isSeed(endpoint('127.0.0.2', 7005)), true);
  assert.equal(g.isSeed(endpoint('127.0.0.1', 7001)), false, 'a node is not its own seed target');
});

test('phi_convict_threshold defaults to 8 and must lie in 5..16', () => {
  assert.equal(parseConfigText('', 'x.yaml').config.phi_convict_threshold, 8);
  assert.throws(() => parseConfigText('phi_convict_threshold: 4', 'x.yaml'), (e: unknown) => e instanceof ConfigurationError && /between 5 and 16/.test(e.message));
  assert.throws(() => parseConfigText('phi_convict_threshold: 17', 'x.yaml'), ConfigurationError);
});
