/**
 * npm cassandra-driver against `ilium start`: simple, prepared and batch statements; every
 * collection update form; counters; lightweight transactions and their result rows; client
 * timestamps, TTL; paging over 10k rows (manual page state, eachRow, stream, async iteration,
 * with statics, DISTINCT, IN, PER PARTITION LIMIT, filtering, token ranges).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import cassandra from 'cassandra-driver';
import { type DriverNode, allPages, plain, startDriverNode } from './driver-node.js';

const { types } = cassandra;
let node: DriverNode;
let client: cassandra.Client;

before(async () => {
  node = await startDriverNode();
  await node.createKeyspace('st');
  client = await node.client({ keyspace: 'st' });
});
after(() => node.close());

const prepared = { prepare: true };

test('simple and prepared statements, named values, batches logged, unlogged and with literals', async () => {
  await client.execute('CREATE TABLE kv (k int, c int, v text, PRIMARY KEY (k, c))');
  await client.execute("INSERT INTO kv (k, c, v) VALUES (1, 1, 'literal')");
  await client.execute('INSERT INTO kv (k, c, v) VALUES (?, ?, ?)', [1, 2, 'prepared'], prepared);
  await client.execute('INSERT INTO kv (k, c, v) VALUES (:k, :c, :v)', { k: 1, c: 3, v: 'named' }, prepared);
  await client.execute('INSERT INTO kv (k, c, v) VALUES (?, ?, ?)', [1, 4, 'hinted'], { hints: ['int', 'int', 'text'] });
  await client.batch(
    [
      { query: 'INSERT INTO kv (k, c, v) VALUES (?, ?, ?)', params: [2, 1, 'b1'] },
      { query: 'UPDATE kv SET v = ? WHERE k = ? AND c = ?', params: ['b2', 2, 2] },
      { query: "INSERT INTO kv (k, c, v) VALUES (3, 1, 'b3')" },
      { query: 'DELETE FROM kv WHERE k = ? AND c = ?', params: [1, 4] },
    ],
    prepared,
  );
  await client.batch([{ query: 'INSERT INTO kv (k, c, v) VALUES (?, ?, ?)', params: [4, 1, 'u'] }], { prepare: true, logged: false });
  const rows = (await client.execute('SELECT k, c, v FROM kv')).rows.map((r) => `${r['k']}/${r['c']}=${r['v']}`).sort();
  assert.deepEqual(rows, ['1/1=literal', '1/2=prepared', '1/3=named', '2/1=b1', '2/2=b2', '3/1=b3', '4/1=u']);
  // A query text run many times as a simple statement, and IN with a bound list.
  for (let i = 0; i < 3; i++) assert.equal((await client.execute('SELECT v FROM kv WHERE k = 1 AND c = 2')).first()['v'], 'prepared');
  const inList = await client.execute('SELECT c FROM kv WHERE k = 1 AND c IN ?', [[3, 1]], prepared);
  assert.deepEqual(inList.rows.map((r) => r['c']), [1, 3]);
});

test('collections: every update form on lists, sets, maps and UDT fields', async () => {
  await client.execute('CREATE TYPE pt (x int, y int)');
  await client.execute('CREATE TABLE c (k int PRIMARY KEY, l list<int>, s set<text>, m map<text, int>, u pt, fl frozen<list<int>>)');
  const run = (cql: string, params: unknown[] = []) => client.execute(cql, params, prepared);
  const get = async () => plain((await client.execute('SELECT l, s, m, u, fl FROM c WHERE k = 1')).first());
  await run('INSERT INTO c (k, l, s, m, u, fl) VALUES (1, ?, ?, ?, ?, ?)', [[1, 2, 3], ['a', 'b'], { x: 1, y: 2 }, { x: 1, y: 2 }, [9]]);
  await run('UPDATE c SET l = l + ?, s = s + ?, m = m + ? WHERE k = 1', [[4], ['c'], { z: 3 }]);
  await run('UPDATE c SET l = ? + l WHERE k = 1', [[0]]);
  assert.deepEqual(await get(), { l: [0, 1, 2, 3, 4], s: ['a', 'b', 'c'], m: { x: 1, y: 2, z: 3 }, u: { x: 1, y: 2 }, fl: [9] });
  await run('UPDATE c SET l = l - ?, s = s - ?, m = m - ? WHERE k = 1', [[2], ['a'], ['x']]);
  await run('UPDATE c SET l[0] = ?, m[?] = ?, u.y = ? WHERE k = 1', [100, 'w', 9, 7]);
  await run('DELETE l[1], m[?], s[?] FROM c WHERE k = 1', ['y', 'c']);
  assert.deepEqual(await get(), { l: [100, 3, 4], s: ['b'], m: { w: 9, z: 3 }, u: { x: 1, y: 7 }, fl: [9] });
  // Literal forms in simple statements.
  await client.execute("UPDATE c SET l = l + [5], s = s + {'d'}, m = m + {'q': 1}, u = {x: 0}, fl = [1, 2] WHERE k = 1");
  assert.deepEqual(await get(), { l: [100, 3, 4, 5], s: ['b', 'd'], m: { q: 1, w: 9, z: 3 }, u: { x: 0, y: null }, fl: [1, 2] });
  // Element reads: list index, map key, UDT field.
  const el = plain((await run('SELECT l[0] AS l0, m[?] AS mq, u.x AS ux FROM c WHERE k = 1', ['q'])).first());
  assert.deepEqual(el, { l0: 100, mq: 1, ux: 0 });
  const slice = plain((await run("SELECT m[?..?] AS mid, m['w'..] AS tail, s[..'c'] AS head FROM c WHERE k = 1", ['r', 'x'])).first());
  assert.deepEqual(slice, { mid: { w: 9 }, tail: { w: 9, z: 3 }, head: ['b'] });
  // An index past the end is Cassandra's error; setting to empty/null removes the column.
  const e = await client.execute('UPDATE c SET l[10] = 1 WHERE k = 1').catch((x: cassandra.errors.ResponseError) => x);
  assert.ok(e instanceof cassandra.errors.ResponseError && e.code === 0x2200 && /out of bound/.test(e.message), String(e));
  await run('UPDATE c SET l = ?, s = ?, m = null WHERE k = 1', [[], []]);
  assert.deepEqual(await get(), { l: null, s: null, m: null, u: { x: 0, y: null }, fl: [1, 2] });
});

test('counters: increments and decrements by literals and Long values, counter batches, mixing refused', async () => {
  await client.execute('CREATE TABLE cnt (k text, c int, hits counter, misses counter, PRIMARY KEY (k, c))');
  await client.execute('UPDATE cnt SET hits = hits + ?, misses = misses - 3 WHERE k = ? AND c = ?', [types.Long.fromNumber(5), 'a', 1], prepared);
  await client.execute("UPDATE cnt SET hits = hits + 1 WHERE k = 'a' AND c = 1");
  await client.batch(
    [
      { query: 'UPDATE cnt SET hits = hits + ? WHERE k = ? AND c = ?', params: [types.Long.fromString('9007199254740993'), 'b', 1] },
      { query: 'UPDATE cnt SET hits = hits - 1 WHERE k = ? AND c = ?', params: ['b', 1] },
    ],
    { prepare: true, counter: true },
  );
  const rows = (await client.execute('SELECT k, c, hits, misses FROM cnt')).rows.map((r) => `${r['k']}:${r['hits']}:${r['misses']}`).sort();
  assert.deepEqual(rows, ['a:6:-3', 'b:9007199254740992:null']);
  const mixed = await client.batch(["UPDATE cnt SET hits = hits + 1 WHERE k = 'a' AND c = 1", "INSERT INTO kv (k, c, v) VALUES (9, 9, 'x')"]).catch((x: Error) => x);
  assert.ok(mixed instanceof cassandra.errors.ResponseError && mixed.code === 0x2200, String(mixed));
  const set = await client.execute("UPDATE cnt SET hits = 5 WHERE k = 'a' AND c = 1").catch((x: Error) => x);
  assert.ok(set instanceof cassandra.errors.ResponseError && /Cannot set the value of counter column hits/.test(set.message), String(set));
});

test('lightweight transactions: [applied] and the current values, wasApplied, conditional batches', async () => {
  await client.execute('CREATE TABLE lwt (k int PRIMARY KEY, v text, n int)');
  const lwt = async (cql: string, params: unknown[]) => {
    const r = await client.execute(cql, params, prepared);
    return { applied: r.wasApplied(), row: plain(r.first()) };
  };
  assert.deepEqual(await lwt('INSERT INTO lwt (k, v, n) VALUES (?, ?, ?) IF NOT EXISTS', [1, 'a', 1]), { applied: true, row: { '[applied]': true } });
  assert.deepEqual(await lwt('INSERT INTO lwt (k, v) VALUES (?, ?) IF NOT EXISTS', [1, 'b']), { applied: false, row: { '[applied]': false, k: 1, v: 'a', n: 1 } });
  assert.deepEqual(await lwt('UPDATE lwt SET v = ? WHERE k = ? IF v = ?', ['c', 1, 'x']), { applied: false, row: { '[applied]': false, v: 'a' } });
  assert.deepEqual(await lwt('UPDATE lwt SET v = ? WHERE k = ? IF v = ? AND n > ?', ['c', 1, 'a', 0]), { applied: true, row: { '[applied]': true } });
  assert.deepEqual(await lwt('UPDATE lwt SET v = ? WHERE k = ? IF EXISTS', ['z', 2]), { applied: false, row: { '[applied]': false } });
  assert.deepEqual(await lwt('DELETE FROM lwt WHERE k = ? IF v IN (?, ?)', [1, 'q', 'c']), { applied: true, row: { '[applied]': true } });
  const batch = await client.batch(
    [
      { query: 'INSERT INTO lwt (k, v, n) VALUES (?, ?, ?) IF NOT EXISTS', params: [5, 'five', 5] },
      { query: 'UPDATE lwt SET n = ? WHERE k = ?', params: [6, 5] },
    ],
    prepared,
  );
  assert.equal(batch.wasApplied(), true);
  const again = await client.batch([{ query: 'UPDATE lwt SET v = ? WHERE k = ? IF n = ?', params: ['x', 5, 5] }], prepared);
  assert.equal(again.wasApplied(), false);
  assert.deepEqual(plain(again.first()), { '[applied]': false, k: 5, n: 6 });
  // SERIAL reads are allowed; the serial consistency of a conditional update must be serial.
  const serialRead = await client.execute('SELECT v FROM lwt WHERE k = 5', [], { consistency: types.consistencies.serial });
  assert.equal(serialRead.first()['v'], 'five');
  await client.execute('UPDATE lwt SET v = ? WHERE k = ? IF EXISTS', ['ls', 5], { prepare: true, serialConsistency: types.consistencies.localSerial });
});

test('write timestamps and TTLs: client timestamps, USING TIMESTAMP / TTL, writetime() and ttl()', async () => {
  await client.execute('CREATE TABLE ts (k int PRIMARY KEY, v text)');
  const at = types.Long.fromString('1600000000000000');
  await client.execute('INSERT INTO ts (k, v) VALUES (?, ?)', [1, 'client'], { prepare: true, timestamp: at });
  await client.execute('INSERT INTO ts (k, v) VALUES (?, ?)', [1, 'older'], { prepare: true, timestamp: at.subtract(1) });
  const r1 = (await client.execute('SELECT v, writetime(v) AS wt FROM ts WHERE k = 1')).first();
  assert.equal(r1['v'], 'client', 'the later timestamp wins');
  assert.ok(at.equals(r1['wt']));
  await client.execute('INSERT INTO ts (k, v) VALUES (?, ?) USING TTL ? AND TIMESTAMP ?', [2, 'ttl', 1000, at], prepared);
  const r2 = (await client.execute('SELECT writetime(v) AS wt, ttl(v) AS t FROM ts WHERE k = 2')).first();
  assert.ok(at.equals(r2['wt']));
  assert.ok(r2['t'] > 990 && r2['t'] <= 1000, `ttl ${r2['t']}`);
  // Without a client timestamp the driver still sends one (its generator): microseconds near now.
  await client.execute('INSERT INTO ts (k, v) VALUES (3, ?)', ['gen'], prepared);
  const wt = (await client.execute('SELECT writetime(v) AS wt FROM ts WHERE k = 3')).first()['wt'] as cassandra.types.Long;
  assert.ok(Math.abs(Number(wt.toString()) / 1000 - Date.now()) < 60_000);
});

test('paging over 10k rows: page state by hand, eachRow, stream and async iteration see every row once', async () => {
  await client.execute('CREATE TABLE big (p int, c int, v text, PRIMARY KEY (p, c))');
  const n = 10_000;
  const params = Array.from({ length: n }, (_, i) => [i % 7, i, `v${i}`]);
  await cassandra.concurrent.executeConcurrent(client, 'INSERT INTO big (p, c, v) VALUES (?, ?, ?)', params, { concurrencyLevel: 64 });

  const byHand = await allPages(client, 'SELECT p, c FROM big', [], { prepare: true, fetchSize: 999 });
  assert.equal(byHand.rows.length, n);
  assert.equal(new Set(byHand.rows.map((r) => r['c'])).size, n);
  assert.equal(byHand.pages, Math.ceil(n / 999) + (n % 999 === 0 ? 1 : 0));

  let each = 0;
  await new Promise<void>((resolve, reject) =>
    client.eachRow('SELECT c FROM big', [], { prepare: true, fetchSize: 1000, autoPage: true }, () => each++, (err) => (err ? reject(err) : resolve())),
  );
  assert.equal(each, n);

  let streamed = 0;
  await new Promise<void>((resolve, reject) => {
    const s = client.stream('SELECT c FROM big', [], { prepare: true, fetchSize: 3000 }) as unknown as Readable;
    s.on('readable', () => {
      while (s.read() !== null) streamed++;
    });
    s.on('end', resolve);
    s.on('error', reject);
  });
  assert.equal(streamed, n);

  // One partition, in clustering order, in pages of 100 through the async iterator.
  const inPartition: number[] = [];
  for await (const row of await client.execute('SELECT c FROM big WHERE p = ?', [3], { prepare: true, fetchSize: 100 })) inPartition.push(row['c'] as number);
  assert.equal(inPartition.length, Math.ceil((n - 3) / 7));
  assert.deepEqual(inPartition, [...inPartition].sort((a, b) => a - b));

  // Reversed order, filtering, token ranges, count(*) through paging.
  const desc = await allPages(client, 'SELECT c FROM big WHERE p = 1 ORDER BY c DESC', [], { prepare: true, fetchSize: 333 });
  assert.deepEqual(desc.rows.map((r) => r['c']), inPartition.map((c) => c - 2).reverse());
  const filtered = await allPages(client, 'SELECT c FROM big WHERE c >= ? ALLOW FILTERING', [n - 500], { prepare: true, fetchSize: 77 });
  assert.equal(filtered.rows.length, 500);
  const tokens = await allPages(client, 'SELECT p FROM big WHERE token(p) > ?', [types.Long.fromString('-9223372036854775808')], { prepare: true, fetchSize: 2500 });
  assert.equal(tokens.rows.length, n);
  const count = await allPages(client, 'SELECT count(*) AS n FROM big', [], { prepare: true, fetchSize: 100 });
  assert.deepEqual(count.rows.map((r) => r['n'].toString()), [String(n)]);
});

test('paging with statics, static-only partitions, DISTINCT, IN with LIMIT, PER PARTITION LIMIT', async () => {
  await client.execute('CREATE TABLE stat (p int, c int, s text static, v int, PRIMARY KEY (p, c))');
  for (let p = 0; p < 3; p++) {
    await client.execute('INSERT INTO stat (p, s) VALUES (?, ?)', [p, `s${p}`], prepared);
    for (let c = 0; c < 25; c++) await client.execute('INSERT INTO stat (p, c, v) VALUES (?, ?, ?)', [p, c, c], prepared);
  }
  await client.execute('INSERT INTO stat (p, s) VALUES (?, ?)', [9, 'only-static'], prepared);
  const all = await allPages(client, 'SELECT p, c, s, v FROM stat', [], { prepare: true, fetchSize: 7 });
  assert.equal(all.rows.length, 76);
  assert.equal(new Set(all.rows.map((r) => `${r['p']}:${r['c']}`)).size, 76);
  assert.ok(all.rows.every((r) => r['s'] === (r['p'] === 9 ? 'only-static' : `s${r['p']}`)), 'every page carries the static');
  assert.deepEqual(plain(all.rows.find((r) => r['p'] === 9)), { p: 9, c: null, s: 'only-static', v: null });
  const distinct = await allPages(client, 'SELECT DISTINCT p, s FROM stat', [], { prepare: true, fetchSize: 2 });
  assert.deepEqual(distinct.rows.map((r) => `${r['p']}:${r['s']}`).sort(), ['0:s0', '1:s1', '2:s2', '9:only-static']);
  const inLimit = await allPages(client, 'SELECT p, c FROM stat WHERE p IN (0, 2) LIMIT 30', [], { prepare: true, fetchSize: 4 });
  assert.deepEqual(inLimit.rows.map((r) => `${r['p']}:${r['c']}`), [...Array.from({ length: 25 }, (_, c) => `0:${c}`), ...Array.from({ length: 5 }, (_, c) => `2:${c}`)]);
  const ppl = await allPages(client, 'SELECT p, c FROM stat PER PARTITION LIMIT 3', [], { prepare: true, fetchSize: 4 });
  assert.equal(ppl.rows.length, 3 * 3 + 1);
  // ORDER BY with IN cannot be paged: Cassandra's error.
  const e = await client.execute('SELECT c FROM stat WHERE p IN (0, 1) ORDER BY c DESC', [], { prepare: true, fetchSize: 10 }).catch((x: Error) => x);
  assert.ok(e instanceof cassandra.errors.ResponseError && /Cannot page queries with both ORDER BY and a IN restriction/.test(e.message), String(e));
});

test('an error message over 64 KiB (quoting a long literal) arrives as the real error, cut to fit', async () => {
  await client.execute('CREATE TABLE IF NOT EXISTS longmsg (k int PRIMARY KEY, v int)');
  const literal = 'é'.repeat(40_000); // 80,000 UTF-8 bytes
  await assert.rejects(client.execute(`INSERT INTO longmsg (k, v) VALUES (1, '${literal}')`), (e: unknown) => {
    const err = e as { code?: number; message: string };
    assert.equal(err.code, types.responseErrorCodes.invalid, err.message.slice(0, 200));
    assert.match(err.message, /^Invalid STRING constant \(é+/);
    assert.match(err.message, / \[… \d+ bytes in all, cut to fit the protocol's string\]$/);
    assert.ok(Buffer.byteLength(err.message, 'utf8') <= 65_535);
    return true;
  });
  // The connection is still good.
  assert.equal((await client.execute('SELECT count(*) FROM longmsg')).first()['count'].toNumber(), 0);
});
