/**
 * BATCH and executeBatch (the protocol's BATCH message): one atomic update per (table,
 * partition), the batch timestamp, counter batches, conditional batches within one partition, and
 * Cassandra's refusals.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE, LONG_TYPE } from '../../marshal/index.js';
import type { TableWrite } from '../execution/index.js';
import { queryOptions } from '../execution/index.js';
import { DEFAULT_CQL_LIMITS } from '../execution/cql-context.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable, pick, tableRows } from '../../../test/support/cql-table-rows.js';
import { executeBatch } from './batch.js';

const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);
const i32 = (n: number): Buffer => INT32_TYPE.decompose(n);

async function withTables(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'v', type: 'int' }, { name: 'l', type: 'list<int>' }] });
    await createTable(n, 'ks', 'u', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'text' }] });
    await createTable(n, 'ks', 'cnt', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'n', type: 'counter' }] });
    await fn(n);
  } finally {
    await n.close();
  }
}

/** Records every update the node's data store applies. */
function recordWrites(n: CqlTestNode): TableWrite[][] {
  const calls: TableWrite[][] = [];
  const store = n.ctx.data as { apply: (w: readonly TableWrite[], cl: never) => Promise<void> };
  const original = store.apply.bind(store);
  store.apply = (writes, cl) => {
    calls.push([...writes]);
    return original(writes, cl);
  };
  return calls;
}

test('a batch makes one update per (table, partition), whatever the number of statements', async () => {
  await withTables(async (n) => {
    const calls = recordWrites(n);
    await n.run(`BEGIN BATCH
      INSERT INTO t (k, c, v) VALUES (1, 1, 1);
      INSERT INTO t (k, c, v) VALUES (1, 2, 2);
      UPDATE t SET v = 3 WHERE k = 1 AND c = 3;
      DELETE FROM t WHERE k = 2;
      INSERT INTO u (k, v) VALUES (1, 'a');
    APPLY BATCH`);
    const writes = calls.flat();
    assert.deepEqual(writes.map((w) => `${w.cf.name}:${INT32_TYPE.compose(w.update.key)}`).sort(), ['t:1', 't:2', 'u:1']);
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v'), [{ c: 1, v: 1 }, { c: 2, v: 2 }, { c: 3, v: 3 }]);
    assert.equal(tableRows(n, 'ks', 'u')[0]!.v, 'a');
  });
});

test('the batch timestamp applies to every statement; statements may set their own only without it', async () => {
  await withTables(async (n) => {
    await n.run('INSERT INTO u (k, v) VALUES (1, ?) USING TIMESTAMP 500', [Buffer.from('new')]);
    await n.run("BEGIN BATCH USING TIMESTAMP 400 INSERT INTO u (k, v) VALUES (1, 'old'); INSERT INTO u (k, v) VALUES (2, 'b') APPLY BATCH");
    assert.deepEqual(pick(tableRows(n, 'ks', 'u'), 'k', 'v').sort((a, b) => (a.k as number) - (b.k as number)), [{ k: 1, v: 'new' }, { k: 2, v: 'b' }]);
    await n.run("BEGIN BATCH INSERT INTO u (k, v) VALUES (2, 'c') USING TIMESTAMP 1; INSERT INTO u (k, v) VALUES (3, 'c') APPLY BATCH");
    assert.equal(tableRows(n, 'ks', 'u').find((r) => r.k === 2)!.v, 'b');
    assert.throws(() => n.prepare("BEGIN BATCH USING TIMESTAMP 1 INSERT INTO u (k, v) VALUES (1, 'a') USING TIMESTAMP 2 APPLY BATCH"), invalid(/Timestamp must be set either on BATCH or individual statements/));
    assert.throws(() => n.prepare("BEGIN BATCH USING TTL 5 INSERT INTO u (k, v) VALUES (1, 'a') APPLY BATCH"), invalid(/Global TTL on the BATCH statement is not supported/));
    const st = n.prepare('BEGIN BATCH USING TIMESTAMP ? INSERT INTO u (k, v) VALUES (?, ?); DELETE FROM t WHERE k = ? APPLY BATCH');
    assert.deepEqual(st.bindVariables.map((b) => b.name), ['[timestamp]', 'k', 'v', 'k']);
    await st.execute(n.state, queryOptions([LONG_TYPE.decompose(600n), i32(1), Buffer.from('newest'), i32(5)]));
    assert.equal(tableRows(n, 'ks', 'u').find((r) => r.k === 1)!.v, 'newest');
  });
});

