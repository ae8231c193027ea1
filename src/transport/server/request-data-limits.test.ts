/** Request bytes in flight, per node and per client IP: the counts, and the server's two answers to "over". */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimEnv } from '../../env/index.js';
import { ErrorCode } from '../../errors/index.js';
import { CqlWireClient } from '../../../test/support/cql-wire-client.js';
import { FakeCqlHandler } from '../../../test/support/fake-cql-handler.js';
import { CqlServer } from './cql-server.js';
import { RequestDataLimits } from './request-data-limits.js';
import { RecordingLogger } from './transport-logger.js';

test('limits: tryAllocate refuses past either limit, allocate counts anyway, release says when within', () => {
  const l = new RequestDataLimits({ bytesMax: 1000, perIpBytesMax: 600 });
  assert.equal(l.tryAllocate('a', 500), true);
  assert.equal(l.tryAllocate('a', 200), false, 'per-IP limit');
  assert.equal(l.tryAllocate('b', 501), false, 'node limit: 500 + 501 > 1000');
  assert.equal(l.bytesInFlight, 500);
  assert.equal(l.allocate('a', 200), false, 'counted though over the per-IP limit');
  assert.equal(l.bytesInFlightFrom('a'), 700);
  assert.equal(l.describe('a'), 'Endpoint: 700/600 bytes, Global: 700/1000 bytes.');
  assert.equal(l.release('a', 200), true);
  assert.equal(l.release('a', 500), true);
  assert.equal(l.bytesInFlight, 0);
  assert.throws(() => l.release('a', 1), /invariant violated: release of 1 bytes/);
});

/** A QUERY whose frame body is about `bytes` long (the padding rides as a bound value the fake ignores). */
const big = (query: string, bytes: number) =>
  ({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [Buffer.alloc(bytes)], skipMetadata: false } }) as const;

async function setup(perIpBytesMax: number) {
  const env = createSimEnv(7);
  const fake = new FakeCqlHandler();
  const server = new CqlServer(env, fake, { port: 9042, logger: new RecordingLogger(), nativeTransportMaxRequestDataInFlightPerIpBytes: perIpBytesMax });
  const address = await server.start();
  return { fake, connect: () => CqlWireClient.connect(env.net, address) };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

test('THROW_ON_OVERLOAD=true: a request past the per-IP bytes in flight is answered OVERLOADED, not run', async () => {
  const { fake, connect } = await setup(4096);
  const c = await connect();
  assert.equal((await c.startup(undefined, { THROW_ON_OVERLOAD: 'true' })).response.opcode, 'READY');
  const first = [c.request(big('BLOCK gate', 1500)), c.request(big('BLOCK gate', 1500))];
  await turns(10);
  assert.equal(fake.blocked('gate'), 2);
  const refused = await c.request(big('BLOCK gate', 1500));
  assert.equal(refused.response.opcode, 'ERROR');
  const error = refused.response.opcode === 'ERROR' ? refused.response.error : undefined;
  assert.equal(error?.code, ErrorCode.OVERLOADED);
  assert.match(error?.message ?? '', /^Request breached limit on bytes in flight\. \(Endpoint: \d+\/4096 bytes, Global: \d+\/134217728 bytes\.\) Server is currently in an overloaded state/);
  assert.equal(fake.blocked('gate'), 2, 'the refused request never ran');
  fake.release('gate');
  await Promise.all(first);
  const after = c.request(big('BLOCK gate', 1500));
  await turns(10);
  assert.equal(fake.blocked('gate'), 1, 'once the bytes are released, requests are taken again');
  fake.release('gate');
  assert.equal((await after).response.opcode, 'RESULT');
});

test('without THROW_ON_OVERLOAD: over the limit the server stops reading (backpressure); every request is answered', async () => {
  const { fake, connect } = await setup(4096);
  const c = await connect();
  await c.startup();
  const other = await connect();
  await other.startup();
  const pending = Array.from({ length: 10 }, () => c.request(big('BLOCK gate', 1500)));
  await turns(20);
  assert.equal(fake.blocked('gate'), 3, 'two fit, the third passes the limit and runs, then reading stops');
  // Another client from the same IP is still served: its request runs, then it waits its turn too.
  const served = other.request(big("SELECT * FROM system.local WHERE key='local'", 10));
  assert.equal((await served).response.opcode, 'RESULT');
  let answered = 0;
  while (answered < 10) {
    const running = fake.blocked('gate');
    assert.ok(running <= 3, `${running} requests ran at once past a 4096-byte limit`);
    fake.release('gate');
    await turns(20);
    answered += running;
  }
  const answers = await Promise.all(pending);
  assert.equal(answers.filter((a) => a.response.opcode === 'RESULT').length, 10);
});
