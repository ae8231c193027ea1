/**
 * bench:thrift-codec — our Thrift codec (FrameSplitter + ThriftReader/ThriftWriter + the codecs
 * compiled from interface/cassandra.thrift) against npm `thrift` (the structs `thrift --gen
 * js:node` generates from the same IDL, over TBinaryProtocol and TFramedTransport), in one run:
 *
 *  1. decode batch_mutate arguments: 1 row × 10 columns, and 100 rows × 10 columns
 *  2. encode a get_slice reply of 50 columns
 *  3. a get round trip: decode the call, encode the reply
 *
 * Both sides do what a server does with a frame: split it off the stream, read the message
 * header, find the method, materialize its arguments (ours: plain objects, bigint timestamps;
 * npm: generated struct instances, node-int64 timestamps), and for replies write the message
 * header and result struct into one framed buffer. npm's side runs the steps its generated
 * Processor and server run (a receiver over the stream, a protocol per message, `new
 * X_result({success})`). Before timing, both decoders must agree on what they read and both
 * encoders must produce the same bytes. Each figure is the median of `--rounds` rounds of at
 * least `--ms` milliseconds, the two sides alternating. Last line: one JSON object.
 *
 *   node dist/bench/thrift-codec.js [--rounds=5] [--ms=1000]
 */
import assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { cassandraIdlPath, loadCassandraIdl } from '../src/thrift/idl/cassandra-idl.js';
import { DEFAULT_MAX_FRAME_MB, FrameSplitter, MessageType, ThriftReader, ThriftWriter } from '../src/transport/thrift/index.js';
import { type NpmStruct, type NpmTransport, loadNpmThrift } from './npm-thrift-generated.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, ms: { type: 'string', default: '1000' } } });
const ROUNDS = Number(values.rounds);
const ROUND_MS = Number(values.ms);

const idlPath = cassandraIdlPath();
const idl = loadCassandraIdl(idlPath);
const npm = loadNpmThrift(idlPath, dirname(dirname(idlPath)));
process.on('exit', () => npm.dispose());

// --- the workloads, built once -----------------------------------------------------------------

const COLUMNS = 10;
const TIMESTAMP = 1_795_000_000_000_000; // µs, as clients send them
const rowKey = (i: number): Buffer => Buffer.from(`user:${String(i).padStart(6, '0')}`);
const colName = (c: number): Buffer => Buffer.from(`column_${String(c).padStart(3, '0')}`); // 10 bytes
const colValue = (c: number, size: number): Buffer => Buffer.from(`value ${c} `.padEnd(size, 'x'));

/** A framed CALL of batch_mutate inserting `rows` rows of 10 columns into one column family. */
function batchMutateFrame(rows: number): Buffer {
  const mutationMap = new Map<Buffer, Map<string, unknown[]>>();
  for (let r = 0; r < rows; r++) {
    const mutations = Array.from({ length: COLUMNS }, (_, c) => ({
      columnOrSuperColumn: { column: { name: colName(c), value: colValue(c, 30), timestamp: BigInt(TIMESTAMP + c) } },
    }));
    mutationMap.set(rowKey(r), new Map([['Users', mutations]]));
  }
  const w = new ThriftWriter().frame().messageBegin('batch_mutate', MessageType.CALL, 7);
  idl.methods.get('batch_mutate')!.args.write(w, { mutationMap, consistencyLevel: 'QUORUM' });
  return w.finishFrame();
}

/** A framed CALL of get for one column. */
function getFrame(): Buffer {
  const w = new ThriftWriter().frame().messageBegin('get', MessageType.CALL, 9);
  idl.methods.get('get')!.args.write(w, { key: rowKey(42), columnPath: { columnFamily: 'Users', column: colName(3) }, consistencyLevel: 'ONE' });
  return w.finishFrame();
}

const SLICE_COLUMNS = 50;
const replyValue = colValue(0, 50);
/** get_slice's result in each side's own form: ours plain objects, npm generated structs. */
const oursSlice = Array.from({ length: SLICE_COLUMNS }, (_, c) => ({ column: { name: colName(c), value: colValue(c, 50), timestamp: BigInt(TIMESTAMP + c) } }));
const npmSlice = oursSlice.map(({ column }) => new npm.structs['ColumnOrSuperColumn']!({
  column: new npm.structs['Column']!({ name: column.name, value: column.value, timestamp: new npm.Int64(Number(column.timestamp)) }),
}));
const npmTimestamp = new npm.Int64(TIMESTAMP);

// --- our side ----------------------------------------------------------------------------------

const splitter = new FrameSplitter(DEFAULT_MAX_FRAME_MB * 1024 * 1024);

/** Splits `frame` off the stream, reads the header and the method's arguments. */
function oursDecode(frame: Buffer): { name: string; seqid: number; args: Record<string, unknown> } {
  splitter.push(frame);
  const ev = splitter.next();
  if (ev === null || ev.kind !== 'frame') throw new Error('no frame');
  const r = new ThriftReader(ev.payload);
  const h = r.messageBegin();
  return { name: h.name, seqid: h.seqid, args: idl.methods.get(h.name)!.args.read(r) };
}

function oursReply(name: string, seqid: number, success: unknown): Buffer {
  const w = new ThriftWriter().frame().messageBegin(name, MessageType.REPLY, seqid);
  idl.methods.get(name)!.result.write(w, { success });
  return w.finishFrame();
}

function oursGetRoundTrip(frame: Buffer): Buffer {
  const call = oursDecode(frame);
  const path = call.args['columnPath'] as { column: Buffer };
  return oursReply(call.name, call.seqid, { column: { name: path.column, value: replyValue, timestamp: BigInt(TIMESTAMP) } });
}

// --- npm thrift's side -------------------------------------------------------------------------

