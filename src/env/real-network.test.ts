import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { RealNetwork } from './real-network.js';
import type { NetSocket } from './network.js';

const HOST = '127.0.0.1';

/** A server that hashes what each connection sends, copying each chunk as the contract asks. */
async function hashingServer(borrowedReads: boolean) {
  const seen: { socket: NetSocket; digest: Promise<string> }[] = [];
  const server = await new RealNetwork().listen({ host: HOST, port: 0, borrowedReads }, (socket) => {
    const hash = createHash('sha256');
    const kept: Buffer[] = [];
    let n = 0;
    const digest = new Promise<string>((resolve) => socket.on('close', () => resolve(hash.update(Buffer.concat(kept)).digest('hex'))));
    socket.on('data', (chunk) => {
      kept.push(Buffer.from(chunk));
      // Pause and resume now and then: lent reads must honour backpressure too.
      if (++n % 7 === 0) {
        socket.pause();
        setTimeout(() => socket.resume(), 1);
      }
    });
    seen.push({ socket, digest });
  });
  return { server, seen };
}

function send(port: number, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = net.connect({ host: HOST, port }, () => c.end(data));
    c.on('error', reject);
    c.on('close', () => resolve());
  });
}

test('a plaintext listener with borrowedReads lends its reads on this node, and every byte arrives in order across connections', async () => {
  const { server, seen } = await hashingServer(true);
  try {
    const payloads = [randomBytes(3 * 1024 * 1024 + 17), randomBytes(5), randomBytes(200_000)];
    await Promise.all(payloads.map((p) => send(server.address().port, p)));
    assert.equal(seen.length, payloads.length);
    // Node versions without the internals fall back to owned reads: this test says so rather than pass quietly.
    for (const s of seen) assert.equal(s.socket.borrowsChunks, true, 'lent reads are active (borrowed-reads.ts found node internals)');
    const want = payloads.map((p) => createHash('sha256').update(p).digest('hex')).sort();
    assert.deepEqual((await Promise.all(seen.map((s) => s.digest))).sort(), want);
  } finally {
    await server.close();
  }
});

test('without borrowedReads chunks are owned', async () => {
  const { server, seen } = await hashingServer(false);
  try {
    const p = randomBytes(100_000);
    await send(server.address().port, p);
    assert.equal(seen[0]!.socket.borrowsChunks, false);
    assert.equal(await seen[0]!.digest, createHash('sha256').update(p).digest('hex'));
  } finally {
    await server.close();
  }
});
