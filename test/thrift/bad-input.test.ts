/**
 * Bad input on raw sockets (node:net) against the Thrift server of `ilium start`: garbage, a
 * frame cut short, unknown methods, fields of the wrong type, a frame over
 * thrift_framed_transport_size_in_mb, an unframed request, invalid UTF-8 in a string field and
 * in a UTF8Type column name. Each gets a clear answer — an exception reply where the protocol can
 * carry one, the connection closed where it cannot — and after each the server takes a new
 * connection and the column family holds exactly what it held before.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { type RawReply, RawSocket, callFrame, decodeReply } from './raw-thrift.js';
import type { ThriftProtocolWriter } from './thrift-js-client.js';
import { SIMPLE_STRATEGY, type ThriftTestNode, nowMicros, startThriftNode } from './thrift-test-node.js';

const KS = 'Raw';
const MAX_FRAME = 15 * 1024 * 1024;
let node: ThriftTestNode;
let T: ThriftTestNode['js']['thrift']['Thrift']['Type'];
let APP: Record<string, number>;

before(async () => {
  node = await startThriftNode('127.0.0.55');
  T = node.js.thrift.Thrift.Type;
  APP = node.js.thrift.Thrift.TApplicationExceptionType;
  const { client } = await node.connect();
  await client.system_add_keyspace({ name: KS, strategy_class: SIMPLE_STRATEGY, replication_factor: 1, cf_defs: [{ keyspace: KS, name: 'Std', comparator_type: 'UTF8Type' }] });
  await client.set_keyspace(KS);
  await client.insert('keep', { column_family: 'Std' }, { name: 'c', value: 'intact', timestamp: nowMicros() }, node.ONE);
});
after(async () => {
  await node?.close();
});

/** The server takes a new connection, and Std holds exactly the row it held before. */
async function stillServing(): Promise<void> {
  const { client, close } = await node.connect(KS);
  try {
    assert.equal(await client.describe_version(), node.js.types.VERSION);
    const rows = await client.get_range_slices({ column_family: 'Std' }, { slice_range: { start: '', finish: '', reversed: false, count: 100 } }, { start_key: '', end_key: '', count: 100 }, node.ONE);
    assert.deepEqual(rows.map((r) => [r.key.toString(), r.columns.map((c) => `${c.column!.name}=${c.column!.value}`)]), [['keep', ['c=intact']]]);
  } finally {
    close();
  }
}

async function rawSocket(): Promise<RawSocket> {
  return RawSocket.open(node.host, node.thriftPort);
}

/** A raw socket whose session has the keyspace set. */
async function rawSession(): Promise<RawSocket> {
  const s = await rawSocket();
  await s.send(callFrame(node.js.thrift, 'set_keyspace', 1, (p) => stringField(p, 1, KS)));
  const r = await reply(s);
  assert.deepEqual([r.kind, r.kind === 'reply' && r.exceptionField], ['reply', undefined], `set_keyspace answers a void success: ${JSON.stringify(r)}`);
  return s;
}

async function reply(s: RawSocket): Promise<RawReply> {
  const frame = await s.nextFrame();
  assert.ok(frame !== null, 'the server answered before closing');
  return decodeReply(node.js.thrift, frame);
}

function stringField(p: ThriftProtocolWriter, id: number, value: string | Buffer): void {
  p.writeFieldBegin('', T.STRING, id);
  p.writeString(value);
  p.writeFieldEnd();
}

function binaryField(p: ThriftProtocolWriter, id: number, value: string | Buffer): void {
  p.writeFieldBegin('', T.STRING, id);
  p.writeBinary(value);
  p.writeFieldEnd();
}

function structField(p: ThriftProtocolWriter, id: number, fields: (p: ThriftProtocolWriter) => void): void {
  p.writeFieldBegin('', T.STRUCT, id);
  p.writeStructBegin('');
  fields(p);
  p.writeFieldStop();
  p.writeStructEnd();
  p.writeFieldEnd();
}

interface InsertArgs {
  key?: (p: ThriftProtocolWriter) => void;
  cf?: string | Buffer;
  name?: string | Buffer;
  value?: string | Buffer;
}

/** insert(key, ColumnParent(cf), Column(name, value, now), ONE), any part replaceable. */
function insertArgs(a: InsertArgs): (p: ThriftProtocolWriter) => void {
  return (p) => {
    (a.key ?? ((q) => binaryField(q, 1, 'raw-key')))(p);
    structField(p, 2, (q) => stringField(q, 3, a.cf ?? 'Std'));
    structField(p, 3, (q) => {
      binaryField(q, 1, a.name ?? 'n');
      binaryField(q, 2, a.value ?? 'v');
      q.writeFieldBegin('', T.I64, 3);
      q.writeI64(nowMicros());
      q.writeFieldEnd();
    });
    p.writeFieldBegin('', T.I32, 4);
    p.writeI32(1);
    p.writeFieldEnd();
  };
}

