/**
 * Test support for reading CQL tables before INSERT exists: make keyspaces and tables through the
 * schema keeper, and write CQL rows as engine cells laid out by TableLayout (row marker, columns,
 * collection elements, static cells), values given as JS values composed by each column's type.
 */
import { type AbstractType, ListType, MapType, SetType, UserType, makeTimeUuid } from '../../src/marshal/index.js';
import type { CqlTestNode } from './cql-test-node.js';
import { type ColumnFamilyDef, type ColumnFamilyInput, type CqlColumn, type CqlTableInput, createColumnFamily, createKeyspace } from '../../src/schema/index.js';
import { type Cell, expiringCell, liveCell } from '../../src/storage/model/index.js';
import { encodePartitionKey } from '../../src/db/cql-layout/partition-key.js';
import { TableLayout } from '../../src/db/cql-layout/table-layout.js';

export async function ensureKeyspace(n: CqlTestNode, keyspace: string): Promise<void> {
  if (n.ctx.schema().keyspace(keyspace) === undefined) await n.ctx.keeper.addKeyspace(createKeyspace({ name: keyspace }, n.env.random));
}

/** A CQL table (the keyspace made when missing). */
export async function createTable(n: CqlTestNode, keyspace: string, name: string, cql: CqlTableInput): Promise<ColumnFamilyDef> {
  return createFamily(n, { keyspace, name, cql });
}

/** Any column family (e.g. Thrift-style, with 0.7 fields). */
export async function createFamily(n: CqlTestNode, input: ColumnFamilyInput): Promise<ColumnFamilyDef> {
  await ensureKeyspace(n, input.keyspace);
  await n.ctx.keeper.addColumnFamily(createColumnFamily(input, n.env.random));
  return n.ctx.schema().keyspace(input.keyspace)!.tables.find((t) => t.name === input.name)!;
}

export interface RowInput {
  /** Every column by name: primary key columns, regular and static ones (JS values; undefined / absent: not written). */
  readonly [column: string]: unknown;
}

export interface WriteOptions {
  readonly timestamp?: bigint;
  readonly ttl?: number;
  /** Sparse tables: write the row marker (default true). */
  readonly marker?: boolean;
}

/** Writes rows (one partition update per row). Values are JS values; Buffer is taken as already serialized. */
export async function writeRows(n: CqlTestNode, cf: ColumnFamilyDef, rows: readonly RowInput[], options: WriteOptions = {}): Promise<void> {
  const layout = new TableLayout(cf);
  const t = cf.cql;
  let seq = 0n;
  for (const row of rows) {
    const ts = options.timestamp ?? 1000n;
    const nowSec = n.ctx.nowSec();
    const make = (name: Buffer, value: Buffer): Cell => (options.ttl === undefined ? liveCell(name, value, ts) : expiringCell(name, value, ts, options.ttl, nowSec));
    const key = encodePartitionKey(t, t.partitionKey.map((c) => ser(c.type, row[c.name], c.name)));
    const hasClustering = t.clustering.every((c) => row[c.name] !== undefined);
    const clustering = hasClustering ? t.clustering.map((c) => ser(c.type, row[c.name], c.name)) : [];
    const cells: Cell[] = [];
    if (hasClustering && options.marker !== false) {
      const m = layout.markerName(clustering);
      if (m !== null) cells.push(make(m, Buffer.alloc(0)));
    }
    for (const c of [...t.regular, ...t.statics]) {
      const v = row[c.name];
      if (v === undefined) continue;
      if (c.kind === 'regular' && !hasClustering) continue;
      for (const cell of columnCells(layout, clustering, c, v, () => seq++)) cells.push(make(cell.name, cell.value));
    }
    await n.engine.apply(cf.id, { key, partitionDeletion: null, rangeTombstones: [], cells });
  }
}

function columnCells(layout: TableLayout, clustering: Buffer[], c: CqlColumn, v: unknown, next: () => bigint): { name: Buffer; value: Buffer }[] {
  const type = c.type as AbstractType & { isMultiCell?: boolean };
  if (type.isMultiCell !== true) return [{ name: layout.cellName(clustering, c), value: ser(type, v, c.name) }];
  const frozen = ser(type, v, c.name);
  if (type instanceof ListType) {
    const values = (type.freeze().compose(frozen) as unknown[] | null) ?? [];
    return values.map((e) => {
      const path = makeTimeUuid(1_000_000n + next(), Buffer.from([0x80, 0, 0, 0, 0, 0, 0, 1]));
      return { name: layout.cellName(clustering, c, type.cellPathType.toComparable(path)), value: type.elements.decompose(e) };
    });
  }
  if (type instanceof SetType || type instanceof MapType || type instanceof UserType) {
    return type.toCells(frozen).map((e) => ({ name: layout.cellName(clustering, c, type.cellPathType.toComparable(e.path)), value: e.value }));
  }
  throw new Error(`cannot write ${type.name}`);
}

function ser(type: AbstractType, v: unknown, name: string): Buffer {
  if (v === undefined) throw new Error(`no value for ${name}`);
  if (Buffer.isBuffer(v)) return v;
  return (type as AbstractType<unknown>).decompose(v);
}