let received: NpmTransport | undefined;
const receive = npm.TFramedTransport.receiver((t) => {
  received = t;
});

function npmDecode(frame: Buffer): { name: string; seqid: number; args: NpmStruct } {
  receive(frame);
  const input = new npm.TBinaryProtocol(received!);
  const h = input.readMessageBegin();
  const args = new npm.structs[`Cassandra_${h.fname}_args`]!();
  args.read(input);
  input.readMessageEnd();
  return { name: h.fname, seqid: h.rseqid, args };
}

function npmReply(name: string, seqid: number, success: unknown): Buffer {
  let out: Buffer | undefined;
  const output = new npm.TBinaryProtocol(new npm.TFramedTransport(null, (b) => {
    out = b;
  }));
  const result = new npm.structs[`Cassandra_${name}_result`]!({ success });
  output.writeMessageBegin(name, MessageType.REPLY, seqid);
  result.write(output);
  output.writeMessageEnd();
  output.flush();
  return out!;
}

function npmGetRoundTrip(frame: Buffer): Buffer {
  const call = npmDecode(frame);
  const path = call.args['column_path'] as { column: Buffer };
  return npmReply(call.name, call.seqid, { column: { name: path.column, value: replyValue, timestamp: npmTimestamp } });
}

// --- the cases ---------------------------------------------------------------------------------

interface Case {
  readonly name: string;
  readonly label: string;
  readonly ours: () => unknown;
  readonly npm: () => unknown;
}

const batch1 = batchMutateFrame(1);
const batch100 = batchMutateFrame(100);
const get = getFrame();
const CASES: Case[] = [
  { name: 'decodeBatchMutate1x10', label: 'decode batch_mutate 1 row × 10 cols', ours: () => oursDecode(batch1), npm: () => npmDecode(batch1) },
  { name: 'decodeBatchMutate100x10', label: 'decode batch_mutate 100 rows × 10 cols', ours: () => oursDecode(batch100), npm: () => npmDecode(batch100) },
  { name: 'encodeGetSlice50', label: 'encode get_slice reply, 50 cols', ours: () => oursReply('get_slice', 11, oursSlice), npm: () => npmReply('get_slice', 11, npmSlice) },
  { name: 'getRoundTrip', label: 'get: decode call + encode reply', ours: () => oursGetRoundTrip(get), npm: () => npmGetRoundTrip(get) },
];

/** Both sides must read the same values and write the same bytes, or the race means nothing. */
function checkEquivalence(): void {
  for (const [frame, rows] of [[batch1, 1], [batch100, 100]] as const) {
    const ours = oursDecode(frame).args;
    const theirs = npmDecode(frame).args;
    const oursMap = ours['mutationMap'] as Map<Buffer, Map<string, { columnOrSuperColumn: { column: { name: Buffer; value: Buffer; timestamp: bigint } } }[]>>;
    const npmMap = theirs['mutation_map'] as Record<string, Record<string, { column_or_supercolumn: { column: { name: Buffer; value: Buffer; timestamp: { toNumber(): number } } } }[]>>;
    assert.equal(oursMap.size, rows);
    assert.equal(Object.keys(npmMap).length, rows);
    for (const [key, cfs] of oursMap) {
      const npmRow = npmMap[key.toString('utf8')]!;
      const a = cfs.get('Users')!;
      const b = npmRow['Users']!;
      assert.equal(a.length, COLUMNS);
      assert.equal(b.length, COLUMNS);
      a.forEach((m, i) => {
        const x = m.columnOrSuperColumn.column;
        const y = b[i]!.column_or_supercolumn.column;
        assert.ok(x.name.equals(y.name) && x.value.equals(y.value));
        assert.equal(Number(x.timestamp), y.timestamp.toNumber());
      });
    }
  }
  assert.ok(oursReply('get_slice', 11, oursSlice).equals(npmReply('get_slice', 11, npmSlice)), 'get_slice replies differ');
  assert.ok(oursGetRoundTrip(get).equals(npmGetRoundTrip(get)), 'get replies differ');
}

/** Calls of `fn` per second over at least `ms` milliseconds. */
function perSecond(fn: () => unknown, ms: number): number {
  let ops = 0;
  let last: unknown;
  const t0 = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 32; i++) last = fn();
    ops += 32;
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  if (last === undefined) throw new Error('no result');
  return (ops * 1000) / elapsed;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(10);

checkEquivalence();
process.stdout.write(`both sides decode the same values and encode the same bytes; ${ROUNDS} rounds of ≥ ${ROUND_MS} ms each, medians:\n`);
for (const c of CASES) {
  perSecond(c.ours, ROUND_MS / 4);
  perSecond(c.npm, ROUND_MS / 4);
}
const out: Record<string, { ours: number; npm: number; ratio: number }> = {};
for (const c of CASES) {
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which side goes first, so a burst of load elsewhere does not favour one.
    if (r % 2 === 0) {
      ours.push(perSecond(c.ours, ROUND_MS));
      theirs.push(perSecond(c.npm, ROUND_MS));
    } else {
      theirs.push(perSecond(c.npm, ROUND_MS));
      ours.push(perSecond(c.ours, ROUND_MS));
    }
  }
  const o = median(ours);
  const n = median(theirs);
  out[c.name] = { ours: Math.round(o), npm: Math.round(n), ratio: Number((o / n).toFixed(2)) };
  process.stdout.write(`${c.label.padEnd(40)} ours ${fmt(o)}/s  npm ${fmt(n)}/s  ours/npm ${(o / n).toFixed(2)}\n`);
}
process.stdout.write(`${JSON.stringify({ bench: 'thrift-codec', rounds: ROUNDS, roundMs: ROUND_MS, opsPerSecond: out })}\n`);
