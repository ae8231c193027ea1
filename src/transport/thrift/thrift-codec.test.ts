// The binary protocol reader/writer and the framed-transport splitter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrameSplitter } from './frame-splitter.js';
import { ThriftProtocolError } from './thrift-protocol-error.js';
import { ThriftReader } from './thrift-reader.js';
import { ThriftWriter } from './thrift-writer.js';
import { MessageType, TType } from './thrift-wire.js';

test('every primitive reads back what was written', () => {
  const w = new ThriftWriter();
  w.bool(true).byte(-5).i16(-300).i32(123456789).i64(-(2n ** 62n)).double(3.25).binary(Buffer.from([0, 255])).string('héllo');
  const r = new ThriftReader(w.toBuffer());
  assert.equal(r.bool(), true);
  assert.equal(r.byte(), -5);
  assert.equal(r.i16(), -300);
  assert.equal(r.i32(), 123456789);
  assert.equal(r.i64(), -(2n ** 62n));
  assert.equal(r.double(), 3.25);
  assert.deepEqual([...r.binary()], [0, 255]);
  assert.equal(r.string(), 'héllo');
  assert.equal(r.remaining, 0);
});

test('message headers: strict form written, both forms read', () => {
  const strict = new ThriftWriter().messageBegin('get_slice', MessageType.CALL, 42).toBuffer();
  assert.deepEqual(new ThriftReader(strict).messageBegin(), { name: 'get_slice', type: MessageType.CALL, seqid: 42 });
  const old = Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from('get'), Buffer.from([1]), Buffer.from([0, 0, 0, 7])]);
  assert.deepEqual(new ThriftReader(old).messageBegin(), { name: 'get', type: MessageType.CALL, seqid: 7 });
  const badVersion = Buffer.from([0x80, 0x02, 0, 1, 0, 0, 0, 0]);
  assert.throws(() => new ThriftReader(badVersion).messageBegin(), /bad protocol version/);
});

test('hostile sizes and types are refused before any allocation', () => {
  const hugeList = new ThriftWriter().listBegin(TType.STRING, 1_000_000_000).toBuffer();
  assert.throws(() => new ThriftReader(hugeList).listBegin(), (e: unknown) => e instanceof ThriftProtocolError && /exceeds/.test(e.message));
  const negative = new ThriftWriter().i32(-1).toBuffer();
  assert.throws(() => new ThriftReader(negative).binary(), /negative binary length/);
  assert.throws(() => new ThriftReader(Buffer.from([7, 0, 1])).fieldBegin(), /unknown field type 7/);
  assert.throws(() => new ThriftReader(Buffer.from([0, 0, 0, 2, 0xc3, 0x28])).string(), /not valid UTF-8/);
  assert.throws(() => new ThriftReader(Buffer.from([0, 0])).i32(), /truncated i32/);
});

test('skip walks over nested values and stops at absurd nesting', () => {
  const w = new ThriftWriter();
  w.fieldBegin(TType.MAP, 1).mapBegin(TType.STRING, TType.LIST, 1).string('k').listBegin(TType.STRUCT, 1);
  w.fieldBegin(TType.I64, 1).i64(5n).fieldStop();
  w.fieldStop();
  w.i32(99);
  const r = new ThriftReader(w.toBuffer());
  r.skip(TType.STRUCT);
  assert.equal(r.i32(), 99);
  const deep = Buffer.concat([...Array.from({ length: 100 }, () => Buffer.from([TType.STRUCT, 0, 1])), Buffer.alloc(100)]);
  assert.throws(() => new ThriftReader(deep).skip(TType.STRUCT), /nested too deeply/);
});

test('the splitter cuts frames across chunk boundaries and coalesced chunks', () => {
  const frame = (s: string): Buffer => new ThriftWriter().frame().string(s).finishFrame();
  const stream = Buffer.concat([frame('a'), frame('bcd'), frame('')]);
  const s = new FrameSplitter(1024);
  const got: string[] = [];
  for (const b of stream) {
    s.push(Buffer.from([b]));
    for (let ev = s.next(); ev !== null; ev = s.next()) {
      assert.equal(ev.kind, 'frame');
      if (ev.kind === 'frame') got.push(new ThriftReader(ev.payload).string());
    }
  }
  assert.deepEqual(got, ['a', 'bcd', '']);
});

test('an oversized frame is reported with its head and skipped; the stream goes on', () => {
  const big = new ThriftWriter().frame().messageBegin('insert', MessageType.CALL, 9).binary(Buffer.alloc(5000)).finishFrame();
  const next = new ThriftWriter().frame().string('after').finishFrame();
  const s = new FrameSplitter(1000);
  s.push(big.subarray(0, 700));
  const ev = s.next();
  assert.equal(ev?.kind, 'oversized');
  if (ev?.kind === 'oversized') {
    assert.equal(ev.size, big.length - 4);
    assert.deepEqual(new ThriftReader(ev.head).messageBegin(), { name: 'insert', type: MessageType.CALL, seqid: 9 });
  }
  s.push(big.subarray(700));
  s.push(next);
  const after = s.next();
  assert.equal(after?.kind, 'frame');
  if (after?.kind === 'frame') assert.equal(new ThriftReader(after.payload).string(), 'after');
});

test('unframed messages and foreign protocols are fatal', () => {
  const unframed = new FrameSplitter(1000);
  unframed.push(new ThriftWriter().messageBegin('describe_version', MessageType.CALL, 1).fieldStop().toBuffer());
  const ev = unframed.next();
  assert.equal(ev?.kind, 'fatal');
  assert.match(ev?.kind === 'fatal' ? ev.reason : '', /unframed/);
  const http = new FrameSplitter(1000);
  http.push(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
  assert.equal(http.next()?.kind, 'fatal');
  assert.equal(http.next(), null);
});
