/**
 * bench:cql-parse — statements parsed per second by the CQL parser, on the statements drivers
 * send most (a point SELECT, a prepared INSERT, a system-table query, a small BATCH), each
 * measured alone after a warm-up on the mix, then the mix itself. Last line: one JSON object.
 *
 *   node dist/bench/cql-parse.js
 */
import { parseStatement } from '../src/cql/parser/index.js';

const STATEMENTS: Record<string, string> = {
  selectPoint: "SELECT * FROM system.local WHERE key='local'",
  selectPrepared: 'SELECT id, name, email, created_at FROM app.users WHERE id = ? AND bucket = ? LIMIT 100',
  insertPrepared: 'INSERT INTO app.events (id, ts, kind, payload, tags) VALUES (?, ?, ?, ?, ?) USING TTL ?',
  updateCounter: 'UPDATE app.counters SET hits = hits + 1 WHERE page = ? AND day = ?',
  schemaQuery:
    'SELECT keyspace_name, table_name, bloom_filter_fp_chance, caching, comment, compaction, compression, gc_grace_seconds FROM system_schema.tables WHERE keyspace_name = ?',
  batch:
    "BEGIN UNLOGGED BATCH INSERT INTO ks.t (a, b) VALUES (1, 'x'); INSERT INTO ks.t (a, b) VALUES (2, 'y'); UPDATE ks.t SET b = 'z' WHERE a = 3; APPLY BATCH",
};

function perSecond(text: string, rounds: number): number {
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) sink += parseStatement(text).bindMarkerCount;
  const ms = performance.now() - t0;
  if (sink === -1) process.stdout.write('');
  return (rounds * 1000) / ms;
}

const ROUNDS = 200_000;
const texts = Object.values(STATEMENTS);

/** All statements in turn, as a server sees them; statements per second. */
function mixedPerSecond(rounds: number): number {
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) sink += parseStatement(texts[i % texts.length]!).bindMarkerCount;
  const ms = performance.now() - t0;
  if (sink === -1) process.stdout.write('');
  return (rounds * 1000) / ms;
}

mixedPerSecond(ROUNDS); // warm-up on the mix, so no statement gets code tuned to it alone
const result: Record<string, number> = {};
for (const [name, text] of Object.entries(STATEMENTS)) {
  const rate = perSecond(text, ROUNDS / 2);
  result[name] = Math.round(rate);
  process.stdout.write(`${name.padEnd(16)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} statements/s  ${(1e6 / rate).toFixed(2)} µs each\n`);
}
const mixed = mixedPerSecond(ROUNDS);
result['mixed'] = Math.round(mixed);
process.stdout.write(`${'mixed'.padEnd(16)} ${Math.round(mixed).toLocaleString('en-US').padStart(12)} statements/s  ${(1e6 / mixed).toFixed(2)} µs each\n`);
process.stdout.write(`${JSON.stringify({ bench: 'cql-parse', statementsPerSecond: result })}\n`);
