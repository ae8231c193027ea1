/**
 * docs/API.md is what scripts/api-reference.ts writes from the sources today: a changed export,
 * signature or doc comment without `npm run docs:api` fails here, so the reference cannot drift.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { API_REFERENCE_FILE, apiReference } from '../../scripts/api-reference.js';

test('docs/API.md is the reference the sources give (npm run docs:api writes it)', () => {
  const expected = apiReference();
  const actual = readFileSync(API_REFERENCE_FILE, 'utf8');
  assert.ok(actual === expected, 'docs/API.md is stale: run `npm run docs:api` (the first difference follows)\n' + firstDifference(actual, expected));
});

function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i]) return `line ${i + 1}:\n  file:    ${al[i] ?? '(end)'}\n  sources: ${bl[i] ?? '(end)'}`;
  }
  return '';
}
