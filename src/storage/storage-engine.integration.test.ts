/**
 * The engine with real parts from the layers below: Murmur3 positions (dht), super-column names
 * built from marshal types (UTF8Type super columns, TimeUUIDType sub-columns), the seed 000
 * timeline read newest-first, a super-column deletion, and a token-range scan.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Murmur3Partitioner, Range, rangeToPositionIntervals } from '../dht/index.js';
import { TIME_UUID_TYPE, TimeUuidGenerator, UTF8_TYPE } from '../marshal/index.js';
import { ByteReader } from '../util/byte-reader.js';
import { boundAfter, boundBefore, cellName } from './model/cell-name.js';
import { liveCell } from './model/cell.js';
import { StorageEngine } from './storage-engine.js';
import type { TableDef } from './table-def.js';
import { tempEnv } from '../../test/support/temp-env.js';

const murmur3 = new Murmur3Partitioner();
const REL: TableDef = { id: '2b5d4a1c-0000-4000-8000-000000000001', keyspace: 'Twitter', name: 'UserRelationships', partitioner: murmur3, gcGraceSeconds: 864000 };
const sc = (s: string): Buffer => UTF8_TYPE.toComparable(Buffer.from(s));
const sub = (uuid: Buffer): Buffer => TIME_UUID_TYPE.toComparable(uuid);

test('super column slices: the reversed user_timeline returns the newest status first', async () => {
  const { env, dir, cleanup } = tempEnv();
  try {
    const engine = await StorageEngine.open({ env, dataDir: dir, tables: [REL], options: { commitlogSync: 'batch' } });
    const uuids = new TimeUuidGenerator({ nowMs: () => env.clock.nowMs() }, { bytes: (n) => env.random.bytes(n) });
    const u1 = uuids.next();
    const u2 = uuids.next();
    let ts = 1n;
    const insert = (key: string, superCol: string, uuid: Buffer, value: string) =>
      engine.apply(REL.id, { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([sc(superCol), sub(uuid)]), Buffer.from(value), ts++)] });
    await insert('5', 'user_timeline', u1, '1');
    await engine.flush();
    await insert('5', 'user_timeline', u2, '2');
    await insert('5', 'home_timeline', u1, '1');
    const timeline = { start: boundBefore([sc('user_timeline')]), end: boundAfter([sc('user_timeline')]) };
    const got = engine.read(REL.id, Buffer.from('5'), { slices: [timeline], reversed: true });
    assert.deepEqual(got?.cells.map((c) => c.value.toString()), ['2', '1'], 'newest first, across memtable and SSTable');
    // Group limit counts super columns: the first super column in order is home_timeline.
    const superColumnLength = (n: Buffer): number => {
      const r = new ByteReader(n, 1);
      UTF8_TYPE.fromComparable(r);
      return r.pos;
    };
    const first = engine.read(REL.id, Buffer.from('5'), { slices: [{ start: boundBefore([]), end: boundAfter([]) }], reversed: false, groupLimit: 1, groupLength: superColumnLength });
    assert.deepEqual(first?.cells.map((c) => c.value.toString()), ['1'], 'one super column: home_timeline');
    const both = engine.read(REL.id, Buffer.from('5'), { slices: [{ start: boundBefore([]), end: boundAfter([]) }], reversed: true, groupLimit: 1, groupLength: superColumnLength });
    assert.deepEqual(both?.cells.map((c) => c.value.toString()), ['2', '1'], 'reversed, the one super column is user_timeline');
    // Deleting the super column removes all its sub-columns.
    await engine.apply(REL.id, { key: Buffer.from('5'), partitionDeletion: null, cells: [], rangeTombstones: [{ ...timeline, deletion: { markedForDeleteAt: ts++, localDeletionTime: Math.floor(env.clock.nowMs() / 1000) } }] });
    assert.deepEqual(engine.read(REL.id, Buffer.from('5'), { slices: [timeline], reversed: false })?.cells ?? [], []);
    assert.equal(engine.read(REL.id, Buffer.from('5'), { slices: [{ start: boundBefore([sc('home_timeline')]), end: boundAfter([sc('home_timeline')]) }], reversed: false })?.cells.length, 1);
    await engine.close();
  } finally {
    cleanup();
  }
});

test('scans run in Murmur3 token order and token ranges select exactly their keys', async () => {
  const { env, dir, cleanup } = tempEnv();
  try {
    const engine = await StorageEngine.open({ env, dataDir: dir, tables: [REL] });
    const keys = Array.from({ length: 200 }, (_, i) => `user${i}`);
    for (const [i, k] of keys.entries()) {
      await engine.apply(REL.id, { key: Buffer.from(k), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([sc('c')]), Buffer.from('v'), BigInt(i + 1))] });
      if (i === 120) await engine.flush();
    }
    const ALL = { slices: [{ start: boundBefore([]), end: boundAfter([]) }], reversed: false };
    const scanned = engine.scan(REL.id, undefined, undefined, ALL, 1000).map((p) => p.key.toString());
    const byToken = [...keys].sort((a, b) => {
      const ta = murmur3.token(Buffer.from(a));
      const tb = murmur3.token(Buffer.from(b));
      return ta < tb ? -1 : ta > tb ? 1 : 0;
    });
    assert.deepEqual(scanned, byToken);
    // A wrapping range (right < left) covers the ring's end and its start.
    const left = murmur3.token(Buffer.from(byToken[150]!));
    const right = murmur3.token(Buffer.from(byToken[20]!));
    const inRange: string[] = [];
    for (const iv of rangeToPositionIntervals(new Range(murmur3, left, right))) {
      inRange.push(...engine.scan(REL.id, iv.start, iv.end ?? undefined, ALL, 1000).map((p) => p.key.toString()));
    }
    assert.deepEqual(inRange, [...byToken.slice(0, 21), ...byToken.slice(151)].sort((a, b) => byToken.indexOf(a) - byToken.indexOf(b)));
    await engine.close();
  } finally {
    cleanup();
  }
});
