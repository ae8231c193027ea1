/**
 * docs/CONFIGURATION.md is what scripts/config-reference.ts writes from src/config today: a key
 * added, renamed, ignored or documented differently without `npm run docs:config` fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONFIG_REFERENCE_FILE, configReference } from '../../scripts/config-reference.js';

test('docs/CONFIGURATION.md is the reference src/config gives (npm run docs:config writes it)', () => {
  const expected = configReference();
  const actual = readFileSync(CONFIG_REFERENCE_FILE, 'utf8');
  const a = actual.split('\n');
  const e = expected.split('\n');
  const line = a.findIndex((l, i) => l !== e[i]);
  assert.ok(actual === expected, `docs/CONFIGURATION.md is stale: run \`npm run docs:config\` (line ${line + 1}: file "${a[line] ?? '(end)'}", sources "${e[line] ?? '(end)'}")`);
});
