/**
 * The embedded read path's shaper (engine cells → Maps in one pass) against the reference path
 * (cells → Thrift columns → Maps, what a wire backend does): for random column families, names,
 * values, dead cells and directions, both give the same Maps, entry for entry, in the same order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type SliceLevel, THRIFT_SHAPER } from '../db/index.js';
import { standardCellName, subColumnCellName } from '../db/operations/thrift-cell-layout.js';
import { SeededRandom } from '../env/index.js';
import { parseType } from '../marshal/index.js';
import { valuesOf } from '../../test/support/marshal/value-arbitraries.js';
import { type ColumnFamilyDef, createColumnFamily } from '../schema/index.js';
import { type Cell, expiringCell, liveCell, tombstoneCell } from '../storage/model/index.js';
import { ColumnFamilyCodec } from './column-family-codec.js';
import { sliceResult } from './result-maps.js';

const NOW = 1_700_000_000;
const NAME_TYPES = ['UTF8Type', 'AsciiType', 'BytesType', 'LongType', 'TimeUUIDType', 'UUIDType', 'IntegerType', 'Int32Type', 'DoubleType', 'ReversedType(UTF8Type)', 'ReversedType(BytesType)'];
const VALUE_TYPES = ['BytesType', 'UTF8Type', 'LongType', 'TimeUUIDType'];

interface Case {
  readonly def: ColumnFamilyDef;
  readonly raw: boolean;
  readonly level: SliceLevel;
  readonly reversed: boolean;
  readonly cells: Cell[];
}

const cellKind = fc.constantFrom('live', 'live', 'live', 'expiring', 'expired', 'tombstone');

function makeCell(name: Buffer, value: Buffer, kind: string): Cell {
  switch (kind) {
    case 'expiring':
      return expiringCell(name, value, 5n, 100, NOW);
    case 'expired':
      return expiringCell(name, value, 5n, 100, NOW - 200);
    case 'tombstone':
      return tombstoneCell(name, 5n, NOW);
    default:
      return liveCell(name, value, 5n);
  }
}

/** Distinct by comparable form (names equal under the comparator are one column), in cell order. */
function ordered(cells: Cell[], reversed: boolean): Cell[] {
  const byName = new Map(cells.map((c) => [c.name.toString('hex'), c]));
  const sorted = [...byName.values()].sort((a, b) => Buffer.compare(a.name, b.name));
  return reversed ? sorted.reverse() : sorted;
}

const cases: fc.Arbitrary<Case> = fc
  .record({
    comparator: fc.constantFrom(...NAME_TYPES),
    subcomparator: fc.option(fc.constantFrom(...NAME_TYPES), { nil: undefined }),
    defaultValidator: fc.constantFrom(...VALUE_TYPES),
    metadataType: fc.option(fc.constantFrom(...VALUE_TYPES), { nil: undefined }),
    raw: fc.boolean(),
    reversed: fc.boolean(),
    subLevel: fc.boolean(),
  })
  .chain((o) => {
    const def = createColumnFamily(
      { keyspace: 'K', name: 'C', comparator: o.comparator, defaultValidator: o.defaultValidator, ...(o.subcomparator === undefined ? {} : { columnType: 'Super', subcomparator: o.subcomparator }) },
      new SeededRandom(1),
    );
    const comparator = parseType(o.comparator);
    const sub = o.subcomparator === undefined ? null : parseType(o.subcomparator);
    const leafType = sub ?? comparator;
    const names = fc.array(valuesOf(leafType).filter((b) => b.length > 0), { maxLength: 12 });
    const withMeta = o.metadataType === undefined ? fc.constant(def) : names.map((ns) => (ns.length === 0 ? def : createColumnFamily({ ...defInput(def), columnMetadata: [{ name: ns[0]!, validator: o.metadataType! }] }, new SeededRandom(1))));
    return withMeta.chain((d) => {
      const valueOf = (n: Buffer): fc.Arbitrary<Buffer> => valuesOf(d.columnMetadata.find((m) => m.name.equals(n))?.validator ?? d.defaultValidator);
      const leaf = valuesOf(leafType).filter((b) => b.length > 0);
      const cell = (superName: Buffer | null): fc.Arbitrary<Cell> =>
        leaf.chain((n) => fc.tuple(valueOf(n), cellKind).map(([v, k]) => makeCell(superName === null ? standardCellName(d, n) : subColumnCellName(d, superName, n), v, k)));
      if (sub === null) return fc.array(cell(null), { maxLength: 15 }).map((cells) => ({ def: d, raw: o.raw, level: 'columns' as SliceLevel, reversed: o.reversed, cells: ordered(cells, o.reversed) }));
      const superNames = valuesOf(comparator).filter((b) => b.length > 0);
      if (o.subLevel) {
        return superNames.chain((s) => fc.array(cell(s), { maxLength: 15 })).map((cells) => ({ def: d, raw: o.raw, level: 'subColumns' as SliceLevel, reversed: o.reversed, cells: ordered(cells, o.reversed) }));
      }
      return fc
        .array(superNames.chain((s) => fc.array(cell(s), { maxLength: 5 })), { maxLength: 5 })
        .map((groups) => ({ def: d, raw: o.raw, level: 'superColumns' as SliceLevel, reversed: o.reversed, cells: ordered(groups.flat(), o.reversed) }));
    });
  });

function defInput(def: ColumnFamilyDef) {
  return {
    keyspace: def.keyspace,
    name: def.name,
    columnType: def.columnType,
    comparator: def.comparator.name,
    defaultValidator: def.defaultValidator.name,
    ...(def.subcomparator === null ? {} : { subcomparator: def.subcomparator.name }),
  };
}

/** Maps as entry lists (nested for super columns), so a difference shows where it is. */
function entries(m: Map<unknown, unknown>): unknown[] {
  return [...m].map(([k, v]) => [k, v instanceof Map ? entries(v) : v]);
}

test('the cell shaper gives the reference path’s Maps for every type, level, direction and dead cell', () => {
  fc.assert(
    fc.property(cases, (c) => {
      const codec = new ColumnFamilyCodec(c.def, c.raw);
      const fast = codec.shaper.shape(c.def, c.level, c.cells, NOW, c.reversed);
      const reference = sliceResult(codec, THRIFT_SHAPER.shape(c.def, c.level, c.cells, NOW, c.reversed), c.level === 'superColumns');
      assert.deepStrictEqual(entries(fast), entries(reference));
    }),
    { numRuns: 600 },
  );
});

test('values handed out are copies, never views of engine memory', () => {
  const def = createColumnFamily({ keyspace: 'K', name: 'C', comparator: 'BytesType' }, new SeededRandom(1));
  const stored = Buffer.from([0xff, 0xfe, 0x00]); // not UTF-8: comes back as bytes
  const cell = liveCell(standardCellName(def, Buffer.from([0xc3])), stored, 1n);
  for (const raw of [false, true]) {
    const row = new ColumnFamilyCodec(def, raw).shaper.shape(def, 'columns', [cell], NOW, false) as Map<unknown, unknown>;
    const [[name, value]] = [...row] as [[Buffer, Buffer]];
    assert.ok(Buffer.isBuffer(value));
    value[0] = 0;
    if (Buffer.isBuffer(name)) name[0] = 0;
    assert.equal(stored[0], 0xff, 'the stored value is untouched');
  }
});
