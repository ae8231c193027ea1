/**
 * Property test: random writes, deletions of every grain, TTLs, clock steps and flushes on a table
 * with indexes on a regular, a static, a clustering column and a list's values, checked against a
 * plain in-memory model — every index query must return exactly the rows the model holds.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';

type Op =
  | { kind: 'insert'; k: number; c: number; v: number; ttl: number }
  | { kind: 'setV'; k: number; c: number; v: number; ttl: number }
  | { kind: 'setS'; k: number; s: number; ttl: number }
  | { kind: 'append'; k: number; c: number; x: number; ttl: number }
  | { kind: 'removeElement'; k: number; c: number; x: number }
  | { kind: 'deleteV'; k: number; c: number }
  | { kind: 'deleteRow'; k: number; c: number }
  | { kind: 'deleteRange'; k: number; c: number }
  | { kind: 'deletePartition'; k: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'flush' }
  | { kind: 'query'; on: 'v' | 's' | 'c' | 'l'; x: number };

const small = fc.integer({ min: 0, max: 2 });
const ttl = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) });
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const op: fc.Arbitrary<Op> = fc.oneof(
  w(5, fc.record({ kind: fc.constant('insert' as const), k: small, c: small, v: small, ttl })),
  w(4, fc.record({ kind: fc.constant('setV' as const), k: small, c: small, v: small, ttl })),
  w(2, fc.record({ kind: fc.constant('setS' as const), k: small, s: small, ttl })),
  w(3, fc.record({ kind: fc.constant('append' as const), k: small, c: small, x: small, ttl })),
  w(1, fc.record({ kind: fc.constant('removeElement' as const), k: small, c: small, x: small })),
  w(1, fc.record({ kind: fc.constant('deleteV' as const), k: small, c: small })),
  w(1, fc.record({ kind: fc.constant('deleteRow' as const), k: small, c: small })),
  w(1, fc.record({ kind: fc.constant('deleteRange' as const), k: small, c: small })),
  w(1, fc.record({ kind: fc.constant('deletePartition' as const), k: small })),
  w(2, fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 4 }) })),
  w(1, fc.constant({ kind: 'flush' as const })),
  w(3, fc.record({ kind: fc.constant('query' as const), on: fc.constantFrom('v' as const, 's' as const, 'c' as const, 'l' as const), x: small })),
);

/** A value and when it stops being live (seconds; Infinity: never). */
interface Timed {
  readonly value: number;
  readonly until: number;
}

interface ModelRow {
  marker: number | null;
  v: Timed | null;
  l: Timed[];
}

class Model {
  readonly rows = new Map<number, Map<number, ModelRow>>();
  readonly statics = new Map<number, Timed>();

  row(k: number, c: number): ModelRow {
    let p = this.rows.get(k);
    if (p === undefined) this.rows.set(k, (p = new Map()));
    let r = p.get(c);
    if (r === undefined) p.set(c, (r = { marker: null, v: null, l: [] }));
    return r;
  }

  /** "k:c" of the rows a query on `on` = x (CONTAINS x for the list) must return at `now`. */
  expected(on: Op & { kind: 'query' }, now: number): string[] {
    const live = (t: Timed | null): boolean => t !== null && now < t.until;
    const out: string[] = [];
    for (const [k, p] of this.rows) {
      const liveRows = [...p].filter(([, r]) => (r.marker !== null && now < r.marker) || live(r.v) || r.l.some(live));
      for (const [c, r] of liveRows) {
        if (on.on === 'v' && live(r.v) && r.v!.value === on.x) out.push(`${k}:${c}`);
        if (on.on === 'c' && c === on.x) out.push(`${k}:${c}`);
        if (on.on === 'l' && r.l.some((e) => live(e) && e.value === on.x)) out.push(`${k}:${c}`);
      }
      if (on.on === 's') {
        const s = this.statics.get(k);
        if (live(s ?? null) && s!.value === on.x) for (const [c] of liveRows) out.push(`${k}:${c}`);
      }
    }
    if (on.on === 's') {
      for (const [k, s] of this.statics) {
        const p = this.rows.get(k);
        const anyRow = p !== undefined && [...p.values()].some((r) => (r.marker !== null && now < r.marker) || live(r.v) || r.l.some(live));
        if (!anyRow && live(s) && s.value === on.x) out.push(`${k}:null`);
      }
    }
    return out.sort();
  }
}

