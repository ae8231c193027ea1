/**
 * Limits before login on the CQL server (simulated network): frames above preAuthFrameBytesMax
 * before STARTUP or before AUTH_SUCCESS are answered PROTOCOL_ERROR and the connection closed
 * without waiting for (or reading) the body; after authentication the full frame limit applies;
 * native_transport_max_concurrent_connections and _per_ip close connections over the caps.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../../env/index.js';
import { ErrorCode } from '../../errors/index.js';
import { HEADER_LENGTH, buildFrame, encodeRequestFrame } from '../protocol/index.js';
import { CqlServer } from './cql-server.js';
import { PasswordAuthenticator } from './password-authenticator.js';
import { RecordingLogger } from './transport-logger.js';
import { type CqlServerOptions, preAuthFrameBytesMax } from './server-options.js';
import { CqlWireClient } from '../../../test/support/cql-wire-client.js';
import { FakeCqlHandler } from '../../../test/support/fake-cql-handler.js';

/** Lets the simulated network deliver everything queued (it delivers in microtasks). */
const settled = () => new Promise<void>((r) => setImmediate(r));

async function setup(options: Partial<CqlServerOptions> = {}) {
  const env = createSimEnv(7);
  const logger = new RecordingLogger();
  const server = new CqlServer(env, new FakeCqlHandler(), { port: 9042, logger, ...options });
  const address = await server.start();
  return { env, logger, server, connect: () => CqlWireClient.connect(env.net, address) };
}

const password = () => new PasswordAuthenticator(new Map([['cassandra', 'cassandra']]));

/** A QUERY frame header announcing `length` body bytes, without the body. */
function headerOnly(stream: number, length: number): Buffer {
  const h = Buffer.alloc(HEADER_LENGTH);
  h.set([4, 0, 0, stream, 0x07]);
  h.writeInt32BE(length, 5);
  return h;
}

function errorOf(body: Buffer): { code: number; message: string } {
  return { code: body.readInt32BE(0), message: body.subarray(6, 6 + body.readUInt16BE(4)).toString() };
}

/** Resolves with the frame answering `stream`, then waits for the server's close. */
async function refused(c: CqlWireClient, bytes: Buffer, stream: number): Promise<string> {
  const answer = await c.requestRaw(bytes, stream);
  await c.closed;
  const e = errorOf(answer.body);
  assert.equal(e.code, ErrorCode.PROTOCOL_ERROR);
  return e.message;
}

test('the bound before authentication is 256 KiB by default, and never above the frame limit', async () => {
  assert.equal(preAuthFrameBytesMax, 256 * 1024);
  const small = await setup({ nativeTransportMaxFrameSizeInMb: 1 / 1024 });
  const c = await small.connect();
  const message = await refused(c, headerOnly(1, 2048), 1);
  assert.match(message, /exceeds the 1024-byte limit before STARTUP/);
});

test('before STARTUP: a header above the bound is refused and the connection closed, its body never sent', async () => {
  const { connect, server } = await setup();
  const c = await connect();
  const message = await refused(c, headerOnly(3, preAuthFrameBytesMax + 1), 3);
  assert.equal(message, `frame body of ${preAuthFrameBytesMax + 1} bytes exceeds the ${preAuthFrameBytesMax}-byte limit before STARTUP; closing the connection`);
  assert.equal(server.connectionCount, 0);
});

test('after STARTUP, before AUTH_SUCCESS: refused likewise (15 MiB header with a first part); a frame at the bound is read', async () => {
  const { connect, server } = await setup({ authenticator: password() });
  const ok = await connect();
  assert.equal((await ok.startup()).response.opcode, 'AUTHENTICATE');
  // At the bound exactly: read and answered as usual (an AUTH_RESPONSE with a large token).
  const token = Buffer.alloc(preAuthFrameBytesMax - 4, 0x61);
  const atBound = await ok.request({ opcode: 'AUTH_RESPONSE', token });
  assert.equal(atBound.response.opcode, 'ERROR');
  assert.equal(ok.isOpen, true);

  const c = await connect();
  await c.startup();
  const big = Buffer.concat([headerOnly(9, 15 * 1024 * 1024), Buffer.alloc(64 * 1024, 0x62)]);
  const message = await refused(c, big, 9);
  assert.match(message, /exceeds the 262144-byte limit before authentication; closing the connection/);
  assert.equal(server.connectionCount, 1, 'only the other connection is left');
});