test('counter batches: increments add up, even to the same counter; mixing is refused', async () => {
  await withTables(async (n) => {
    await n.run('BEGIN COUNTER BATCH UPDATE cnt SET n = n + 2 WHERE k = 1; UPDATE cnt SET n = n + 3 WHERE k = 1; UPDATE cnt SET n = n - 1 WHERE k = 2 APPLY BATCH');
    assert.deepEqual(pick(tableRows(n, 'ks', 'cnt'), 'k', 'n').sort((a, b) => (a.k as number) - (b.k as number)), [{ k: 1, n: 5n }, { k: 2, n: -1n }]);
    assert.throws(() => n.prepare("BEGIN COUNTER BATCH INSERT INTO u (k, v) VALUES (1, 'a') APPLY BATCH"), invalid(/Cannot include non-counter statement in a counter batch/));
    assert.throws(() => n.prepare('BEGIN BATCH UPDATE cnt SET n = n + 1 WHERE k = 1 APPLY BATCH'), invalid(/Cannot include a counter statement in a logged batch/));
    assert.throws(() => n.prepare("BEGIN UNLOGGED BATCH UPDATE cnt SET n = n + 1 WHERE k = 1; INSERT INTO u (k, v) VALUES (1, 'a') APPLY BATCH"), invalid(/Counter and non-counter mutations cannot exist in the same batch/));
    await n.run('BEGIN UNLOGGED BATCH UPDATE cnt SET n = n + 1 WHERE k = 1 APPLY BATCH');
    assert.equal(tableRows(n, 'ks', 'cnt').find((r) => r.k === 1)!.n, 6n);
  });
});

test('list operations reading the current list run under the partition lock inside a batch', async () => {
  await withTables(async (n) => {
    await n.run('INSERT INTO t (k, c, l) VALUES (1, 1, [1, 2, 3])');
    await n.run('BEGIN BATCH UPDATE t SET l[0] = 10 WHERE k = 1 AND c = 1; UPDATE t SET l = l - [3] WHERE k = 1 AND c = 1; INSERT INTO u (k, v) VALUES (1, \'x\') APPLY BATCH');
    assert.deepEqual(tableRows(n, 'ks', 't')[0]!.l, [10, 2]);
  });
});

test('a run applies its plain partitions and the ones that read first, each once; one large statement is one update', async () => {
  await withTables(async (n) => {
    await n.run('INSERT INTO t (k, c, l) VALUES (1, 1, [1, 2, 3])');
    const calls = recordWrites(n);
    await n.run("BEGIN UNLOGGED BATCH UPDATE t SET l[1] = 20 WHERE k = 1 AND c = 1; INSERT INTO u (k, v) VALUES (2, 'y'); INSERT INTO t (k, c, v) VALUES (3, 1, 7) APPLY BATCH");
    assert.deepEqual(calls.flat().map((w) => `${w.cf.name}:${INT32_TYPE.compose(w.update.key)}`).sort(), ['t:1', 't:3', 'u:2']);
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'k', 'l', 'v').sort((a, b) => Number(a.k) - Number(b.k)), [{ k: 1, l: [1, 20, 3], v: null }, { k: 3, l: null, v: 7 }]);
    assert.equal(tableRows(n, 'ks', 'u')[0]!.v, 'y');
    // More cells than a chunk of an unlogged run (APPLY_CELLS_MAX, 5000): one partition is still one update.
    calls.length = 0;
    await n.run(`INSERT INTO t (k, c, l) VALUES (4, 1, [${Array.from({ length: 6000 }, (_, i) => i).join(', ')}])`);
    assert.equal(calls.flat().length, 1);
    assert.equal((tableRows(n, 'ks', 't').find((r) => r.k === 4)!.l as number[]).length, 6000);
  });
});

