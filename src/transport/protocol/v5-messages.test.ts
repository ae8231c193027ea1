/** The v5 forms of QUERY, PREPARE, EXECUTE, BATCH, PREPARED, Rows metadata and the failure errors: round trips and wire facts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ErrorCode } from '../../errors/index.js';
import { BodyReader } from './body-reader.js';
import { BodyWriter } from './body-writer.js';
import { readError, writeError } from './error-codec.js';
import type { ErrorMessage } from './error-message.js';
import { Opcode } from './opcode.js';
import { writeRequestBody } from './request-codec.js';
import { decodeRequest } from './request-decoder.js';
import type { Request } from './requests.js';
import { readResult, resultMetadataId, writeResult } from './result-codec.js';
import type { ColumnSpec, ResultMessage } from './result-message.js';

function roundTrip(r: Request, version: number): Request {
  const w = new BodyWriter(64);
  writeRequestBody(w, r, version);
  return decodeRequest(({ QUERY: Opcode.QUERY, PREPARE: Opcode.PREPARE, EXECUTE: Opcode.EXECUTE, BATCH: Opcode.BATCH } as Record<string, number>)[r.opcode]!, w.view(), version, false);
}

const params = fc.record(
  {
    consistency: fc.constantFrom('ONE' as const, 'QUORUM' as const),
    values: fc.array(fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b)), { maxLength: 3 }),
    skipMetadata: fc.boolean(),
    pageSize: fc.integer({ min: 1, max: 5000 }),
    timestamp: fc.bigInt({ min: 0n, max: 2n ** 62n }),
    keyspace: fc.string({ maxLength: 12 }),
    nowInSeconds: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  },
  { requiredKeys: ['consistency', 'values', 'skipMetadata'] },
);

test('v5 QUERY and EXECUTE parameters round-trip with int flags, keyspace and now_in_seconds', () => {
  fc.assert(
    fc.property(params, fc.string({ maxLength: 40 }), (generated, query) => {
      const p = { ...generated };
      assert.deepEqual(roundTrip({ opcode: 'QUERY', query, params: p }, 5), { opcode: 'QUERY', query, params: p });
      const ex: Request = { opcode: 'EXECUTE', id: Buffer.from('id'), resultMetadataId: Buffer.from('meta'), params: p };
      assert.deepEqual(roundTrip(ex, 5), ex);
    }),
    { numRuns: 100 },
  );
});

test('the wire facts: flags are an [int] in v5 (keyspace 0x80, now 0x100), a [byte] below', () => {
  const w = new BodyWriter(64);
  writeRequestBody(w, { opcode: 'QUERY', query: 'q', params: { consistency: 'ONE', values: [], skipMetadata: false, keyspace: 'ks', nowInSeconds: 9 } }, 5);
  assert.equal(w.view().toString('hex'), ['00000001', '71', '0001', '00000180', '0002', '6b73', '00000009'].join(''));
  const prepare = new BodyWriter(16);
  writeRequestBody(prepare, { opcode: 'PREPARE', query: 'q', keyspace: 'ks' }, 5);
  assert.equal(prepare.view().toString('hex'), '0000000171' + '00000001' + '00026b73');
  assert.deepEqual(roundTrip({ opcode: 'PREPARE', query: 'q' }, 5), { opcode: 'PREPARE', query: 'q' });
  assert.deepEqual(roundTrip({ opcode: 'PREPARE', query: 'q' }, 4), { opcode: 'PREPARE', query: 'q' });
  const batch: Request = { opcode: 'BATCH', type: 'UNLOGGED', statements: [{ kind: 'query', query: 'x', values: [] }], consistency: 'ONE', timestamp: 3n, keyspace: 'k', nowInSeconds: 4 };
  assert.deepEqual(roundTrip(batch, 5), batch);
  // Below v5 the new flags do not exist: 0x80 is refused.
  const v4 = Buffer.from('0000000171' + '0001' + '80', 'hex');
  assert.throws(() => decodeRequest(Opcode.QUERY, v4, 4, false), /unknown query flags 0x80/);
});

test('PREPARED carries the result metadata id in v5; Rows carry Metadata_changed with the new id', () => {
  const columns = [{ keyspace: 'ks', table: 't', name: 'a', type: { kind: 'native', name: 'int' } }] as const satisfies readonly ColumnSpec[];
  const prepared: ResultMessage = { kind: 'prepared', id: Buffer.from('abc'), metadata: { columns: [], pkIndexes: [] }, resultMetadata: { columns } };
  const w = new BodyWriter(64);
  writeResult(w, prepared, 5);
  const body = w.view();
  assert.deepEqual(body.subarray(4 + 2 + 3, 4 + 2 + 3 + 2 + 16), Buffer.concat([Buffer.from([0, 16]), resultMetadataId(columns)]));
  assert.deepEqual(readResult(new BodyReader(body), 5), prepared);
  const id = resultMetadataId(columns);
  const rows: ResultMessage = { kind: 'rows', metadata: { columns, newMetadataId: id }, rows: [[Buffer.from([0, 0, 0, 1])]] };
  const rw = new BodyWriter(64);
  writeResult(rw, rows, 5, true);
  assert.equal(rw.view().readInt32BE(4), 0x0008 | 0x0001, 'Metadata_changed, and Global_tables_spec: full metadata though skip was asked');
  assert.deepEqual(readResult(new BodyReader(rw.view()), 5), rows);
  const v4 = new BodyWriter(64);
  writeResult(v4, rows, 4, true);
  assert.equal(v4.view().readInt32BE(4), 0x0004, 'v4 knows no such flag: No_metadata as asked');
  assert.notDeepEqual(resultMetadataId(columns), resultMetadataId([{ ...columns[0], type: { kind: 'native', name: 'bigint' } as const }]));
});

test('READ_FAILURE and WRITE_FAILURE: the reason map in v5, the count below', () => {
  const read: ErrorMessage = { code: ErrorCode.READ_FAILURE, message: 'm', consistency: 'QUORUM', received: 1, blockFor: 2, numFailures: 2, reasons: [{ address: '127.0.0.2', code: 0 }, { address: '::1', code: 1 }], dataPresent: true };
  const write: ErrorMessage = { code: ErrorCode.WRITE_FAILURE, message: 'm', consistency: 'ONE', received: 0, blockFor: 1, numFailures: 1, reasons: [{ address: '10.0.0.1', code: 0 }], writeType: 'SIMPLE' };
  for (const e of [read, write]) {
    const w5 = new BodyWriter(64);
    writeError(w5, e, 5);
    assert.deepEqual(readError(new BodyReader(w5.view()), 5), e);
    const w4 = new BodyWriter(64);
    writeError(w4, e, 4);
    const { reasons: _dropped, ...counted } = e as ErrorMessage & { reasons?: unknown };
    assert.deepEqual(readError(new BodyReader(w4.view()), 4), counted);
  }
  const w = new BodyWriter(64);
  writeError(w, read, 5);
  // <cl><received><blockfor> then [int] 2, then 4-byte 127.0.0.2 with code 0, 16-byte ::1 with code 1.
  assert.equal(w.view().subarray(4 + 3 + 2 + 8).toString('hex'), '00000002' + '047f000002' + '0000' + '10' + '00'.repeat(15) + '01' + '0001' + '01');
});