/** A describe_version round trip on this socket: the connection still works after what came before. */
async function describeVersionWorks(s: RawSocket, seqid: number): Promise<void> {
  await s.send(callFrame(node.js.thrift, 'describe_version', seqid, () => undefined));
  const r = await reply(s);
  assert.deepEqual([r.kind, r.seqid, r.kind === 'reply' && r.success], ['reply', seqid, true]);
}

/** A call refused before it ran: InvalidRequestException (field 1 of every call here) whose why matches. */
function assertInvalidRequest(r: RawReply, seqid: number, why: RegExp): void {
  assert.equal(r.seqid, seqid);
  assert.ok(r.kind === 'reply' && !r.success && r.exceptionField === 1, `expected InvalidRequestException, got ${JSON.stringify(r)}`);
  assert.match(r.why ?? '', why);
}

test('garbage bytes: the server closes that connection and keeps serving', async () => {
  const http = await rawSocket();
  await http.send(Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'));
  assert.equal(await http.closesWithin(5000), true, 'an HTTP request on the Thrift port closes the connection');
  assert.equal(await http.nextFrame(10), null);

  const junk = await rawSocket();
  const garbage = Buffer.from('00000010ffffffff0001020304050607ffeeddcc', 'hex');
  await junk.send(garbage);
  assert.equal(await junk.closesWithin(5000), true, 'a frame whose message header cannot be read closes the connection');
  await stillServing();
});

test('a truncated frame, then the client goes away: nothing is written, the server keeps serving', async () => {
  const s = await rawSession();
  const whole = callFrame(node.js.thrift, 'insert', 2, insertArgs({ key: (p) => binaryField(p, 1, 'truncated') }));
  await s.send(whole.subarray(0, Math.floor(whole.length / 2)));
  s.end();
  await s.closed;
  // A frame cut short at any point, on fresh connections.
  for (const cut of [1, 3, 4, 9, whole.length - 1]) {
    const t = await rawSession();
    await t.send(whole.subarray(0, cut));
    t.destroy();
  }
  await stillServing();
});

test('an unknown method: TApplicationException UNKNOWN_METHOD with its seqid, and the connection goes on', async () => {
  const s = await rawSession();
  await s.send(callFrame(node.js.thrift, 'no_such_method', 77, (p) => stringField(p, 1, 'x')));
  const r = await reply(s);
  assert.equal(r.kind, 'exception', JSON.stringify(r));
  assert.equal(r.name, 'no_such_method');
  assert.equal(r.seqid, 77);
  assert.equal(r.kind === 'exception' && r.type, APP['UNKNOWN_METHOD']);
  assert.match(r.kind === 'exception' ? r.message : '', /no_such_method/);
  // Also a 0.6-era call our service does not have.
  await s.send(callFrame(node.js.thrift, 'get_key_range', 78, () => undefined));
  const old = await reply(s);
  assert.deepEqual([old.kind, old.seqid, old.kind === 'exception' && old.type], ['exception', 78, APP['UNKNOWN_METHOD']]);
  await describeVersionWorks(s, 79);
  s.destroy();
  await stillServing();
});

test('fields of the wrong type: a clear exception reply, nothing written, the connection usable', async () => {
  const s = await rawSession();
  const cases: [RegExp, (p: ThriftProtocolWriter) => void][] = [
    [/key/, insertArgs({ key: (p) => { p.writeFieldBegin('', T.I32, 1); p.writeI32(42); p.writeFieldEnd(); } })],
    [/column_parent/, (p) => {
      binaryField(p, 1, 'wrong-parent');
      stringField(p, 2, 'Std');
      structField(p, 3, (q) => { binaryField(q, 1, 'n'); binaryField(q, 2, 'v'); q.writeFieldBegin('', T.I64, 3); q.writeI64(nowMicros()); q.writeFieldEnd(); });
      p.writeFieldBegin('', T.I32, 4); p.writeI32(1); p.writeFieldEnd();
    }],
    [/timestamp/, (p) => {
      binaryField(p, 1, 'wrong-ts');
      structField(p, 2, (q) => stringField(q, 3, 'Std'));
      structField(p, 3, (q) => { binaryField(q, 1, 'n'); binaryField(q, 2, 'v'); stringField(q, 3, '1234'); });
      p.writeFieldBegin('', T.I32, 4); p.writeI32(1); p.writeFieldEnd();
    }],
    [/key/, () => undefined],
  ];
  let seqid = 100;
  for (const [why, args] of cases) {
    await s.send(callFrame(node.js.thrift, 'insert', ++seqid, args));
    assertInvalidRequest(await reply(s), seqid, why);
  }
  // A list where a struct belongs, deep in batch_mutate's map.
  await s.send(callFrame(node.js.thrift, 'batch_mutate', ++seqid, (p) => {
    p.writeFieldBegin('', T.MAP, 1);
    p.writeMapBegin(T.STRING, T.MAP, 1);
    p.writeBinary('wrong-batch');
    p.writeMapBegin(T.STRING, T.LIST, 1);
    p.writeString('Std');
    p.writeListBegin(T.I32, 2);
    p.writeI32(1);
    p.writeI32(2);
    p.writeListEnd();
    p.writeMapEnd();
    p.writeMapEnd();
    p.writeFieldEnd();
    p.writeFieldBegin('', T.I32, 2); p.writeI32(1); p.writeFieldEnd();
  }));
  assertInvalidRequest(await reply(s), seqid, /mutation_map|Mutation|struct/i);
  await describeVersionWorks(s, ++seqid);
  s.destroy();
  await stillServing();
});

test('a frame over thrift_framed_transport_size_in_mb (15 MB): a PROTOCOL_ERROR reply naming the limit, nothing written, the connection goes on', async () => {
  const s = await rawSession();
  const big = callFrame(node.js.thrift, 'insert', 5, insertArgs({ key: (p) => binaryField(p, 1, 'huge'), value: Buffer.alloc(MAX_FRAME + 1, 0x61) }));
  assert.ok(big.length - 4 > MAX_FRAME);
  void s.send(big).catch(() => undefined);
  // The frame's header is readable, so the server answers it (rather than closing) and skips its bytes.
  const r = await reply(s);
  assert.equal(r.kind, 'exception', JSON.stringify(r));
  assert.equal(r.seqid, 5);
  assert.equal(r.kind === 'exception' && r.type, APP['PROTOCOL_ERROR']);
  assert.match(r.kind === 'exception' ? r.message : '', /15728640 byte limit.*thrift_framed_transport_size_in_mb/);
  // The stream after the skipped frame is still followed.
  await describeVersionWorks(s, 6);
  s.destroy();
  await stillServing();
});

test('an unframed request (TBinaryProtocol without TFramedTransport): the connection is closed', async () => {
  const s = await rawSocket();
  const framed = callFrame(node.js.thrift, 'describe_version', 1, () => undefined);
  await s.send(framed.subarray(4));
  assert.equal(await s.closesWithin(5000), true, 'an unframed message cannot be answered in frames: the server closes');
  assert.equal(await s.nextFrame(10), null, 'and sends nothing it could not frame');
  // The same for an unframed insert: nothing is written.
  const t = await rawSocket();
  await t.send(callFrame(node.js.thrift, 'insert', 2, insertArgs({ key: (p) => binaryField(p, 1, 'unframed') })).subarray(4));
  assert.equal(await t.closesWithin(5000), true);
  await stillServing();
});

test('invalid UTF-8 in a string field and in a UTF8Type column name: InvalidRequestException, nothing written', async () => {
  const s = await rawSession();
  // A column family name that is not UTF-8 (and would name Std if the bad bytes were dropped).
  await s.send(callFrame(node.js.thrift, 'insert', 11, insertArgs({ cf: Buffer.concat([Buffer.from('Std'), Buffer.from([0xff])]) })));
  assertInvalidRequest(await reply(s), 11, /utf-?8/i);
  await s.send(callFrame(node.js.thrift, 'insert', 12, insertArgs({ cf: Buffer.from([0xc3, 0x28]) })));
  assertInvalidRequest(await reply(s), 12, /utf-?8/i);
  // A keyspace name that is not UTF-8.
  await s.send(callFrame(node.js.thrift, 'set_keyspace', 13, (p) => stringField(p, 1, Buffer.from([0x52, 0x61, 0x77, 0xfe]))));
  assertInvalidRequest(await reply(s), 13, /utf-?8/i);
  // Column names the UTF8Type comparator refuses: bad bytes, an overlong encoding, a lone surrogate.
  let seqid = 20;
  for (const bad of [[0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x61, 0xe2, 0x82]]) {
    await s.send(callFrame(node.js.thrift, 'insert', ++seqid, insertArgs({ name: Buffer.from(bad) })));
    assertInvalidRequest(await reply(s), seqid, /utf-?8/i);
  }
  // The session's keyspace survived the refused set_keyspace: a get on it still answers.
  await s.send(callFrame(node.js.thrift, 'get', ++seqid, (p) => {
    binaryField(p, 1, 'keep');
    structField(p, 2, (q) => { stringField(q, 3, 'Std'); binaryField(q, 5, 'c'); });
    p.writeFieldBegin('', T.I32, 3); p.writeI32(1); p.writeFieldEnd();
  }));
  const got = await reply(s);
  assert.deepEqual([got.kind, got.seqid, got.kind === 'reply' && got.success], ['reply', seqid, true]);
  s.destroy();
  await stillServing();
});
