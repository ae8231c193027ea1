/**
 * Schema merging: the newest stamp wins per keyspace (ties by definition text), tombstones drop,
 * equal definitions only adopt the higher stamp, invalid definitions are refused; and whatever
 * order nodes hear the same changes in, they end on the same schema (property).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SeededRandom } from '../env/index.js';
import { createKeyspace, keyspaceToJson, Schema } from '../schema/index.js';
import { decodeVersions, encodeVersions, initialVersions, mergeKeyspaces, newer, type KeyspaceVersion } from './keyspace-versions.js';

const random = new SeededRandom(1);
const def = (name: string, durableWrites: boolean) => keyspaceToJson(createKeyspace({ name, durableWrites }, random));
const v = (name: string, stamp: number, durable: boolean | null): KeyspaceVersion => ({ name, stamp: BigInt(stamp), definition: durable === null ? null : def(name, durable) });

test('newer stamps win; a tombstone drops; an older change is ignored; equal definitions adopt the stamp', () => {
  const start = Schema.of([createKeyspace({ name: 'a' }, random)]);
  const local = initialVersions(start);
  assert.equal(local.get('a')!.stamp, 0n);
  const r = mergeKeyspaces(start, local, [v('a', 5, false), v('b', 3, true)]);
  assert.deepEqual(r.changed, ['a', 'b']);
  assert.equal(r.schema.keyspace('a')!.durableWrites, false);
  const older = mergeKeyspaces(r.schema, r.versions, [v('a', 4, true)]);
  assert.deepEqual(older.changed, []);
  const same = mergeKeyspaces(r.schema, r.versions, [v('b', 9, true)]);
  assert.deepEqual(same.changed, []);
  assert.equal(same.versions.get('b')!.stamp, 9n);
  const dropped = mergeKeyspaces(same.schema, same.versions, [v('b', 10, null)]);
  assert.deepEqual(dropped.changed, ['b']);
  assert.equal(dropped.schema.keyspace('b'), undefined);
  const stale = mergeKeyspaces(dropped.schema, dropped.versions, [v('b', 9, true)]);
  assert.equal(stale.schema.keyspace('b'), undefined, 'the tombstone outranks an older definition');
});

test('a definition that does not load is refused, the rest applies', () => {
  const r = mergeKeyspaces(Schema.EMPTY, new Map(), [{ name: 'x', stamp: 1n, definition: '{"nope":1}' }, v('y', 1, true)]);
  assert.deepEqual(r.changed, ['y']);
  assert.ok(r.refused.has('x'));
});

test('the wire form round-trips; garbage is refused', () => {
  const vs = [v('a', 1, true), v('b', 2, null)];
  assert.deepEqual(decodeVersions(encodeVersions(vs)), vs);
  assert.throws(() => decodeVersions(Buffer.from('{"keyspaces":[{"name":1}]}')));
  assert.throws(() => decodeVersions(Buffer.from('[]')));
});

test('property: nodes hearing the same changes in any order agree', () => {
  const change = fc.record({ name: fc.constantFrom('a', 'b', 'c'), stamp: fc.integer({ min: 1, max: 6 }), durable: fc.constantFrom(true, false, null) });
  fc.assert(
    fc.property(fc.array(change, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (changes, perm) => {
      const versions = changes.map((c) => v(c.name, c.stamp, c.durable));
      const shuffled = [...versions].sort((x, y) => (perm[versions.indexOf(x)]! - perm[versions.indexOf(y)]!));
      const apply = (list: KeyspaceVersion[]) => {
        let s = Schema.EMPTY;
        let vs = new Map<string, KeyspaceVersion>();
        for (const one of list) ({ schema: s, versions: vs } = mergeKeyspaces(s, vs, [one]));
        return s;
      };
      const a = apply(versions);
      const b = apply(shuffled);
      const c = apply([...versions].reverse());
      assert.equal(a.version, b.version);
      assert.equal(a.version, c.version);
      // The winner per name is the newest version.
      for (const name of ['a', 'b', 'c']) {
        const mine = versions.filter((x) => x.name === name);
        if (mine.length === 0) continue;
        const best = mine.reduce((x, y) => (newer(y, x) ? y : x));
        const ks = a.keyspace(name);
        assert.equal(ks === undefined ? null : keyspaceToJson(ks), best.definition);
      }
    }),
    { numRuns: 200 },
  );
});
