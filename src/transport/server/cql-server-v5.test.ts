/**
 * Protocol v5 on the CQL server (simulated network): the bare handshake then segments, packed and
 * split envelopes, lz4 segments, USE_BETA, the v5 message forms (int flags, keyspace, result
 * metadata ids), corrupt segments, snappy refused, and the pre-auth limits inside segments.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../../env/index.js';
import { ErrorCode } from '../../errors/index.js';
import {
  type DecodedResponse,
  type ResultMessage,
  FrameFlag,
  HEADER_LENGTH,
  SEGMENT_PAYLOAD_BYTES_MAX,
  buildFrame,
  encodeRequestFrame,
  encodeSegment,
  resultMetadataId,
} from '../protocol/index.js';
import { CqlServer } from './cql-server.js';
import { PasswordAuthenticator } from './password-authenticator.js';
import { RecordingLogger } from './transport-logger.js';
import type { CqlServerOptions } from './server-options.js';
import { CqlWireClient } from '../../../test/support/cql-wire-client.js';
import { FakeCqlHandler } from '../../../test/support/fake-cql-handler.js';

async function setup(options: Partial<CqlServerOptions> = {}) {
  const env = createSimEnv(5);
  const fake = new FakeCqlHandler();
  const server = new CqlServer(env, fake, { port: 9042, logger: new RecordingLogger(), ...options });
  const address = await server.start();
  const connect = async (): Promise<CqlWireClient> => {
    const c = await CqlWireClient.connect(env.net, address);
    c.version = 5;
    return c;
  };
  return { fake, connect };
}

function result(d: DecodedResponse): ResultMessage {
  if (d.response.opcode !== 'RESULT') assert.fail(`expected RESULT, got ${JSON.stringify(d.response)}`);
  return d.response.result;
}

function errorOf(d: DecodedResponse): { code: number; message: string } {
  if (d.response.opcode !== 'ERROR') assert.fail(`expected ERROR, got ${d.response.opcode}`);
  return d.response.error;
}

const q = (query: string, extra: object = {}) => ({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false, ...extra } }) as const;
const LOCAL = "SELECT * FROM system.local WHERE key='local'";

test('v5: OPTIONS and STARTUP bare, then every request and answer in segments', async () => {
  const { connect, fake } = await setup();
  const c = await connect();
  const sup = await c.request({ opcode: 'OPTIONS' });
  assert.deepEqual(sup.response.opcode === 'SUPPORTED' && sup.response.options.get('PROTOCOL_VERSIONS'), ['3/v3', '4/v4', '5/v5']);
  assert.equal((await c.startup()).response.opcode, 'READY');
  assert.ok(c.isFramed);
  assert.equal(fake.sessions[0]!.client.protocolVersion, 5);
  const local = result(await c.request(q(LOCAL)));
  assert.equal(local.kind === 'rows' && local.rows.length, 1);
  // Keyspace and now_in_seconds travel after the timestamp in the int flags.
  const ks = result(await c.request(q('SELECT k, v FROM kv', { keyspace: 'ks', nowInSeconds: 1_700_000_000, timestamp: 5n })));
  assert.equal(ks.kind, 'rows');
  // PREPARE's v5 form carries the keyspace; PREPARED carries the result metadata id.
  const p = result(await c.request({ opcode: 'PREPARE', query: 'SELECT k, v FROM ks.kv WHERE k = ?', keyspace: 'ks' }));
  assert.equal(p.kind, 'prepared');
  if (p.kind !== 'prepared') return;
  const held = resultMetadataId(p.resultMetadata.columns);
  const same = result(await c.request({ opcode: 'EXECUTE', id: p.id, resultMetadataId: held, params: { consistency: 'ONE', values: [Buffer.from('key-1')], skipMetadata: true } }));
  assert.deepEqual(same.kind === 'rows' && same.metadata, { columns: [], noMetadata: true }, 'unchanged: no metadata, as asked');
  const stale = result(await c.request({ opcode: 'EXECUTE', id: p.id, resultMetadataId: Buffer.alloc(16, 1), params: { consistency: 'ONE', values: [Buffer.from('key-1')], skipMetadata: true } }));
  assert.ok(stale.kind === 'rows' && stale.metadata.newMetadataId?.equals(held), 'Metadata_changed with the new id');
  assert.equal(stale.kind === 'rows' && stale.metadata.columns.length, 2, 'and the full metadata despite Skip_metadata');
  const batch = result(await c.request({ opcode: 'BATCH', type: 'LOGGED', statements: [{ kind: 'query', query: 'INSERT INTO kv (k, v) VALUES (?, ?)', values: [Buffer.from('b'), Buffer.from('c')] }], consistency: 'ONE', keyspace: 'ks', nowInSeconds: 7 }));
  assert.equal(batch.kind, 'void');
});

test('v5: many envelopes in one segment are all answered; one envelope split over segments is read whole', async () => {
  const { connect } = await setup();
  const c = await connect();
  await c.startup();
  const streams = Array.from({ length: 40 }, (_, i) => 100 + i);
  const envelopes = streams.map((s) => encodeRequestFrame(q(LOCAL), { version: 5, stream: s }));
  const answers = streams.map((s) => new Promise((resolve) => void c.requestRaw(Buffer.alloc(0), s).then(resolve)));
  c.sendRaw(c.framed(envelopes));
  assert.equal((await Promise.all(answers)).length, 40);
  // A query text of 300,000 bytes: an envelope over three segments that are not self-contained.
  const long = `SELECT k, v FROM kv WHERE k = '${'x'.repeat(300_000)}'`;
  const big = encodeRequestFrame(q(long), { version: 5, stream: 7 });
  assert.ok(big.length > 2 * SEGMENT_PAYLOAD_BYTES_MAX);
  const r = await c.requestRaw(c.framed([big]), 7);
  assert.equal(r.header.stream, 7);
  assert.equal(result(await c.request(q(LOCAL))).kind, 'rows', 'the stream is still in step');
});

test('v5: lz4 compresses segments, not envelopes; snappy is refused as Cassandra 4.0 refuses it', async () => {
  const { connect } = await setup();
  const c = await connect();
  assert.equal((await c.startup('lz4')).response.opcode, 'READY');
  assert.ok(c.segmentsLz4 && c.compressor === undefined);
  for (let i = 0; i < 3; i++) assert.equal(result(await c.request(q(LOCAL))).kind, 'rows');
  const s = await connect();
  const e = errorOf(await s.startup('snappy'));
  assert.deepEqual(e, { code: ErrorCode.PROTOCOL_ERROR, message: 'Snappy compression is not supported in protocol V5' });
  assert.ok(!s.isFramed);
});

test('v5: segments sent right behind STARTUP, in the same write, are read as segments', async () => {
  const { connect, fake } = await setup();
  const c = await connect();
  const startup = encodeRequestFrame({ opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0']]) }, { version: 5, stream: 1 });
  const insert = q('INSERT INTO kv (k, v) VALUES (?, ?)', { values: [Buffer.from('pipelined'), Buffer.from('yes')] });
  const segment = encodeSegment(encodeRequestFrame(insert, { version: 5, stream: 2 }), true, false);
  const ready = c.requestRaw(Buffer.concat([startup, segment]), 1);
  assert.equal((await ready).header.opcode, 0x02);
  for (let i = 0; i < 100 && !fake.store.has('pipelined'); i++) await new Promise((r) => setImmediate(r));
  assert.equal(fake.store.get('pipelined'), 'yes', 'the segment after STARTUP ran');
  assert.ok(c.isOpen);
});

test('v5: the USE_BETA flag is accepted and ignored, as Cassandra 4.0 does for a version out of beta', async () => {
  const { connect } = await setup();
  const c = await connect();
  const startup = encodeRequestFrame({ opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0']]) }, { version: 5, stream: 1 });
  startup[1] = startup[1]! | FrameFlag.USE_BETA;
  const ready = await c.requestRaw(startup, 1);
  assert.equal(ready.header.opcode, 0x02);
});

test('v5: a corrupt segment is answered PROTOCOL_ERROR and the connection closed', async () => {
  const { connect } = await setup();
  for (const at of [1, 8]) {
    const c = await connect();
    await c.startup();
    const seg = encodeSegment(encodeRequestFrame(q(LOCAL), { version: 5, stream: 3 }), true, false);
    seg[at] = seg[at]! ^ 0x40; // in the header's length, or in the envelope
    const answer = await c.requestRaw(seg, 0);
    await c.closed;
    const e = { code: answer.body.readInt32BE(0), message: answer.body.subarray(6, 6 + answer.body.readUInt16BE(4)).toString() };
    assert.equal(e.code, ErrorCode.PROTOCOL_ERROR);
    assert.match(e.message, at === 1 ? /CRC mismatch detected in frame header/ : /CRC mismatch detected in frame body/);
  }
});

test('v5: before login the envelope limit holds inside segments (answered, closed, the body unread)', async () => {
  const { connect } = await setup({ authenticator: new PasswordAuthenticator(new Map([['cassandra', 'cassandra']])) });
  const c = await connect();
  assert.equal((await c.startup()).response.opcode, 'AUTHENTICATE');
  assert.ok(c.isFramed, 'segments begin with the answer to STARTUP, authentication included');
  const header = Buffer.alloc(HEADER_LENGTH);
  header.set([5, 0, 0, 9, 0x0f]);
  header.writeInt32BE(10 * 1024 * 1024, 5);
  const answer = await c.requestRaw(encodeSegment(header, false, false), 9);
  await c.closed;
  assert.match(answer.body.subarray(6).toString(), /exceeds the 262144-byte limit before authentication/);
});

test('v5 and v4 connections side by side; v6 is refused with the supported versions', async () => {
  const { connect } = await setup();
  const v5 = await connect();
  await v5.startup();
  const v4 = await connect();
  v4.version = 4;
  await v4.startup('lz4');
  assert.equal(result(await v5.request(q(LOCAL))).kind, 'rows');
  assert.equal(result(await v4.request(q(LOCAL))).kind, 'rows');
  const v6 = await connect();
  const f = await v6.requestRaw(buildFrame(6, false, 0, 1, 0x05, Buffer.alloc(0)), 1);
  assert.match(f.body.subarray(6).toString(), /^Invalid or unsupported protocol version \(6\); supported versions are \(3\/v3, 4\/v4, 5\/v5\)$/);
});
