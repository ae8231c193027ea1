/** The CQL server over the simulated network: handshake, state machine, concurrency, errors, events, auth. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SimNetwork, createSimEnv, type SimEnv } from '../../env/index.js';
import { ErrorCode } from '../../errors/index.js';
import {
  type DecodedResponse,
  type ErrorMessage,
  type ResultMessage,
  BATCH_STATEMENTS_PER_STEP,
  HEADER_LENGTH,
  buildFrame,
  decodeResponse,
  encodeRequestFrame,
} from '../protocol/index.js';
import { CqlServer } from './cql-server.js';
import type { Authenticator, SaslStep } from './authenticator.js';
import { PasswordAuthenticator } from './password-authenticator.js';
import { RequestDataLimits } from './request-data-limits.js';
import { RecordingLogger } from './transport-logger.js';
import type { CqlServerOptions } from './server-options.js';
import { CqlWireClient } from '../../../test/support/cql-wire-client.js';
import { FakeCqlHandler } from '../../../test/support/fake-cql-handler.js';

async function setup(options: Partial<CqlServerOptions> = {}, env: SimEnv = createSimEnv(1)) {
  const fake = new FakeCqlHandler();
  const logger = new RecordingLogger();
  const server = new CqlServer(env, fake, { port: 9042, logger, ...options });
  const address = await server.start();
  const connect = () => CqlWireClient.connect(env.net, address);
  return { env, fake, logger, server, address, connect };
}

function result(d: DecodedResponse): ResultMessage {
  if (d.response.opcode !== 'RESULT') assert.fail(`expected RESULT, got ${JSON.stringify(d.response)}`);
  return d.response.result;
}

function error(d: DecodedResponse): ErrorMessage {
  if (d.response.opcode !== 'ERROR') assert.fail(`expected ERROR, got ${d.response.opcode}`);
  return d.response.error;
}

const q = (query: string, extra: object = {}) =>
  ({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false, ...extra } }) as const;

test('handshake: OPTIONS and STARTUP only, then queries; a second STARTUP is refused', async () => {
  const { connect, server, fake } = await setup();
  const c = await connect();
  const early = error(await c.request(q('SELECT k, v FROM kv')));
  assert.equal(early.code, ErrorCode.PROTOCOL_ERROR);
  assert.match(early.message, /expecting STARTUP or OPTIONS/);
  const sup = await c.request({ opcode: 'OPTIONS' });
  assert.equal(sup.response.opcode, 'SUPPORTED');
  assert.deepEqual(sup.response.opcode === 'SUPPORTED' && sup.response.options.get('COMPRESSION'), ['lz4', 'snappy']);
  assert.equal((await c.startup(undefined, { DRIVER_NAME: 'test' })).response.opcode, 'READY');
  assert.equal(fake.sessions[0]!.client.startupOptions.get('DRIVER_NAME'), 'test');
  const local = result(await c.request(q("SELECT * FROM system.local WHERE key='local'")));
  assert.equal(local.kind === 'rows' && local.rows.length, 1);
  assert.deepEqual(result(await c.request(q('USE ks'))), { kind: 'set_keyspace', keyspace: 'ks' });
  assert.equal(fake.sessions[0]!.keyspace, 'ks');
  const again = error(await c.startup());
  assert.match(again.message, /already initialized/);
  assert.equal(server.connectionCount, 1);
  await server.close();
  await c.closed;
  assert.equal(fake.sessions[0]!.closed, true);
});

test('STARTUP needs a CQL_VERSION and a known compression', async () => {
  const { connect } = await setup();
  const c = await connect();
  const none = error(await c.request({ opcode: 'STARTUP', options: new Map() }));
  assert.match(none.message, /CQL_VERSION is mandatory/);
  const bad = error(await c.startup('zstd'));
  assert.equal(bad.code, ErrorCode.PROTOCOL_ERROR);
  assert.match(bad.message, /unknown compression/);
  assert.equal((await c.startup()).response.opcode, 'READY');
});

test('many streams in flight, answered in completion order on their own streams', async () => {
  const { connect, fake } = await setup();
  const c = await connect();
  await c.startup();
  const n = 200;
  const pending = Array.from({ length: n }, (_, i) => c.request(q(`BLOCK b${i}`)));
  while (fake.blocked(`b${n - 1}`) === 0) await new Promise((r) => setImmediate(r));
  const order: number[] = [];
  pending.forEach((p, i) => p.then(() => order.push(i)));
  for (let i = n - 1; i >= 0; i--) fake.release(`b${i}`);
  const answers = await Promise.all(pending);
  answers.forEach((a, i) => {
    const r = result(a);
    assert.equal(r.kind === 'rows' && r.rows[0]![0]!.toString(), `b${i}`);
  });
  assert.equal(order[0], n - 1, 'the last released first answered first');
});

test('requestsPerTurn: a burst of frames is taken a few per turn, so the first answers can leave before the last requests start', async () => {
  const { connect, fake, env } = await setup({ requestsPerTurn: 3 });
  const c = await connect();
  await c.startup();
  const started: number[] = [];
  const pending = Array.from({ length: 10 }, () => c.request(q('BLOCK turn')));
  // Each simulated delivery or deferred pump is one microtask turn: sample what had started after each.
  for (let i = 0; i < 40 && fake.blocked('turn') < 10; i++) {
    await Promise.resolve();
    if (started.at(-1) !== fake.blocked('turn')) started.push(fake.blocked('turn'));
  }
  assert.deepEqual(started.filter((n) => n > 0), [3, 6, 9, 10], 'three frames per turn, then the rest');
  fake.release('turn');
  assert.equal((await Promise.all(pending)).length, 10);
  assert.throws(() => new CqlServer(env, fake, { requestsPerTurn: 0 }), /requestsPerTurn must be a positive integer/);
});

test('a large RESULT is encoded in steps: other answers leave between them, its frame arrives whole, its bytes are released once written', async () => {
  const requestData = new RequestDataLimits({ bytesMax: 1 << 20, perIpBytesMax: 1 << 20 });
  const { connect, fake } = await setup({ requestData });
  // 30,000 rows of two values: four encoding steps (result-codec.ts, ENCODE_STEP_VALUES_MAX).
  const rows = 30_000;
  for (let i = 0; i < rows; i++) fake.store.set(`k${String(i).padStart(5, '0')}`, `v${i}`);
  const c = await connect();
  const other = await connect();
  await c.startup();
  await other.startup();
  const order: string[] = [];
  const answered = <T>(name: string, p: Promise<T>): Promise<T> => p.then((a) => (order.push(name), a));
  const large = answered('large', c.request(q('SELECT k, v FROM kv')));
  const small = answered('small, same connection', c.request(q("SELECT * FROM system.local WHERE key='local'")));
  const elsewhere = answered('small, another connection', other.request(q("SELECT * FROM system.local WHERE key='local'")));
  const all = result(await large);
  await Promise.all([small, elsewhere]);
  assert.equal(order.at(-1), 'large', `answered in the order ${order.join(', ')}: the small requests sent after the large one are answered while it is encoded`);
  assert.equal(all.kind === 'rows' && all.rows.length, rows);
  assert.deepEqual(all.kind === 'rows' && all.rows.at(-1)!.map((v) => v!.toString()), [`k${rows - 1}`, `v${rows - 1}`]);
  assert.equal(requestData.bytesInFlight, 0, 'every request released its bytes once answered');
  // A connection that closes while its answer is encoded releases the request's bytes too.
  const gone = await connect();
  await gone.startup();
  void gone.request(q('SELECT k, v FROM kv'));
  while (fake.queries < 4) await new Promise((r) => setImmediate(r));
  gone.close();
  await gone.closed;
  for (let i = 0; i < 20 && requestData.bytesInFlight > 0; i++) await new Promise((r) => setImmediate(r));
  assert.equal(requestData.bytesInFlight, 0, 'the closed connection released its request');
});

test('backpressure: no more than maxConcurrentRequestsPerConnection run at once', async () => {
  const { connect, fake } = await setup({ maxConcurrentRequestsPerConnection: 4 });
  const c = await connect();
  await c.startup();
  const pending = Array.from({ length: 20 }, () => c.request(q('BLOCK gate')));
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  assert.equal(fake.blocked('gate'), 4);
  let done = 0;
  while (done < 20) {
    const before = fake.blocked('gate');
    assert.ok(before <= 4);
    fake.release('gate');
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    done += before;
  }
  assert.equal((await Promise.all(pending)).length, 20);
});

test('errors keep their code and fields; non-Ilium errors become SERVER_ERROR and are logged', async () => {
  const { connect, logger } = await setup();
  const c = await connect();
  await c.startup();
  assert.deepEqual(error(await c.request(q('FAIL UNAVAILABLE'))), {
    code: ErrorCode.UNAVAILABLE,
    message: 'Cannot achieve consistency level QUORUM',
    consistency: 'QUORUM',
    required: 2,
    alive: 1,
  });
  assert.equal(error(await c.request(q('FAIL READ_TIMEOUT'))).code, ErrorCode.READ_TIMEOUT);
  assert.equal(error(await c.request(q('FAIL SYNTAX'))).code, ErrorCode.SYNTAX_ERROR);
  const server = error(await c.request(q('FAIL SERVER')));
  assert.equal(server.code, ErrorCode.SERVER_ERROR);
  assert.match(server.message, /kaboom/);
  assert.equal(logger.entries.length, 1);
});

test('warnings and tracing ids come back with results', async () => {
  const { connect } = await setup();
  const c = await connect();
  await c.startup();
  const w = await c.request(q('WARN mind the gap'));
  assert.deepEqual(w.warnings, ['mind the gap']);
  const t = await c.request(q("SELECT * FROM system.local WHERE key='local'"), { tracing: true });
  assert.equal(t.tracingId?.length, 16);
  assert.equal(t.tracingId![6]! >> 4, 4, 'a version 4 UUID');
  const plain = await c.request(q("SELECT * FROM system.local WHERE key='local'"));
  assert.equal(plain.tracingId, undefined);
});

test('prepare, execute (with skip_metadata), unknown ids, batches, paging', async () => {
  const { connect, fake } = await setup();
  const c = await connect();
  await c.startup();
  const ins = result(await c.request({ opcode: 'PREPARE', query: 'INSERT INTO ks.kv (k, v) VALUES (?, ?)' }));
  assert.equal(ins.kind, 'prepared');
  if (ins.kind !== 'prepared') return;
  assert.deepEqual(ins.metadata.pkIndexes, [0]);
  for (let i = 0; i < 10; i++) {
    const values = [Buffer.from(`k${i}`), Buffer.from(`v${i}`)];
    assert.equal(result(await c.request({ opcode: 'EXECUTE', id: ins.id, params: { consistency: 'ONE', values, skipMetadata: false } })).kind, 'void');
  }
  assert.equal(fake.store.size, 10);
  const sel = result(await c.request({ opcode: 'PREPARE', query: 'SELECT k, v FROM ks.kv WHERE k = ?' }));
  if (sel.kind !== 'prepared') return assert.fail();
  const r = result(await c.request({ opcode: 'EXECUTE', id: sel.id, params: { consistency: 'ONE', values: [Buffer.from('k3')], skipMetadata: true } }));
  assert.equal(r.kind === 'rows' && r.metadata.noMetadata, true);
  assert.equal(r.kind === 'rows' && r.rows[0]![1]!.toString(), 'v3');
  const unknown = error(await c.request({ opcode: 'EXECUTE', id: Buffer.from([1, 2, 3]), params: { consistency: 'ONE', values: [], skipMetadata: false } }));
  assert.deepEqual(unknown.code === ErrorCode.UNPREPARED && unknown.id, Buffer.from([1, 2, 3]));
  const batch = await c.request({
    opcode: 'BATCH',
    type: 'LOGGED',
    statements: [
      { kind: 'prepared', id: ins.id, values: [Buffer.from('b1'), Buffer.from('x')] },
      { kind: 'query', query: 'INSERT INTO kv (k, v) VALUES (?, ?)', values: [Buffer.from('b2'), Buffer.from('y')] },
    ],
    consistency: 'QUORUM',
  });
  assert.equal(result(batch).kind, 'void');
  assert.equal(fake.store.get('b2'), 'y');
  let pagingState: Buffer | undefined;
  let seen = 0;
  do {
    const page = result(await c.request(q('SELECT k, v FROM kv', { pageSize: 5, ...(pagingState ? { pagingState } : {}) })));
    if (page.kind !== 'rows') return assert.fail();
    seen += page.rows.length;
    pagingState = page.metadata.pagingState;
  } while (pagingState !== undefined);
  assert.equal(seen, 12);
});

test('a BATCH of many statements is decoded in steps, other requests answered meanwhile; a bad statement late in it is a PROTOCOL_ERROR', async () => {
  const { connect, fake } = await setup();
  const c = await connect();
  await c.startup();
  const ins = result(await c.request({ opcode: 'PREPARE', query: 'INSERT INTO ks.kv (k, v) VALUES (?, ?)' }));
  if (ins.kind !== 'prepared') return assert.fail();
  const n = 3 * BATCH_STATEMENTS_PER_STEP;
  const statements = Array.from({ length: n }, (_, i) => ({ kind: 'prepared' as const, id: ins.id, values: [Buffer.from(`k${String(i).padStart(5, '0')}`), Buffer.from('v')] }));
  const batch = { opcode: 'BATCH', type: 'UNLOGGED', statements, consistency: 'ONE' } as const;
  // Sent before a small QUERY: the QUERY is answered while the batch is still being decoded.
  const answered: string[] = [];
  const large = c.request(batch, { stream: 1 }).then((d) => (answered.push('batch'), d));
  const small = c.request(q('SELECT k, v FROM kv'), { stream: 2 }).then((d) => (answered.push('query'), d));
  assert.equal(result(await large).kind, 'void');
  assert.equal(result(await small).kind, 'rows');
  assert.deepEqual(answered, ['query', 'batch']);
  assert.equal(fake.store.size, n);
  // Statement kind 2 at the last statement: each is kind (1) + [short bytes] id + values count (2) + two [bytes] values.
  const frame = encodeRequestFrame(batch, { stream: 3, version: 4 });
  const statementBytes = 1 + 2 + ins.id.length + 2 + (4 + 6) + (4 + 1);
  frame[HEADER_LENGTH + 1 + 2 + (n - 1) * statementBytes] = 2;
  const raw = await c.requestRaw(frame, 3);
  const bad = error(decodeResponse(raw.header, raw.body, undefined));
  assert.equal(bad.code, ErrorCode.PROTOCOL_ERROR);
  assert.match(bad.message, /batch statement kind 2/);
  assert.equal(result(await c.request(q('SELECT k, v FROM kv'))).kind, 'rows');
});

test('compression (lz4 and snappy): compressed both ways; a compressed frame before negotiation is refused', async () => {
  for (const name of ['lz4', 'snappy']) {
    const { connect, fake } = await setup();
    const c = await connect();
    const early = readErr((await c.requestRaw(buildFrame(4, false, 1, 3, 0x05, Buffer.alloc(0)), 3)).body);
    assert.match(early.message, /no compression was negotiated/);
    assert.equal((await c.startup(name)).response.opcode, 'READY');
    for (let i = 0; i < 50; i++) fake.store.set(`key-${i}`, 'value '.repeat(10));
    const stream = 9;
    const frame = await c.requestRaw(encodeRequestFrame(q('SELECT k, v FROM kv'), { stream, compressor: c.compressor }), stream);
    assert.equal(frame.header.flags & 1, 1, `${name}: the big result is compressed`);
    const r = result(await c.request(q('SELECT k, v FROM kv')));
    assert.equal(r.kind === 'rows' && r.rows.length, 50);
    const garbage = buildFrame(4, false, 1, 11, 0x07, Buffer.from([0, 0, 0, 50, 1, 2, 3]));
    const g = await c.requestRaw(garbage, 11);
    assert.equal(g.header.opcode, 0);
    assert.equal(result(await c.request(q("SELECT * FROM system.local WHERE key='local'"))).kind, 'rows', 'still usable');
  }
});

function readErr(body: Buffer): ErrorMessage {
  return { code: body.readInt32BE(0), message: body.subarray(6, 6 + body.readUInt16BE(4)).toString() } as ErrorMessage;
}

test('unsupported versions are answered in their own version and layout, then the connection closes', async () => {
  const { connect } = await setup();
  const v6 = await connect();
  const f = await v6.requestRaw(buildFrame(6, false, 0, 7, 0x05, Buffer.alloc(0)), 7);
  assert.equal(f.header.version, 6);
  assert.equal(f.header.isResponse, true);
  // Cassandra 4.0's words (ProtocolVersion.invalidVersionMessage), less its 6/v6-beta.
  assert.equal(readErr(f.body).message, 'Invalid or unsupported protocol version (6); supported versions are (3/v3, 4/v4, 5/v5)');
  await v6.closed;
  const v2 = await connect();
  v2.sendRaw(Buffer.from([0x02, 0, 3, 0x05, 0, 0, 0, 0]));
  const raw: Buffer[] = [];
  v2.socket.on('data', (b) => raw.push(b));
  await v2.closed;
  const bytes = Buffer.concat(raw);
  assert.equal(bytes[0], 0x82);
  assert.equal(bytes[2], 3, 'one-byte stream');
  assert.equal(bytes.readInt32BE(8), ErrorCode.PROTOCOL_ERROR);
});

test('v3 connections work (no pk indexes, no warnings)', async () => {
  const { connect } = await setup();
  const c = await connect();
  c.version = 3;
  assert.equal((await c.startup()).response.opcode, 'READY');
  const p = result(await c.request({ opcode: 'PREPARE', query: 'SELECT k, v FROM ks.kv WHERE k = ?' }));
  assert.deepEqual(p.kind === 'prepared' && p.metadata.pkIndexes, []);
  assert.deepEqual((await c.request(q('WARN x'))).warnings, []);
  c.version = 4;
  const mixed = error(await c.request(q('WARN x')));
  assert.match(mixed.message, /invalid message version/);
});

test('oversized frames are refused and skipped; a negative length closes the connection', async () => {
  const { connect } = await setup({ nativeTransportMaxFrameSizeInMb: 1 / 1024 });
  const c = await connect();
  await c.startup();
  const big = buildFrame(4, false, 0, 5, 0x07, Buffer.alloc(5000, 0x61));
  const e = await c.requestRaw(big, 5);
  assert.deepEqual({ code: readErr(e.body).code, message: readErr(e.body).message }, { code: ErrorCode.INVALID, message: 'Request is too big: length 5009 exceeds maximum allowed length 1024.' });
  assert.equal(result(await c.request(q("SELECT * FROM system.local WHERE key='local'"))).kind, 'rows');
  const neg = Buffer.alloc(HEADER_LENGTH);
  neg.set([4, 0, 0, 6, 7]);
  neg.writeInt32BE(-5, 5);
  const n = await c.requestRaw(neg, 6);
  assert.equal(n.header.isResponse, true);
  assert.match(readErr(n.body).message, /negative body length/);
  await c.closed;
});

test('REGISTER: events reach registered, ready connections only', async () => {
  const { connect, server } = await setup();
  const a = await connect();
  const b = await connect();
  await a.startup();
  await b.startup();
  const reg = await a.request({ opcode: 'REGISTER', events: ['SCHEMA_CHANGE', 'STATUS_CHANGE'] });
  assert.equal(reg.response.opcode, 'READY');
  const sent = server.publish({ type: 'SCHEMA_CHANGE', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
  assert.equal(sent, 1);
  assert.equal(server.publish({ type: 'TOPOLOGY_CHANGE', change: 'NEW_NODE', node: { address: '10.0.0.2', port: 9042 } }), 0);
  server.publish({ type: 'STATUS_CHANGE', change: 'UP', node: { address: '::1', port: 9042 } });
  await a.request({ opcode: 'OPTIONS' });
  assert.equal(a.events.length, 2);
  assert.deepEqual(a.events[1], { type: 'STATUS_CHANGE', change: 'UP', node: { address: '::1', port: 9042 } });
  assert.equal(b.events.length, 0);
});

test('authentication: AUTHENTICATE, refusals, then AUTH_SUCCESS with the user on the session', async () => {
  const { connect, fake } = await setup({ authenticator: new PasswordAuthenticator(new Map([['cassandra', 's3cret']])) });
  const c = await connect();
  const auth = await c.startup();
  assert.deepEqual(auth.response, { opcode: 'AUTHENTICATE', authenticator: 'org.apache.cassandra.auth.PasswordAuthenticator' });
  assert.match(error(await c.request(q('SELECT k, v FROM kv'))).message, /expecting AUTH_RESPONSE/);
  const bad = error(await c.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0cassandra\0nope') }));
  assert.equal(bad.code, ErrorCode.BAD_CREDENTIALS);
  const ok = await c.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0cassandra\0s3cret') });
  assert.equal(ok.response.opcode, 'AUTH_SUCCESS');
  assert.equal(fake.sessions[0]!.client.user, 'cassandra');
  assert.equal(result(await c.request(q("SELECT * FROM system.local WHERE key='local'"))).kind, 'rows');
  assert.match(error(await c.request({ opcode: 'AUTH_RESPONSE', token: null })).message, /already authenticated/);
});

test('frames cut and glued at random TCP boundaries are all read', async () => {
  const env = createSimEnv(5, { netMaxSegmentBytes: 7 });
  const { connect } = await setup({}, env);
  const c = await connect();
  await c.startup('lz4');
  const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => c.request(q(i % 2 ? 'WARN w' : "SELECT * FROM system.local WHERE key='local'"))));
  assert.equal(answers.filter((a) => a.response.opcode === 'RESULT').length, 300);
});

test('backpressure: a client that stops reading makes the server stop reading its requests', async () => {
  const env = createSimEnv(3);
  const net = new SimNetwork({ highWaterMark: 4096 });
  const { connect, fake } = await setup({ maxConcurrentRequestsPerConnection: 8 }, { ...env, net });
  for (let i = 0; i < 100; i++) fake.store.set(`key-${i}`, 'x'.repeat(100));
  const c = await connect();
  await c.startup();
  c.socket.pause();
  const n = 300;
  const pending = Array.from({ length: n }, () => c.request(q('SELECT k, v FROM kv')));
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  const ran = fake.queries;
  assert.ok(ran <= 16, `the server ran ${ran} queries while the client was not reading`);
  c.socket.resume();
  const answers = await Promise.all(pending);
  assert.equal(answers.length, n);
  assert.equal(fake.queries, n);
});

test('a connection closed while its credentials are checked opens no session when the check succeeds late', async () => {
  let succeed: (() => void) | undefined;
  const slow: Authenticator = {
    requiresAuthentication: true,
    className: 'org.apache.cassandra.auth.PasswordAuthenticator',
    newNegotiator: () => ({ evaluate: () => new Promise<SaslStep>((resolve) => (succeed = () => resolve({ done: true, user: 'u', token: null }))) }),
  };
  const { connect, fake, server } = await setup({ authenticator: slow });
  const c = await connect();
  assert.equal((await c.startup()).response.opcode, 'AUTHENTICATE');
  const answer = c.request({ opcode: 'AUTH_RESPONSE', token: Buffer.from('\0u\0p') }).catch(() => 'closed');
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  assert.ok(succeed !== undefined, 'the check is running');
  c.close();
  await c.closed;
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  succeed();
  assert.equal(await answer, 'closed');
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  assert.equal(fake.sessions.length, 0, 'no session for a connection that is gone');
  assert.equal(server.connectionCount, 0);
});
