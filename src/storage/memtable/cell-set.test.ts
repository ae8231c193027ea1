import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareBytes } from '../../util/compare-bytes.js';
import type { Cell } from '../model/cell.js';
import { CellSet } from './cell-set.js';

const cell = (name: number[], value: string): Cell => ({ name: Buffer.from(name), value: Buffer.from(value), timestamp: 1n }) as Cell;
const names = (cells: Iterable<Cell>) => [...cells].map((c) => [...c.name].join('.'));
const drain = (cur: { next(): Cell | null }) => {
  const out: Cell[] = [];
  for (let c = cur.next(); c !== null; c = cur.next()) out.push(c);
  return out;
};

test('CellSet: a small set (sorted array) and a large one (B+tree) answer alike: names, replacement, ranges both ways', () => {
  // A seeded shuffle of 0..199 as two-byte names: past the array's 32 cells the set becomes a tree.
  let seed = 7;
  const order = Array.from({ length: 200 }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const set = new CellSet();
  const reference = new Map<string, Cell>();
  for (const [step, n] of order.entries()) {
    const c = cell([n >> 8, n & 0xff], `v${n}`);
    assert.equal(set.set(c, false), true, 'a new name is added');
    reference.set(c.name.toString('hex'), c);
    // The same name again: kept without `replace`, replaced with it.
    assert.equal(set.set(cell([n >> 8, n & 0xff], 'other'), false), false);
    assert.equal(set.get(c.name)?.value.toString(), `v${n}`);
    if (step % 3 === 0) {
      const again = cell([n >> 8, n & 0xff], `w${n}`);
      assert.equal(set.set(again, true), false);
      reference.set(c.name.toString('hex'), again);
    }
    assert.equal(set.size, step + 1);
    if (step === 20 || step === 31 || step === 32 || step === 199) {
      const sorted = [...reference.values()].sort((a, b) => compareBytes(a.name, b.name));
      assert.deepEqual(names(set.values()), names(sorted), `values in name order at ${step + 1} cells`);
      assert.deepEqual(set.values().map((x) => x.value.toString()), sorted.map((x) => x.value.toString()));
      for (const [from, to] of [[0, 300], [5, 17], [40, 41], [250, 260], [17, 5]] as const) {
        const start = Buffer.from([from >> 8, from & 0xff]);
        const end = Buffer.from([to >> 8, to & 0xff]);
        const inRange = sorted.filter((x) => compareBytes(x.name, start) >= 0 && compareBytes(x.name, end) <= 0);
        assert.deepEqual(names(drain(set.cursor(start, end, false))), names(inRange), `forward ${from}..${to} at ${step + 1} cells`);
        assert.deepEqual(names(drain(set.cursor(start, end, true))), names(inRange).reverse(), `reversed ${from}..${to} at ${step + 1} cells`);
      }
    }
  }
  assert.equal(set.get(Buffer.from([9, 9])), undefined);
});