async function apply(n: CqlTestNode, m: Model, table: string, o: Op): Promise<void> {
  const now = n.ctx.nowSec();
  const until = (t: number): number => (t === 0 ? Infinity : now + t);
  const using = (t: number): string => (t === 0 ? '' : ` USING TTL ${t}`);
  switch (o.kind) {
    case 'insert': {
      await n.run(`INSERT INTO ${table} (k, c, v) VALUES (${o.k}, ${o.c}, ${o.v})${using(o.ttl)}`);
      const r = m.row(o.k, o.c);
      r.marker = until(o.ttl);
      r.v = { value: o.v, until: until(o.ttl) };
      return;
    }
    case 'setV':
      await n.run(`UPDATE ${table}${using(o.ttl)} SET v = ${o.v} WHERE k = ${o.k} AND c = ${o.c}`);
      m.row(o.k, o.c).v = { value: o.v, until: until(o.ttl) };
      return;
    case 'setS':
      await n.run(`UPDATE ${table}${using(o.ttl)} SET s = ${o.s} WHERE k = ${o.k}`);
      m.statics.set(o.k, { value: o.s, until: until(o.ttl) });
      return;
    case 'append':
      await n.run(`UPDATE ${table}${using(o.ttl)} SET l = l + [${o.x}] WHERE k = ${o.k} AND c = ${o.c}`);
      m.row(o.k, o.c).l.push({ value: o.x, until: until(o.ttl) });
      return;
    case 'removeElement': {
      await n.run(`UPDATE ${table} SET l = l - [${o.x}] WHERE k = ${o.k} AND c = ${o.c}`);
      const r = m.row(o.k, o.c);
      r.l = r.l.filter((e) => e.value !== o.x);
      return;
    }
    case 'deleteV':
      await n.run(`DELETE v FROM ${table} WHERE k = ${o.k} AND c = ${o.c}`);
      m.row(o.k, o.c).v = null;
      return;
    case 'deleteRow':
      await n.run(`DELETE FROM ${table} WHERE k = ${o.k} AND c = ${o.c}`);
      m.rows.get(o.k)?.delete(o.c);
      return;
    case 'deleteRange': {
      await n.run(`DELETE FROM ${table} WHERE k = ${o.k} AND c >= ${o.c}`);
      const p = m.rows.get(o.k);
      for (const c of [...(p?.keys() ?? [])]) if (c >= o.c) p!.delete(c);
      return;
    }
    case 'deletePartition':
      await n.run(`DELETE FROM ${table} WHERE k = ${o.k}`);
      m.rows.delete(o.k);
      m.statics.delete(o.k);
      return;
    case 'advance':
      n.clock.advanceSeconds(o.seconds);
      return;
    case 'flush':
      await n.engine.flush();
      return;
    case 'query': {
      const where = o.on === 'l' ? `l CONTAINS ${o.x}` : `${o.on} = ${o.x}`;
      const got = (await n.rows(`SELECT k, c FROM ${table} WHERE ${where}`)).map((r) => `${r.k}:${r.c}`).sort();
      assert.deepEqual(got, m.expected(o, now), `SELECT … WHERE ${where}`);
    }
  }
}

test('index queries return exactly the rows of a model under random writes, deletions, TTLs and flushes', async () => {
  const n = await openCqlTestNode();
  try {
    await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    n.state.keyspace = 'ks';
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 30, maxLength: 80, size: 'max' }), async (ops) => {
        const table = `t${run++}`;
        await n.run(`CREATE TABLE ${table} (k int, c int, v int, s int static, l list<int>, PRIMARY KEY (k, c))`);
        for (const target of ['v', 's', 'c', 'l']) await n.run(`CREATE INDEX ON ${table} (${target})`);
        const m = new Model();
        for (const o of ops) await apply(n, m, table, o);
        // Every query once more at the end.
        for (const on of ['v', 's', 'c', 'l'] as const) for (let x = 0; x <= 2; x++) await apply(n, m, table, { kind: 'query', on, x });
      }),
      { numRuns: 40 },
    );
  } finally {
    await n.close();
  }
});
