import { createHash } from 'node:crypto';
import type { BodyReader } from './body-reader.js';
import { BodyWriter } from './body-writer.js';
import { readDataType, writeDataType } from './data-type-spec.js';
import { ProtocolViolation } from './protocol-violation.js';
import {
  type ColumnSpec,
  type PreparedMetadata,
  type ResultMessage,
  type ResultMetadata,
  type RowsResult,
  ResultKind,
  RowsFlag,
} from './result-message.js';
import { readSchemaChange, writeSchemaChange } from './schema-change.js';

/**
 * RESULT bodies (v4 spec §4.2.5): `writeResultHead` and `writeRowsStep` for the server,
 * `writeResult` and `readResult` for clients (our
 * tests and tools). Rows: <metadata><rows_count:int><rows_count × columns_count [bytes]>.
 * Prepared: <id:[short bytes]><metadata><result_metadata>, where <metadata> has pk indexes from
 * v4 on (<flags><columns_count><pk_count><pk_index:short>*…).
 *
 * The server writes a Rows body's rows in steps of at most ENCODE_STEP_VALUES_MAX values or about
 * ENCODE_STEP_BYTES_MAX bytes, and yields the event loop between them (response-codec.ts,
 * cql-connection.ts): a client page of 200,000 rows was one step of 13–96 ms on our 2-core
 * machine.
 *
 * v5 adds result metadata ids: Prepared is <id><result_metadata_id:[short bytes]><metadata>
 * <result_metadata>, and Rows metadata may carry Metadata_changed (0x0008) with
 * <new_metadata_id:[short bytes]> after the paging state. An id is opaque to clients; ours is the
 * MD5 of the columns as written on the wire (names, tables and types), as Cassandra's is an MD5
 * of its column specifications (cql3/ResultSet.ResultMetadata.computeResultMetadataId).
 */
export function resultMetadataId(columns: readonly ColumnSpec[]): Buffer {
  const w = new BodyWriter(64);
  writeColumnSpecs(w, columns, false, 5);
  return createHash('md5').update(w.view()).digest();
}

function sharedTable(columns: readonly ColumnSpec[]): { keyspace: string; table: string } | null {
  const first = columns[0];
  if (first === undefined) return null;
  for (const c of columns) if (c.keyspace !== first.keyspace || c.table !== first.table) return null;
  return { keyspace: first.keyspace, table: first.table };
}

function writeColumnSpecs(w: BodyWriter, columns: readonly ColumnSpec[], global: boolean, version: number): void {
  if (global) w.string(columns[0]!.keyspace).string(columns[0]!.table);
  for (const c of columns) {
    if (!global) w.string(c.keyspace).string(c.table);
    w.string(c.name);
    writeDataType(w, c.type, version);
  }
}

export function writeResultMetadata(w: BodyWriter, m: ResultMetadata, version: number, skipMetadata = false): void {
  // Changed metadata is always sent in full: the client's copy no longer describes the rows.
  const noMetadata = m.noMetadata === true || (skipMetadata && (m.newMetadataId === undefined || version < 5));
  const shared = noMetadata ? null : sharedTable(m.columns);
  const changed = m.newMetadataId !== undefined && version >= 5 && !noMetadata;
  let flags = 0;
  if (shared !== null) flags |= RowsFlag.GLOBAL_TABLES_SPEC;
  if (m.pagingState !== undefined) flags |= RowsFlag.HAS_MORE_PAGES;
  if (noMetadata) flags |= RowsFlag.NO_METADATA;
  if (changed) flags |= RowsFlag.METADATA_CHANGED;
  w.int(flags).int(m.columns.length);
  if (m.pagingState !== undefined) w.bytesValue(m.pagingState);
  if (changed) w.shortBytes(m.newMetadataId!);
  if (!noMetadata) writeColumnSpecs(w, m.columns, shared !== null, version);
}

function writePreparedMetadata(w: BodyWriter, m: PreparedMetadata, version: number): void {
  const shared = sharedTable(m.columns);
  w.int(shared !== null ? RowsFlag.GLOBAL_TABLES_SPEC : 0).int(m.columns.length);
  if (version >= 4) {
    w.int(m.pkIndexes.length);
    for (const i of m.pkIndexes) w.short(i);
  }
  writeColumnSpecs(w, m.columns, shared !== null, version);
}

/**
 * Values of a Rows body written in one step at most: 16,384 four-byte values take ~1 ms here
 * (~4 ms at a load of 8). A step also ends once it wrote ENCODE_STEP_BYTES_MAX bytes (large
 * values), after the row that crossed it.
 */
export const ENCODE_STEP_VALUES_MAX = 16_384;
export const ENCODE_STEP_BYTES_MAX = 1024 * 1024;

/**
 * Writes a RESULT body but for a Rows result's rows, which follow with `writeRowsStep`.
 * `skipMetadata`: the request asked for No_metadata on Rows.
 */
export function writeResultHead(w: BodyWriter, result: ResultMessage, version: number, skipMetadata = false): void {
  switch (result.kind) {
    case 'void':
      w.int(ResultKind.VOID);
      return;
    case 'rows':
      w.int(ResultKind.ROWS);
      writeResultMetadata(w, result.metadata, version, skipMetadata);
      w.int(result.rows.length);
      return;
    case 'set_keyspace':
      w.int(ResultKind.SET_KEYSPACE).string(result.keyspace);
      return;
    case 'prepared':
      w.int(ResultKind.PREPARED).shortBytes(result.id);
      if (version >= 5) w.shortBytes(resultMetadataId(result.resultMetadata.columns));
      writePreparedMetadata(w, result.metadata, version);
      writeResultMetadata(w, result.resultMetadata, version);
      return;
    case 'schema_change':
      w.int(ResultKind.SCHEMA_CHANGE);
      writeSchemaChange(w, result.change, version);
      return;
  }
}

