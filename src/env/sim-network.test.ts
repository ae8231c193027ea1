/** The in-process network: delivery, chunking, backpressure, close semantics. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from './seeded-random.js';
import { SimNetwork } from './sim-network.js';
import type { NetSocket } from './network.js';

const tick = () => new Promise<void>((r) => setImmediate(r));

async function pair(net: SimNetwork): Promise<{ client: NetSocket; server: NetSocket }> {
  let accepted: NetSocket | undefined;
  await net.listen({ host: '127.0.0.1', port: 9042 }, (s) => (accepted = s));
  const client = await net.connect({ host: '127.0.0.1', port: 9042 });
  await tick();
  assert.ok(accepted);
  return { client, server: accepted };
}

test('bytes arrive in order, cut and glued at random boundaries', async () => {
  const net = new SimNetwork({ random: new SeededRandom(7), maxSegmentBytes: 13 });
  const { client, server } = await pair(net);
  const got: Buffer[] = [];
  let chunks = 0;
  server.on('data', (c) => {
    got.push(c);
    chunks++;
    assert.ok(c.length >= 1 && c.length <= 13);
  });
  const sent: Buffer[] = [];
  for (let i = 0; i < 50; i++) {
    const b = Buffer.alloc(i, i);
    sent.push(b);
    client.write(b);
  }
  await tick();
  assert.deepEqual(Buffer.concat(got), Buffer.concat(sent));
  assert.ok(chunks > 50);
});

test('connect to nothing is refused; a second listen on an address fails', async () => {
  const net = new SimNetwork();
  await assert.rejects(net.connect({ host: '127.0.0.1', port: 1 }), /ECONNREFUSED/);
  const s = await net.listen({ host: '127.0.0.1', port: 0 }, () => {});
  await assert.rejects(net.listen(s.address(), () => {}), /EADDRINUSE/);
  await s.close();
  await assert.rejects(net.connect(s.address()), /ECONNREFUSED/);
});

test('write reports backpressure; drain follows once the reader consumes', async () => {
  const net = new SimNetwork({ highWaterMark: 100 });
  const { client, server } = await pair(net);
  server.pause();
  let drained = 0;
  client.on('drain', () => drained++);
  assert.equal(client.write(Buffer.alloc(60)), true);
  assert.equal(client.write(Buffer.alloc(60)), false);
  assert.equal(client.pendingWriteBytes, 120);
  await tick();
  assert.equal(drained, 0, 'a paused reader consumes nothing');
  let n = 0;
  server.on('data', (c) => (n += c.length));
  server.resume();
  await tick();
  assert.equal(n, 120);
  assert.equal(drained, 1);
  assert.equal(client.pendingWriteBytes, 0);
});

test('end delivers pending bytes, then both ends close once', async () => {
  const net = new SimNetwork();
  const { client, server } = await pair(net);
  let got = 0;
  const closes = { client: 0, server: 0 };
  server.on('data', (c) => (got += c.length));
  server.on('close', () => closes.server++);
  client.on('close', () => closes.client++);
  client.write(Buffer.alloc(10));
  client.end();
  assert.equal(client.write(Buffer.alloc(1)), false, 'no writes after end');
  await tick();
  await tick();
  assert.equal(got, 10);
  assert.deepEqual(closes, { client: 1, server: 1 });
  assert.ok(client.closed && server.closed);
});

test('destroy closes at once; the peer still reads what was sent, then closes', async () => {
  const net = new SimNetwork();
  const { client, server } = await pair(net);
  let got = 0;
  let serverClosed = false;
  server.on('data', (c) => (got += c.length));
  server.on('close', () => (serverClosed = true));
  client.write(Buffer.alloc(5));
  client.destroy();
  assert.ok(client.closed);
  await tick();
  assert.equal(got, 5);
  assert.ok(serverClosed);
});