test('conditional batches: all conditions checked, then all writes; one partition only', async () => {
  await withTables(async (n) => {
    await n.run('INSERT INTO t (k, c, v) VALUES (1, 1, 1)');
    const notApplied = await n.run('BEGIN BATCH UPDATE t SET v = 2 WHERE k = 1 AND c = 1 IF v = 1; INSERT INTO t (k, c, v) VALUES (1, 2, 2) IF NOT EXISTS; UPDATE t SET v = 9 WHERE k = 1 AND c = 3 IF v = 5 APPLY BATCH');
    assert.equal(notApplied.kind, 'rows');
    if (notApplied.kind !== 'rows') return;
    assert.deepEqual(notApplied.columns.map((c) => c.name), ['[applied]', 'k', 'c', 'l', 'v'], 'IF NOT EXISTS: every column; a batch shows the keys first');
    assert.deepEqual(notApplied.rows.length, 1, 'only existing rows come back');
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v'), [{ c: 1, v: 1 }], 'nothing applied');
    const ok = await n.rows('BEGIN BATCH UPDATE t SET v = 2 WHERE k = 1 AND c = 1 IF v = 1; INSERT INTO t (k, c, v) VALUES (1, 2, 2) IF NOT EXISTS; INSERT INTO t (k, c, v) VALUES (1, 3, 3) APPLY BATCH');
    assert.deepEqual(ok, [{ '[applied]': true }]);
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v'), [{ c: 1, v: 2 }, { c: 2, v: 2 }, { c: 3, v: 3 }]);
    const failed = await n.rows('BEGIN BATCH UPDATE t SET v = 5 WHERE k = 1 AND c = 1 IF v = 0; UPDATE t SET v = 5 WHERE k = 1 AND c = 2 IF v = 2 APPLY BATCH');
    assert.deepEqual(failed.map((r) => [r['[applied]'], r.k, r.c, r.v]), [[false, 1, 1, 2], [false, 1, 2, 2]]);
    await assert.rejects(async () => n.run('BEGIN BATCH UPDATE t SET v = 5 WHERE k = 1 AND c = 1 IF v = 0; UPDATE t SET v = 5 WHERE k = 2 AND c = 2 APPLY BATCH'), invalid(/Batch with conditions cannot span multiple partitions/));
    assert.throws(() => n.prepare("BEGIN BATCH UPDATE t SET v = 5 WHERE k = 1 AND c = 1 IF v = 0; INSERT INTO u (k, v) VALUES (1, 'a') APPLY BATCH"), invalid(/Batch with conditions cannot span multiple tables/));
    assert.throws(() => n.prepare('BEGIN BATCH USING TIMESTAMP 5 UPDATE t SET v = 5 WHERE k = 1 AND c = 1 IF v = 0 APPLY BATCH'), invalid(/Cannot provide custom timestamp for conditional BATCH/));
  });
});

test('executeBatch: prepared statements with their own values; only modifications allowed; wide unlogged batches warn', async () => {
  await withTables(async (n) => {
    const ins = n.prepare('INSERT INTO t (k, c, v) VALUES (?, ?, ?)');
    const del = n.prepare('DELETE FROM t WHERE k = ? AND c = ?');
    await executeBatch(n.ctx, n.state, 'logged', [
      { statement: ins, values: [i32(1), i32(1), i32(1)] },
      { statement: ins, values: [i32(1), i32(2), i32(2)] },
      { statement: del, values: [i32(1), i32(1)] },
    ], queryOptions([], { timestamp: 1000n }));
    assert.deepEqual(pick(tableRows(n, 'ks', 't'), 'c', 'v'), [{ c: 2, v: 2 }]);
    await assert.rejects(executeBatch(n.ctx, n.state, 'logged', [{ statement: n.prepare('USE ks'), values: [] }], queryOptions()), invalid(/Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed/));
    await assert.rejects(executeBatch(n.ctx, n.state, 'counter', [{ statement: ins, values: [i32(1), i32(1), i32(1)] }], queryOptions()), invalid(/non-counter statement in a counter batch/));
    await executeBatch(n.ctx, n.state, 'unlogged', Array.from({ length: 12 }, (_, i) => ({ statement: ins, values: [i32(100 + i), i32(1), i32(1)] })), queryOptions());
    assert.ok(n.warnings.some((w) => /Unlogged batch covering 12 partitions detected against table \[ks.t\]/.test(w)));
  });
});

test('unlogged_batch_across_partitions_warn_threshold sets how many partitions an unlogged batch may cover before the warning', async () => {
  const n = await openCqlTestNode({ limits: { ...DEFAULT_CQL_LIMITS, unloggedBatchPartitionsWarn: 2 } });
  try {
    n.state.keyspace = 'ks';
    await createTable(n, 'ks', 'u', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'text' }] });
    const ins = n.prepare("INSERT INTO u (k, v) VALUES (?, 'x')");
    const batch = (type: 'logged' | 'unlogged', keys: number) => executeBatch(n.ctx, n.state, type, Array.from({ length: keys }, (_, i) => ({ statement: ins, values: [i32(i)] })), queryOptions());
    await batch('unlogged', 2);
    assert.deepEqual(n.warnings.filter((w) => w.startsWith('Unlogged batch')), [], 'two partitions: at the threshold, no warning');
    await batch('logged', 3);
    assert.deepEqual(n.warnings.filter((w) => w.startsWith('Unlogged batch')), [], 'a logged batch never warns');
    await batch('unlogged', 3);
    assert.deepEqual(n.warnings.filter((w) => w.startsWith('Unlogged batch')), ['Unlogged batch covering 3 partitions detected against table [ks.u]. You should use a logged batch for atomicity, or asynchronous writes for performance.']);
  } finally {
    await n.close();
  }
});