test('after AUTH_SUCCESS (or READY without a login), the full frame limit applies', async () => {
  const limit = 4096;
  for (const authenticator of [password(), undefined]) {
    const { connect } = await setup({ preAuthFrameBytesMax: limit, ...(authenticator === undefined ? {} : { authenticator }) });
    const c = await connect();
    const first = await c.startup();
    if (authenticator !== undefined) {
      assert.equal(first.response.opcode, 'AUTHENTICATE');
      assert.equal((await c.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0cassandra\0cassandra') })).response.opcode, 'AUTH_SUCCESS');
    }
    const query = `SELECT k, v FROM kv WHERE k = '${'x'.repeat(2 * limit)}'`;
    const frame = encodeRequestFrame({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false } }, { stream: 4 });
    assert.ok(frame.length > 2 * limit);
    const answer = await c.requestRaw(frame, 4);
    // Read and handed to the query layer (the fake one knows no such table): no size refusal.
    if (answer.header.opcode === 0x00) assert.doesNotMatch(errorOf(answer.body).message, /exceeds/);
    assert.equal(c.isOpen, true);
  }
});

test('a lowered bound applies to every frame before authentication, AUTH_RESPONSE included', async () => {
  const { connect } = await setup({ authenticator: password(), preAuthFrameBytesMax: 1024 });
  const c = await connect();
  assert.equal((await c.startup()).response.opcode, 'AUTHENTICATE');
  // An uncompressed frame just over the bound is refused like any other.
  const message = await refused(c, buildFrame(4, false, 0, 2, 0x0f, Buffer.alloc(1025)), 2);
  assert.match(message, /1025 bytes exceeds the 1024-byte limit before authentication/);
});

test('native_transport_max_concurrent_connections: over the cap a connection is closed unanswered, Cassandra\'s line logged once', async () => {
  const { connect, server, logger } = await setup({ nativeTransportMaxConcurrentConnections: 2 });
  const a = await connect();
  const b = await connect();
  assert.equal((await a.startup()).response.opcode, 'READY');
  const c = await connect();
  const d = await connect();
  await c.closed;
  await d.closed;
  assert.equal(server.connectionCount, 2);
  const lines = logger.entries.filter((e) => /Exceeded maximum native connection limit/.test(e.message));
  assert.deepEqual(lines.map((e) => e.message), ['Exceeded maximum native connection limit of 2 by using 3 connections (see native_transport_max_concurrent_connections in cassandra.yaml)']);
  b.close();
  await b.closed;
  while (server.connectionCount > 1) await new Promise((r) => setImmediate(r));
  const e = await connect();
  assert.equal((await e.startup()).response.opcode, 'READY', 'a place freed is taken again');
});

test('native_transport_max_concurrent_connections_per_ip: a second connection from the address is closed', async () => {
  const { connect, server, logger } = await setup({ nativeTransportMaxConcurrentConnectionsPerIp: 1 });
  const a = await connect();
  const b = await connect();
  await b.closed;
  assert.equal((await a.startup()).response.opcode, 'READY');
  assert.equal(server.connectionCount, 1);
  assert.match(logger.entries[0]!.message, /^Exceeded maximum native connection limit per ip of 1 by using 2 connections \(see native_transport_max_concurrent_connections_per_ip\)$/);
});

test('the caps are checked when the options are resolved', async () => {
  await assert.rejects(setup({ nativeTransportMaxConcurrentConnections: 1.5 }), /nativeTransportMaxConcurrentConnections must be an integer/);
  await assert.rejects(setup({ preAuthFrameBytesMax: 10 }), /preAuthFrameBytesMax must be an integer of at least 1024/);
});

test('partial frames just under the bound: all unauthenticated connections together hold at most the budget (beyond 4 KiB each); the one going over is answered OVERLOADED and closed; a logged-in client is served', async () => {
  const budget = 1024 * 1024;
  const { connect, server } = await setup({ authenticator: password(), preAuthBufferedBytesMax: budget });
  const loggedIn = await connect();
  await loggedIn.startup();
  assert.equal((await loggedIn.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0cassandra\0cassandra') })).response.opcode, 'AUTH_SUCCESS');

  // Each attacker sends a frame header announcing 255 KiB and 200 KiB of it, then waits.
  const part = 200 * 1024;
  const attackers: CqlWireClient[] = [];
  for (let i = 0; i < 12; i++) {
    const c = await connect();
    await c.startup();
    c.sendRaw(Buffer.concat([headerOnly(5, preAuthFrameBytesMax - 1024), Buffer.alloc(part, 0x63)]));
    attackers.push(c);
  }
  await settled();
  const open = attackers.filter((c) => c.isOpen);
  const held = (part + HEADER_LENGTH - 4096) * open.length;
  assert.ok(held <= budget, `the open attackers hold ${held} bytes beyond their allowance (budget ${budget})`);
  assert.equal(open.length, Math.floor(budget / (part + HEADER_LENGTH - 4096)), 'connections are refused only once the budget is spent');
  const refusedOne = attackers.find((c) => !c.isOpen)!;
  const answer = errorOf(refusedOne.unsolicited[0]!.body);
  assert.equal(answer.code, ErrorCode.OVERLOADED);
  assert.match(answer.message, /^unauthenticated connections hold \d+ bytes of partial frames, the node's bound \(1048576\); closing the connection$/);

  // A new client still logs in (its handshake frames stay within its own 4 KiB) and the logged-in one is served.
  const late = await connect();
  assert.equal((await late.startup()).response.opcode, 'AUTHENTICATE');
  assert.equal((await late.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0cassandra\0cassandra') })).response.opcode, 'AUTH_SUCCESS');
  assert.equal((await loggedIn.request({ opcode: 'OPTIONS' })).response.opcode, 'SUPPORTED');
  // Closing attackers gives their bytes back: the next big partial frame is taken again.
  for (const c of open) c.close();
  await settled();
  const again = await connect();
  await again.startup();
  again.sendRaw(Buffer.concat([headerOnly(5, preAuthFrameBytesMax - 1024), Buffer.alloc(part, 0x63)]));
  await settled();
  assert.equal(again.isOpen, true);
  assert.ok(server.connectionCount >= 3);
});

test('the pre-auth budget never counts a connection that logged in: with a budget of 0, its large frames arriving in pieces are read', async () => {
  const { connect } = await setup({ authenticator: password(), preAuthBufferedBytesMax: 0 });
  const c = await connect();
  await c.startup();
  assert.equal((await c.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0cassandra\0cassandra') })).response.opcode, 'AUTH_SUCCESS');
  const query = `SELECT k, v FROM kv WHERE k = '${'x'.repeat(64 * 1024)}'`;
  const frame = encodeRequestFrame({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false } }, { stream: 7 });
  // Most of the frame first (held, partial, far beyond 4 KiB), the rest a turn later.
  const answer = c.requestRaw(frame.subarray(0, frame.length - 10), 7);
  await settled();
  assert.equal(c.isOpen, true, 'not refused while its frame is partial');
  c.sendRaw(frame.subarray(frame.length - 10));
  const got = await answer;
  if (got.header.opcode === 0x00) assert.notEqual(errorOf(got.body).code, ErrorCode.OVERLOADED);
  assert.equal(c.isOpen, true);
});
