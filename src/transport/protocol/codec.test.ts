/** Round trips and refusals of the protocol codec: requests, results, errors, events, compression. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ErrorCode } from '../../errors/index.js';
import { fitMessage } from './body-writer.js';
import {
  BodyReader,
  BodyWriter,
  type DataTypeSpec,
  type ErrorMessage,
  ProtocolViolation,
  type Request,
  type ResultMessage,
  type ServerEvent,
  UNSET,
  compressorFor,
  BATCH_STATEMENTS_PER_STEP,
  decodeRequest,
  decodeRequestFrame,
  decodeRequestFramePaced,
  decodeResponse,
  encodeRequestFrame,
  encodeResponseFrame,
  encodeResponseSteps,
  ENCODE_STEP_BYTES_MAX,
  ENCODE_STEP_VALUES_MAX,
  formatIp,
  parseIp,
  readHeader,
  readResult,
  writeResult,
  HEADER_LENGTH,
} from './index.js';

function roundTripRequest(r: Request, version = 4): Request {
  const frame = encodeRequestFrame(r, { stream: 7, version });
  const h = readHeader(frame);
  assert.equal(h.length, frame.length - HEADER_LENGTH);
  return decodeRequest(h.opcode, frame.subarray(HEADER_LENGTH), version, false);
}

test('every request round-trips', () => {
  const requests: Request[] = [
    { opcode: 'STARTUP', options: new Map([['CQL_VERSION', '3.0.0'], ['COMPRESSION', 'lz4']]) },
    { opcode: 'AUTH_RESPONSE', token: Buffer.from('\0u\0p') },
    { opcode: 'AUTH_RESPONSE', token: null },
    { opcode: 'OPTIONS' },
    {
      opcode: 'QUERY',
      query: 'SELECT * FROM t WHERE k = ?',
      params: { consistency: 'QUORUM', values: [Buffer.from([1]), null, UNSET], skipMetadata: false },
    },
    {
      opcode: 'QUERY',
      query: 'SELECT ☃ FROM t',
      params: {
        consistency: 'LOCAL_ONE',
        values: [Buffer.from('x')],
        names: ['k'],
        skipMetadata: true,
        pageSize: 100,
        pagingState: Buffer.from([9, 9]),
        serialConsistency: 'LOCAL_SERIAL',
        timestamp: 1234567890123456n,
      },
    },
    { opcode: 'PREPARE', query: 'INSERT INTO t (k) VALUES (?)' },
    { opcode: 'EXECUTE', id: Buffer.from([1, 2, 3]), params: { consistency: 'ONE', values: [], skipMetadata: true } },
    {
      opcode: 'BATCH',
      type: 'UNLOGGED',
      statements: [
        { kind: 'query', query: 'INSERT INTO t (k) VALUES (1)', values: [] },
        { kind: 'prepared', id: Buffer.from([5]), values: [Buffer.from([0]), null] },
      ],
      consistency: 'ALL',
      serialConsistency: 'SERIAL',
      timestamp: 42n,
    },
    { opcode: 'REGISTER', events: ['TOPOLOGY_CHANGE', 'SCHEMA_CHANGE'] },
  ];
  for (const r of requests) assert.deepEqual(roundTripRequest(r), r);
});

test('a non-serial serial consistency decodes (the query layer refuses it for conditional updates only)', () => {
  const q: Request = { opcode: 'QUERY', query: 'x', params: { consistency: 'ONE', values: [], skipMetadata: false, serialConsistency: 'ONE' } };
  assert.deepEqual(roundTripRequest(q), q);
  const b: Request = { opcode: 'BATCH', type: 'LOGGED', statements: [], consistency: 'ONE', serialConsistency: 'QUORUM' };
  assert.deepEqual(roundTripRequest(b), b);
});

test('a large BATCH decodes in steps, pacing between them, to the same request; a small one at once', async () => {
  const batchOf = (n: number): Request => ({
    opcode: 'BATCH',
    type: 'UNLOGGED',
    statements: Array.from({ length: n }, (_, i) => ({ kind: 'prepared' as const, id: Buffer.from([1, 2, 3]), values: [Buffer.from([i & 0xff])] })),
    consistency: 'ONE',
    timestamp: 5n,
  });
  const body = (r: Request): Buffer => encodeRequestFrame(r, { stream: 1, version: 4 }).subarray(HEADER_LENGTH);
  const large = batchOf(2 * BATCH_STATEMENTS_PER_STEP + 1);
  let paces = 0;
  const decoding = decodeRequestFramePaced(0x0d, body(large), 4, false, async () => {
    paces++;
  });
  assert.ok(decoding instanceof Promise);
  assert.deepEqual((await decoding).request, large);
  assert.equal(paces, 2);
  const small = batchOf(BATCH_STATEMENTS_PER_STEP);
  const decoded = decodeRequestFramePaced(0x0d, body(small), 4, false, () => assert.fail('a small batch paced'));
  assert.ok(!(decoded instanceof Promise));
  assert.deepEqual(decoded.request, small);
  assert.deepEqual(decodeRequestFrame(0x0d, body(large), 4, false).request, large);
});

test('v3 reads a -2 value as null', () => {
  const q: Request = { opcode: 'QUERY', query: 'x', params: { consistency: 'ONE', values: [UNSET], skipMetadata: false } };
  const back = roundTripRequest(q, 3);
  assert.equal(back.opcode === 'QUERY' && back.params.values[0], null);
});

test('malformed bodies are ProtocolViolations, never other errors', () => {
  const bad: [number, number[]][] = [
    [0x07, []], // QUERY, empty
    [0x07, [0, 0, 0, 5, 0x61]], // truncated long string
    [0x07, [0, 0, 0, 1, 0xff, 0, 1, 0]], // invalid UTF-8
    [0x07, [0, 0, 0, 1, 0x61, 0, 0x7f, 0]], // unknown consistency
    [0x07, [0, 0, 0, 1, 0x61, 0, 1, 0x80]], // unknown query flag
    [0x07, [0, 0, 0, 1, 0x61, 0, 1, 1, 0xff, 0xff]], // 65535 values in 0 bytes
    [0x07, [0, 0, 0, 1, 0x61, 0, 1, 1, 0, 1, 0xff, 0xff, 0xff, 0xfd]], // value length -3
    [0x01, [0xff, 0xff]], // string map of 65535 entries
    [0x0b, [0, 1, 0, 3, 0x61, 0x62, 0x63]], // REGISTER unknown event
    [0x0d, [3, 0, 0]], // batch type 3
    [0x0d, [0, 0, 1, 7]], // batch statement kind 7
    [0x0d, [0, 0, 0, 0, 1, 0x40]], // batch with names
    [0x0a, [0, 0]], // EXECUTE empty id
    [0x02, []], // READY is not a request
    [0x42, []], // unknown opcode
  ];
  for (const [op, body] of bad) {
    assert.throws(() => decodeRequest(op, Buffer.from(body), 4, false), ProtocolViolation, `opcode ${op} ${body}`);
  }
});

test('custom payloads (flag 0x04) travel both ways, null values included; v3 responses drop them', () => {
  const payload = new Map<string, Buffer | null>([['a', Buffer.from([10, 20])], ['b', null], ['', Buffer.alloc(0)]]);
  const query: Request = { opcode: 'QUERY', query: 'SELECT 1', params: { consistency: 'ONE', values: [], skipMetadata: false } };
  const frame = encodeRequestFrame(query, { stream: 1, version: 4, customPayload: payload });
  const h = readHeader(frame);
  assert.equal(h.flags & 0x04, 0x04);
  const decoded = decodeRequestFrame(h.opcode, frame.subarray(HEADER_LENGTH), 4, true);
  assert.deepEqual(decoded, { request: query, customPayload: payload });
  assert.deepEqual(decodeRequestFrame(h.opcode, encodeRequestFrame(query, { stream: 1 }).subarray(HEADER_LENGTH), 4, false).customPayload, undefined);

  const response = { opcode: 'RESULT', result: { kind: 'void' } } as const;
  const warnings = ['w'];
  const out = encodeResponseFrame({ version: 4, stream: 1, response, warnings, customPayload: payload, tracingId: Buffer.alloc(16, 1) });
  const back = decodeResponse(readHeader(out), out.subarray(HEADER_LENGTH));
  assert.deepEqual([back.response, back.warnings, back.customPayload, back.tracingId], [response, warnings, payload, Buffer.alloc(16, 1)]);
  const v3 = encodeResponseFrame({ version: 3, stream: 1, response, customPayload: payload });
  assert.equal(readHeader(v3).flags & 0x04, 0);
  assert.equal(decodeResponse(readHeader(v3), v3.subarray(HEADER_LENGTH)).customPayload, undefined);
});

test('random bodies for every opcode throw only ProtocolViolation', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0x20 }), fc.uint8Array({ maxLength: 64 }), fc.boolean(), (op, body, payload) => {
      try {
        decodeRequest(op, Buffer.from(body), 4, payload);
      } catch (e) {
        if (!(e instanceof ProtocolViolation)) throw e;
      }
    }),
    { numRuns: 20000 },
  );
});

const int: DataTypeSpec = { kind: 'native', name: 'int' };
const text: DataTypeSpec = { kind: 'native', name: 'varchar' };

function roundTripResult(r: ResultMessage, version = 4): ResultMessage {
  const w = new BodyWriter();
  writeResult(w, r, version);
  const reader = new BodyReader(w.toBuffer());
  const back = readResult(reader, version);
  assert.equal(reader.remaining, 0);
  return back;
}

test('results round-trip, with global and per-column table specs and every type shape', () => {
  const types: DataTypeSpec[] = [
    int,
    text,
    { kind: 'custom', className: 'org.example.Type' },
    { kind: 'list', element: int },
    { kind: 'set', element: text },
    { kind: 'map', key: text, value: { kind: 'list', element: int } },
    { kind: 'udt', keyspace: 'ks', name: 'addr', fields: [{ name: 'street', type: text }, { name: 'no', type: int }] },
    { kind: 'tuple', elements: [int, text, { kind: 'native', name: 'date' }] },
  ];
  const columns = types.map((type, i) => ({ keyspace: 'ks', table: 't', name: `c${i}`, type }));
  const rows: ResultMessage = {
    kind: 'rows',
    metadata: { columns, pagingState: Buffer.from([1, 2]) },
    rows: [columns.map((_, i) => (i % 2 ? null : Buffer.from([i])))],
  };
  assert.deepEqual(roundTripResult(rows), rows);
  const mixed: ResultMessage = {
    kind: 'rows',
    metadata: { columns: [columns[0]!, { ...columns[1]!, table: 'other' }] },
    rows: [],
  };
  assert.deepEqual(roundTripResult(mixed), mixed);
  const prepared: ResultMessage = {
    kind: 'prepared',
    id: Buffer.from([0xca, 0xfe]),
    metadata: { columns: columns.slice(0, 2), pkIndexes: [1, 0] },
    resultMetadata: { columns: [], noMetadata: true },
  };
  assert.deepEqual(roundTripResult(prepared), prepared);
  const v3 = roundTripResult(prepared, 3);
  assert.deepEqual(v3.kind === 'prepared' && v3.metadata.pkIndexes, [], 'v3 has no pk indexes');
  for (const r of [
    { kind: 'void' },
    { kind: 'set_keyspace', keyspace: 'ks' },
    { kind: 'schema_change', change: { change: 'CREATED', target: 'KEYSPACE', keyspace: 'ks' } },
    { kind: 'schema_change', change: { change: 'DROPPED', target: 'TABLE', keyspace: 'ks', name: 't' } },
    { kind: 'schema_change', change: { change: 'UPDATED', target: 'FUNCTION', keyspace: 'ks', name: 'f', argTypes: ['int'] } },
  ] as ResultMessage[]) {
    assert.deepEqual(roundTripResult(r), r);
  }
});

test('v3 gets v4-only types as custom and function changes as keyspace updates', () => {
  const r: ResultMessage = {
    kind: 'rows',
    metadata: { columns: [{ keyspace: 'k', table: 't', name: 'd', type: { kind: 'native', name: 'smallint' } }] },
    rows: [],
  };
  const back = roundTripResult(r, 3);
  assert.deepEqual(back.kind === 'rows' && back.metadata.columns[0]!.type, {
    kind: 'custom',
    className: 'org.apache.cassandra.db.marshal.ShortType',
  });
  const f = roundTripResult(
    { kind: 'schema_change', change: { change: 'CREATED', target: 'AGGREGATE', keyspace: 'k', name: 'a', argTypes: [] } },
    3,
  );
  assert.deepEqual(f, { kind: 'schema_change', change: { change: 'UPDATED', target: 'KEYSPACE', keyspace: 'k' } });
});

test('skip metadata sends No_metadata rows', () => {
  const w = new BodyWriter();
  writeResult(w, { kind: 'rows', metadata: { columns: [{ keyspace: 'k', table: 't', name: 'a', type: int }] }, rows: [[null]] }, 4, true);
  const back = readResult(new BodyReader(w.toBuffer()), 4);
  assert.equal(back.kind === 'rows' && back.metadata.noMetadata, true);
  assert.deepEqual(back.kind === 'rows' && back.rows, [[null]]);
});

function roundTripFrame(response: Parameters<typeof encodeResponseFrame>[0]) {
  const f = encodeResponseFrame(response);
  return decodeResponse(readHeader(f), f.subarray(HEADER_LENGTH), response.compressor);
}

test('every error code round-trips with its fields; v3 gets the failure codes downgraded', () => {
  const errors: ErrorMessage[] = [
    { code: ErrorCode.SERVER_ERROR, message: 'boom' },
    { code: ErrorCode.UNAVAILABLE, message: 'u', consistency: 'QUORUM', required: 2, alive: 1 },
    { code: ErrorCode.WRITE_TIMEOUT, message: 'w', consistency: 'ONE', received: 0, blockFor: 1, writeType: 'BATCH_LOG' },
    { code: ErrorCode.READ_TIMEOUT, message: 'r', consistency: 'ALL', received: 1, blockFor: 3, dataPresent: true },
    { code: ErrorCode.READ_FAILURE, message: 'rf', consistency: 'ONE', received: 0, blockFor: 1, numFailures: 1, dataPresent: false },
    { code: ErrorCode.WRITE_FAILURE, message: 'wf', consistency: 'TWO', received: 1, blockFor: 2, numFailures: 1, writeType: 'SIMPLE' },
    { code: ErrorCode.FUNCTION_FAILURE, message: 'ff', keyspace: 'ks', functionName: 'f', argTypes: ['int', 'text'] },
    { code: ErrorCode.ALREADY_EXISTS, message: 'ae', keyspace: 'ks', table: '' },
    { code: ErrorCode.UNPREPARED, message: 'up', id: Buffer.from([1, 2]) },
  ];
  for (const error of errors) {
    const back = roundTripFrame({ version: 4, stream: 3, response: { opcode: 'ERROR', error } });
    assert.deepEqual(back.response, { opcode: 'ERROR', error });
  }
  const v3 = roundTripFrame({ version: 3, stream: 1, response: { opcode: 'ERROR', error: errors[4]! } });
  assert.equal(v3.response.opcode === 'ERROR' && v3.response.error.code, ErrorCode.READ_TIMEOUT);
});

test('events round-trip, IPv4 and IPv6', () => {
  const events: ServerEvent[] = [
    { type: 'TOPOLOGY_CHANGE', change: 'NEW_NODE', node: { address: '10.0.0.1', port: 9042 } },
    { type: 'STATUS_CHANGE', change: 'DOWN', node: { address: '2001:db8::1', port: 9042 } },
    { type: 'SCHEMA_CHANGE', change: { change: 'CREATED', target: 'TYPE', keyspace: 'ks', name: 'addr' } },
  ];
  for (const event of events) {
    const back = roundTripFrame({ version: 4, stream: -1, response: { opcode: 'EVENT', event } });
    assert.deepEqual(back.response, { opcode: 'EVENT', event });
    assert.equal(back.stream, -1);
  }
});

test('warnings and tracing id travel in front of the body (warnings only from v4)', () => {
  const tracingId = Buffer.alloc(16, 7);
  const back = roundTripFrame({ version: 4, stream: 1, response: { opcode: 'READY' }, warnings: ['careful'], tracingId });
  assert.deepEqual(back.warnings, ['careful']);
  assert.deepEqual(back.tracingId, tracingId);
  const v3 = roundTripFrame({ version: 3, stream: 1, response: { opcode: 'READY' }, warnings: ['careful'] });
  assert.deepEqual(v3.warnings, []);
});

test('compression: round trip, only when it helps, and garbage or forged sizes are refused', () => {
  for (const name of ['lz4', 'snappy']) {
    const c = compressorFor(name)!;
    const big: ResultMessage = {
      kind: 'rows',
      metadata: { columns: [{ keyspace: 'k', table: 't', name: 'v', type: text }] },
      rows: Array.from({ length: 200 }, () => [Buffer.from('the same text again and again')]),
    };
    const f = encodeResponseFrame({ version: 4, stream: 1, response: { opcode: 'RESULT', result: big }, compressor: c });
    assert.equal(f[1]! & 1, 1, `${name}: compressed`);
    assert.deepEqual(decodeResponse(readHeader(f), f.subarray(HEADER_LENGTH), c).response, { opcode: 'RESULT', result: big });
    const small = encodeResponseFrame({ version: 4, stream: 1, response: { opcode: 'READY' }, compressor: c });
    assert.equal(small[1]! & 1, 0, `${name}: empty body left alone`);
    const payload = c.compress(Buffer.alloc(1000, 1));
    assert.deepEqual(c.decompress(payload, 1 << 20), Buffer.alloc(1000, 1));
    assert.throws(() => c.decompress(payload, 999), ProtocolViolation, 'above the limit');
    assert.throws(() => c.decompress(Buffer.from([0x7f, 0xff, 0xff, 0xff, 0, 1]), 1 << 30), ProtocolViolation, 'forged size');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (junk) => {
        try {
          c.decompress(Buffer.from(junk), 1 << 20);
        } catch (e) {
          if (!(e instanceof ProtocolViolation)) throw e;
        }
      }),
      { numRuns: 3000 },
    );
  }
});

test('a large Rows result is encoded in steps, bounded by values and by bytes; any other response in one', () => {
  /** Runs the steps; returns the frame and how many steps it took. */
  const encodeCounting = (response: Parameters<typeof encodeResponseFrame>[0]): { frame: Buffer; steps: number } => {
    const steps = encodeResponseSteps(response);
    for (let n = 1; ; n++) {
      const s = steps.next();
      if (s.done === true) return { frame: s.value, steps: n };
    }
  };
  const columns = [
    { keyspace: 'k', table: 't', name: 'a', type: int },
    { keyspace: 'k', table: 't', name: 'b', type: int },
  ];
  const cases: [string, ResultMessage, number][] = [
    ['no rows', { kind: 'rows', metadata: { columns }, rows: [] }, 1],
    ['one step of values exactly', { kind: 'rows', metadata: { columns }, rows: Array.from({ length: ENCODE_STEP_VALUES_MAX / 2 }, () => [Buffer.alloc(4), null]) }, 1],
    ['one value more', { kind: 'rows', metadata: { columns }, rows: Array.from({ length: ENCODE_STEP_VALUES_MAX / 2 + 1 }, () => [Buffer.alloc(4), null]) }, 2],
    ['2.5 steps of values', { kind: 'rows', metadata: { columns }, rows: Array.from({ length: (ENCODE_STEP_VALUES_MAX * 5) / 4 }, (_, i) => [Buffer.from([i & 0xff]), null]) }, 3],
    // Values of a quarter of the byte bound: a step ends after the row that reaches it.
    ['bytes', { kind: 'rows', metadata: { columns }, rows: Array.from({ length: 9 }, (_, i) => [Buffer.alloc(ENCODE_STEP_BYTES_MAX / 8, i), Buffer.alloc(ENCODE_STEP_BYTES_MAX / 8, i)]) }, 3],
    ['rows of no columns', { kind: 'rows', metadata: { columns: [] }, rows: Array.from({ length: ENCODE_STEP_VALUES_MAX * 2 }, () => []) }, 2],
    ['prepared', { kind: 'prepared', id: Buffer.from([1]), metadata: { columns, pkIndexes: [0] }, resultMetadata: { columns } }, 1],
  ];
  for (const [name, result, expectedSteps] of cases) {
    for (const compressor of [undefined, compressorFor('lz4')!]) {
      const { frame, steps } = encodeCounting({ version: 4, stream: 3, response: { opcode: 'RESULT', result }, compressor, warnings: ['w'] });
      assert.equal(steps, expectedSteps, `${name}: steps`);
      assert.deepEqual(frame, encodeResponseFrame({ version: 4, stream: 3, response: { opcode: 'RESULT', result }, compressor, warnings: ['w'] }), `${name}: the same frame in one go`);
      const header = readHeader(frame);
      assert.equal(header.length, frame.length - HEADER_LENGTH, `${name}: the header's length`);
      const back = decodeResponse(header, frame.subarray(HEADER_LENGTH), compressor);
      assert.deepEqual(back.response, { opcode: 'RESULT', result }, name);
      assert.deepEqual(back.warnings, ['w']);
    }
  }
  assert.equal(encodeCounting({ version: 4, stream: 1, response: { opcode: 'ERROR', error: { code: ErrorCode.SERVER_ERROR, message: 'm' } } }).steps, 1);
  // A row of the wrong width fails in the step that reaches it.
  const bad = encodeResponseSteps({ version: 4, stream: 1, response: { opcode: 'RESULT', result: { kind: 'rows', metadata: { columns }, rows: [...Array.from({ length: ENCODE_STEP_VALUES_MAX / 2 }, () => [null, null]), [null]] } } });
  assert.equal(bad.next().done, false);
  assert.throws(() => bad.next(), /row has 1 values for 2 columns/);
});