/** Writes a whole RESULT body in one go (clients, tests). */
export function writeResult(w: BodyWriter, result: ResultMessage, version: number, skipMetadata = false): void {
  writeResultHead(w, result, version, skipMetadata);
  if (result.kind !== 'rows') return;
  const width = result.metadata.columns.length;
  for (let next = 0; next < result.rows.length; ) next = writeRowsStep(w, result.rows, width, next);
}

/**
 * Writes one step's rows from `from` on (see the header); returns the index of the first row not
 * written, `rows.length` once all are.
 */
export function writeRowsStep(w: BodyWriter, rows: RowsResult['rows'], width: number, from: number): number {
  const bytesEnd = w.length + ENCODE_STEP_BYTES_MAX;
  // A row of no columns counts as one value, so that every step ends.
  const end = Math.min(rows.length, from + Math.ceil(ENCODE_STEP_VALUES_MAX / Math.max(1, width)));
  let i = from;
  while (i < end && w.length < bytesEnd) {
    const row = rows[i++]!;
    if (row.length !== width) throw new RangeError(`row has ${row.length} values for ${width} columns`);
    for (const v of row) w.bytesValue(v);
  }
  return i;
}

function readColumnSpecs(r: BodyReader, count: number, global: boolean): ColumnSpec[] {
  let keyspace = '';
  let table = '';
  if (global) {
    keyspace = r.string();
    table = r.string();
  }
  const columns: ColumnSpec[] = [];
  for (let i = 0; i < count; i++) {
    let ks = keyspace;
    let tb = table;
    if (!global) {
      ks = r.string();
      tb = r.string();
    }
    const name = r.string();
    columns.push({ keyspace: ks, table: tb, name, type: readDataType(r) });
  }
  return columns;
}

/** Reads <metadata>. With No_metadata, `columns` holds `count` placeholder blob columns. */
export function readResultMetadata(r: BodyReader): ResultMetadata & { columnCount: number } {
  const flags = r.int();
  const count = r.int();
  if (count < 0) throw new ProtocolViolation(`negative column count ${count}`);
  const pagingState = flags & RowsFlag.HAS_MORE_PAGES ? (r.bytes() ?? undefined) : undefined;
  const newMetadataId = flags & RowsFlag.METADATA_CHANGED ? r.shortBytes() : undefined;
  if (flags & RowsFlag.NO_METADATA) {
    const base = { columns: [], noMetadata: true, columnCount: count };
    return pagingState === undefined ? base : { ...base, pagingState };
  }
  // Each column spec takes at least 4 bytes (name and type); check before allocating.
  if (count * 4 > r.remaining) throw new ProtocolViolation(`column count ${count} cannot fit`);
  const columns = readColumnSpecs(r, count, (flags & RowsFlag.GLOBAL_TABLES_SPEC) !== 0);
  return { columns, columnCount: count, ...(pagingState === undefined ? {} : { pagingState }), ...(newMetadataId === undefined ? {} : { newMetadataId }) };
}

/** Reads a RESULT body (client side). */
export function readResult(r: BodyReader, version: number): ResultMessage {
  const kind = r.int();
  switch (kind) {
    case ResultKind.VOID:
      return { kind: 'void' };
    case ResultKind.ROWS: {
      const { columnCount, ...metadata } = readResultMetadata(r);
      const n = r.int();
      if (n < 0 || (columnCount > 0 && n * columnCount * 4 > r.remaining)) {
        throw new ProtocolViolation(`row count ${n} cannot fit`);
      }
      const rows: (Buffer | null)[][] = [];
      for (let i = 0; i < n; i++) {
        const row: (Buffer | null)[] = [];
        for (let j = 0; j < columnCount; j++) row.push(r.bytes());
        rows.push(row);
      }
      return { kind: 'rows', metadata, rows };
    }
    case ResultKind.SET_KEYSPACE:
      return { kind: 'set_keyspace', keyspace: r.string() };
    case ResultKind.PREPARED: {
      const id = r.shortBytes();
      if (version >= 5) r.shortBytes(); // the result metadata id: resultMetadataId(resultMetadata.columns)
      const flags = r.int();
      const count = r.int();
      if (count < 0 || count * 4 > r.remaining) throw new ProtocolViolation(`bind marker count ${count} cannot fit`);
      const pkIndexes: number[] = [];
      if (version >= 4) {
        const pk = r.int();
        if (pk < 0 || pk * 2 > r.remaining) throw new ProtocolViolation(`pk count ${pk} cannot fit`);
        for (let i = 0; i < pk; i++) pkIndexes.push(r.short());
      }
      const columns = readColumnSpecs(r, count, (flags & RowsFlag.GLOBAL_TABLES_SPEC) !== 0);
      const { columnCount: _ignored, ...resultMetadata } = readResultMetadata(r);
      return { kind: 'prepared', id, metadata: { columns, pkIndexes }, resultMetadata };
    }
    case ResultKind.SCHEMA_CHANGE:
      return { kind: 'schema_change', change: readSchemaChange(r) };
    default:
      throw new ProtocolViolation(`unknown result kind ${kind}`);
  }
}
