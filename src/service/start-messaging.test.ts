/** Messaging start: a lone node whose storage port is taken listens elsewhere; a node with other seeds refuses. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { endpoint, endpointKey } from '../net/index.js';
import { RecordingNetLogger } from '../../test/support/net-sim.js';
import { isLoneNode, startMessaging } from './start-messaging.js';

test('a lone node falls back to a free port when storage_port is taken; others fail clearly', async () => {
  const env = createSimEnv(3);
  const listen = endpoint('127.0.0.1', 7000);
  const logger = new RecordingNetLogger();
  const first = await startMessaging({ env, listen, seeds: [], clusterName: 'C', logger });
  assert.equal(endpointKey(first.address), '127.0.0.1:7000');
  assert.ok(isLoneNode(listen, [listen]) && !isLoneNode(listen, [endpoint('127.0.0.2')]));
  const second = await startMessaging({ env, listen, seeds: [listen], clusterName: 'C', logger });
  assert.notEqual(second.address.port, 7000);
  assert.deepEqual(logger.events('warn'), ['storage_port_in_use']);
  await assert.rejects(startMessaging({ env, listen, seeds: [endpoint('127.0.0.2')], clusterName: 'C', logger }), (e: unknown) => {
    assert.ok(e instanceof ConfigurationError);
    assert.match(e.message, /cannot listen for other nodes on 127\.0\.0\.1:7000: the port is in use \(listen_address, storage_port\)/);
    return true;
  });
  await first.shutdown();
  await second.shutdown();
});
