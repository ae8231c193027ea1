/** Handshakes between services and raw peers: refusals are logged and close; bad input never crashes a node. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { NetSocket, SimEnv } from '../env/index.js';
import { newSimEnv, runFor, settle, simAwait, startSimNode, startSimNodes } from '../../test/support/net-sim.js';
import { encodeFrame, FrameDecoder } from './frame.js';
import { decodeReply, encodeHello, PROTOCOL_VERSION, type Hello } from './handshake.js';
import { endpoint, type InetAddressAndPort } from './inet-address.js';
import { encodeMessage } from './message-codec.js';
import { MessagingTimeoutError } from './net-errors.js';

/** A hand-driven peer: writes raw bytes, collects the frames and the close. */
async function rawPeer(env: SimEnv, to: InetAddressAndPort) {
  const socket: NetSocket = await env.net.connect(to);
  const decoder = new FrameDecoder(1 << 20);
  const frames: Buffer[] = [];
  let closed = false;
  socket.on('data', (c) => frames.push(...decoder.push(c)));
  socket.on('close', () => (closed = true));
  return { socket, frames, isClosed: () => closed };
}

const HELLO: Hello = { version: PROTOCOL_VERSION, connectionType: 'small', from: endpoint('127.0.0.7', 7000), clusterName: 'Test Cluster' };

test('an unknown protocol version is refused with a reason and the connection closed', async () => {
  const env = newSimEnv(1);
  const [b] = await startSimNodes(env, 1);
  const peer = await rawPeer(env, b!.messaging.address);
  peer.socket.write(encodeFrame(encodeHello({ ...HELLO, version: 2 })));
  await settle();
  assert.equal(peer.frames.length, 1);
  const reply = decodeReply(peer.frames[0]!);
  assert.deepEqual(reply, { version: 1, accepted: false, reason: 'unsupported internode protocol version 2 (this node speaks 1)' });
  assert.ok(peer.isClosed());
  const refused = b!.logger.entries.find((e) => e.event === 'internode_handshake_refused');
  assert.match(String(refused?.fields.reason), /unsupported internode protocol version 2/);
});

test('a node of another cluster is refused on both sides; its requests time out', async () => {
  const env = newSimEnv(2);
  const a = await startSimNode(env, '127.0.0.1', { clusterName: 'Other Cluster' });
  const b = await startSimNode(env, '127.0.0.2');
  b.messaging.registerHandler('ECHO', (_m, reply) => reply.respond(Buffer.from('x')));
  const p = a.messaging.request(b.messaging.address, { verb: 'ECHO', payload: Buffer.alloc(0) }, { timeoutMs: 1000 });
  await assert.rejects(simAwait(env, p), MessagingTimeoutError);
  for (const n of [a, b]) {
    const e = n.logger.entries.find((x) => x.event === 'internode_handshake_refused');
    assert.match(String(e?.fields.reason), /cluster name mismatch: peer is in 'Other Cluster', this node in 'Test Cluster'/);
  }
  assert.equal(b.messaging.metrics.of(a.messaging.address).received, 0);
});

test('garbage, corrupted frames and silent peers close their connection; the node keeps serving', async () => {
  const env = newSimEnv(3);
  const [a, b] = await startSimNodes(env, 2, { handshakeTimeoutMs: 500 });
  b!.messaging.registerHandler('ECHO', (_m, reply) => reply.respond(Buffer.from('ok')));
  const to = b!.messaging.address;

  const http = await rawPeer(env, to);
  http.socket.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
  await settle();
  assert.ok(http.isClosed());

  const corrupt = await rawPeer(env, to);
  corrupt.socket.write(encodeFrame(encodeHello(HELLO)));
  const frame = encodeFrame(encodeMessage({ id: 1, verb: 'ECHO', kind: 'oneway', from: HELLO.from, createdAtMs: 0, expiresAtMs: 1e15, payload: Buffer.from('hello') }, 0));
  frame[frame.length - 6] = frame[frame.length - 6]! ^ 0x10;
  corrupt.socket.write(frame);
  await settle();
  assert.ok(corrupt.isClosed());

  const silent = await rawPeer(env, to);
  await runFor(env, 499);
  assert.ok(!silent.isClosed());
  await runFor(env, 2);
  assert.ok(silent.isClosed());

  const reasons = b!.logger.entries.filter((e) => e.event === 'internode_connection_closed').map((e) => String(e.fields.reason));
  assert.equal(reasons.length, 3);
  assert.match(reasons[0]!, /header checksum mismatch/);
  assert.match(reasons[1]!, /body checksum mismatch/);
  assert.match(reasons[2]!, /no handshake in time/);
  const rsp = await simAwait(env, a!.messaging.request(to, { verb: 'ECHO', payload: Buffer.alloc(0) }));
  assert.equal(Buffer.from(rsp.payload).toString(), 'ok');
});

test('an unknown verb number is counted and answered, and the connection stays usable', async () => {
  const env = newSimEnv(4);
  const [a, b] = await startSimNodes(env, 2);
  let syns = 0;
  b!.messaging.registerHandler('GOSSIP_DIGEST_SYN', () => void syns++);
  const peer = await rawPeer(env, b!.messaging.address);
  // The raw peer claims to be node A, so B's FAILURE_RSP goes to A (which waits for nothing).
  peer.socket.write(encodeFrame(encodeHello({ ...HELLO, from: a!.messaging.address })));
  const body = encodeMessage({ id: 77, verb: 'ECHO', kind: 'request', from: HELLO.from, createdAtMs: 0, expiresAtMs: env.clock.nowMs() + 1000, payload: Buffer.alloc(0) }, env.clock.nowMs());
  body.writeUInt16BE(0x7777, 1);
  peer.socket.write(encodeFrame(body));
  const syn = encodeMessage({ id: 78, verb: 'GOSSIP_DIGEST_SYN', kind: 'oneway', from: HELLO.from, createdAtMs: 0, expiresAtMs: env.clock.nowMs() + 1000, payload: Buffer.alloc(0) }, env.clock.nowMs());
  peer.socket.write(encodeFrame(syn));
  await runFor(env, 10);
  assert.ok(!peer.isClosed());
  assert.equal(syns, 1);
  assert.equal(b!.messaging.metrics.of(a!.messaging.address).dropped.unknownVerb, 1);
  assert.ok(b!.logger.events('warn').includes('internode_unknown_verb'));
  assert.equal(a!.messaging.metrics.of(b!.messaging.address).dropped.unmatched, 1, 'the FAILURE_RSP for id 77 reached A');
});