test('a batch groups by (table, partition) in the order partitions are first touched, across tables sharing key bytes', async () => {
  await withTables(async (n) => {
    const calls = recordWrites(n);
    await n.run(`BEGIN BATCH
      INSERT INTO t (k, c, v) VALUES (3, 1, 1);
      INSERT INTO u (k, v) VALUES (3, 'x');
      INSERT INTO t (k, c, v) VALUES (1, 1, 1);
      INSERT INTO t (k, c, v) VALUES (3, 2, 2);
      INSERT INTO u (k, v) VALUES (1, 'y');
      INSERT INTO t (k, c, v) VALUES (2, 1, 1);
      INSERT INTO u (k, v) VALUES (3, 'z');
      INSERT INTO t (k, c, v) VALUES (1, 2, 2);
    APPLY BATCH`);
    const writes = calls.flat();
    assert.deepEqual(writes.map((w) => `${w.cf.name}:${INT32_TYPE.compose(w.update.key)}`), ['t:3', 'u:3', 't:1', 'u:1', 't:2']);
    assert.deepEqual(writes.map((w) => w.update.cells.length), [4, 4, 4, 2, 2]);
    assert.deepEqual(pick(tableRows(n, 'ks', 'u'), 'k', 'v').sort((a, b) => Number(a.k) - Number(b.k)), [{ k: 1, v: 'y' }, { k: 3, v: 'z' }]);
  });
});

/** A node whose statements log into `logged`. */
async function withLoggedTables(fn: (n: CqlTestNode, logged: string[]) => Promise<void>): Promise<void> {
  const logged: string[] = [];
  const n = await openCqlTestNode({ logger: { warn: (m) => logged.push(`warn ${m}`), error: (m) => logged.push(`error ${m}`) } });
  try {
    n.state.keyspace = 'ks';
    await createTable(n, 'ks', 'u', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'v', type: 'text' }] });
    await createTable(n, 'ks', 'lists', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'l', type: 'list<int>' }] });
    await fn(n, logged);
  } finally {
    await n.close();
  }
}


test('batch size: a multi-partition batch above 5 KiB warns the client and the log; above 50 KiB it is refused, nothing written', async () => {
  await withLoggedTables(async (n, logged) => {
    const insert = n.prepare('INSERT INTO u (k, v) VALUES (?, ?)');
    const run = (keys: readonly number[], bytes: number, type: 'logged' | 'unlogged' = 'logged') =>
      executeBatch(n.ctx, n.state, type, keys.map((k) => ({ statement: insert, values: [i32(k), Buffer.from('x'.repeat(bytes))] })), queryOptions([]));
    await run([1, 2], 1000);
    assert.deepEqual(n.warnings, [], 'under the warn threshold');
    await run([1, 2, 3], 3000);
    assert.equal(n.warnings.length, 1);
    const m = /^Batch for \[ks\.u\] is of size (\d+), exceeding specified threshold of 5120 by (\d+)\.$/.exec(n.warnings[0]!);
    assert.ok(m !== null, n.warnings[0]);
    assert.equal(Number(m[1]) - 5120, Number(m[2]));
    assert.ok(Number(m[1]) > 9000 && Number(m[1]) < 9200, `three 3000-byte values and their cells: ${m[1]}`);
    assert.match(logged[0]!, /^warn Batch for \[ks\.u\] is of size 8\.\d{3}KiB, exceeding specified threshold of 5\.000KiB by/);
    await assert.rejects(run([10, 11], 30_000, 'unlogged'), invalid(/^Batch too large$/));
    assert.match(logged[1]!, /^error Batch for \[ks\.u\] is of size 58\.\d{3}KiB, exceeding specified threshold of 50\.000KiB by .* \(see batch_size_fail_threshold_in_kb\)$/);
    assert.deepEqual(await n.rows('SELECT k FROM u WHERE k IN (10, 11)'), [], 'the refused batch wrote nothing');
    // One partition is one mutation: Cassandra checks only batches spanning more than one.
    await run([20, 20], 40_000);
    assert.equal(n.warnings.length, 1);
    assert.equal((await n.rows('SELECT k FROM u WHERE k = 20')).length, 1);
    // BEGIN BATCH … APPLY BATCH takes the same check.
    const big = 'y'.repeat(30_000);
    await assert.rejects(n.run(`BEGIN BATCH INSERT INTO u (k, v) VALUES (30, '${big}'); INSERT INTO u (k, v) VALUES (31, '${big}'); APPLY BATCH`), invalid(/^Batch too large$/));
    // A write that reads first (a list append) in a refused batch is not applied either.
    await assert.rejects(n.run(`BEGIN BATCH UPDATE lists SET l = l + [1] WHERE k = 1; INSERT INTO u (k, v) VALUES (32, '${big}'); INSERT INTO u (k, v) VALUES (33, '${big}'); APPLY BATCH`), invalid(/^Batch too large$/));
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(await n.rows('SELECT l FROM lists WHERE k = 1'), []);
  });
});