test('IP text forms', () => {
  for (const [t, canonical] of [
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::ffff:10.0.0.1', '::ffff:a00:1'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['::', '::'],
  ] as const) {
    const b = parseIp(t);
    assert.ok(b, t);
    assert.equal(formatIp(b), canonical);
  }
  for (const t of ['1.2.3', '256.1.1.1', '1::2::3', ':::', 'abc', '1:2:3:4:5:6:7:8:9']) assert.equal(parseIp(t), null, t);
});

test('thrown errors map to ERROR messages with their fields', async () => {
  const { toErrorMessage } = await import('./error-mapping.js');
  const { AlreadyExistsError } = await import('../../schema/already-exists-error.js');
  const errors = await import('../../errors/index.js');
  assert.deepEqual(toErrorMessage(new AlreadyExistsError('ks', 't', 'exists')).error, {
    code: ErrorCode.ALREADY_EXISTS,
    message: 'exists',
    keyspace: 'ks',
    table: 't',
  });
  assert.deepEqual(toErrorMessage(new errors.WriteTimeoutError('w', 'QUORUM', 1, 2, 'BATCH')).error, {
    code: ErrorCode.WRITE_TIMEOUT,
    message: 'w',
    consistency: 'QUORUM',
    received: 1,
    blockFor: 2,
    writeType: 'BATCH',
  });
  const plain = toErrorMessage(new errors.WriteFailureError('disk'));
  assert.equal(plain.error.code, ErrorCode.WRITE_FAILURE);
  assert.equal(plain.unexpected, false);
  assert.deepEqual(toErrorMessage(new TypeError('bug')), { error: { code: ErrorCode.SERVER_ERROR, message: 'bug' }, unexpected: true });
});

test('a message longer than a [string] holds is cut at a character boundary and says so', () => {
  const short = 'fine';
  assert.equal(fitMessage(short), short);
  for (const unit of ['a', 'é', '€', '😀']) {
    const long = unit.repeat(70_000);
    const fitted = fitMessage(long);
    assert.ok(Buffer.byteLength(fitted, 'utf8') <= 0xffff, unit);
    assert.ok(!fitted.includes('\uFFFD'), `no broken character (${unit})`);
    assert.match(fitted, new RegExp(`^(${unit})+ \\[… ${Buffer.byteLength(long, 'utf8')} bytes in all, cut to fit the protocol's string\\]$`, 'u'));
  }
});
