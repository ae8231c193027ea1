/** parseStatementPaced: a CQL-text batch parsed a statement at a time, lexed as it goes, to the same AST as parseStatement. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CqlSyntaxError } from './syntax-error.js';
import { parseStatement, parseStatementPaced } from './parse-statement.js';

function batchText(n: number, tail = 'APPLY BATCH'): string {
  const lines = ['BEGIN UNLOGGED BATCH USING TIMESTAMP 7'];
  for (let i = 0; i < n; i++) lines.push(`INSERT INTO ks.t (k, c, v) VALUES (${i % 10}, ${i}, 'v${i}') USING TTL ?;`);
  lines.push(tail);
  return lines.join('\n');
}

test('a batch parses in steps, pacing after each statement, to the same statement as in one go', async () => {
  const text = batchText(10_000);
  let paces = 0;
  const parsing = parseStatementPaced(text, async () => {
    paces++;
  });
  assert.ok(parsing instanceof Promise);
  const paced = await parsing;
  assert.equal(paces, 10_000);
  assert.deepEqual(paced, parseStatement(text));
  assert.equal(paced.bindMarkerCount, 10_000);
  assert.equal(paced.text, text);
});

test('any other statement parses at once, never pacing', () => {
  const parsed = parseStatementPaced('SELECT v FROM ks.t WHERE k = ?;', () => assert.fail('paced'));
  assert.ok(!(parsed instanceof Promise));
  assert.equal(parsed.statement.kind, 'select');
  assert.equal(parsed.bindMarkerCount, 1);
});

test('an error at the end of a long batch names its line and column (tokens read long before were dropped)', async () => {
  const text = batchText(5000, 'APPLY BATCH garbage');
  const expectSyntax = (e: unknown): boolean => e instanceof CqlSyntaxError && /line 5002:12/.test(e.message) && /garbage/.test(e.message);
  await assert.rejects(Promise.resolve(parseStatementPaced(text, async () => undefined)), expectSyntax);
  assert.throws(() => parseStatement(text), expectSyntax);
});

test('an unreadable character ends a long batch with its own error', async () => {
  const text = batchText(5000).replace("'v4999'", "'v4999' ! ");
  await assert.rejects(Promise.resolve(parseStatementPaced(text, async () => undefined)), (e: unknown) => e instanceof CqlSyntaxError && /line 5001:/.test(e.message) && /'!'/.test(e.message));
});
