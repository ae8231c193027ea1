/**
 * gocql's own integration tests (Debian's golang-github-gocql-gocql-dev, built with golang-go)
 * against real `ilium start` processes, configured as gocql's CI configures Cassandra
 * (gocql-plan.ts): two nodes on 127.0.0.42 and 127.0.0.43, port 9042 (gocql dials port 9042 of
 * the address system.local gives; the addresses keep clear of other tests), one test process at
 * a time on each, and a PasswordAuthenticator node on 127.0.0.44 for TestAuthentication.
 *
 * Every server test must do what `gocql-expected.json` says: pass, or (for the few listed with
 * the reason) skip or fail as recorded. A listed failure that starts passing fails this test too,
 * so the list — and docs/COMPATIBILITY.md, which quotes it — stays true. Skips only when go or
 * the gocql sources are not installed (.ci/run installs them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';
import { AUTH_TESTS, GOCQL_AUTH_NODE_YAML, GOCQL_NODE_PROPERTIES, GOCQL_NODE_YAML, RUNS_AFTER } from './gocql-plan.js';
import { type GoTestResult, buildGocqlTests, gocqlUnavailable, runServerTests, serverTestNames } from './gocql-suite.js';

interface Expected {
  readonly pass: readonly string[];
  readonly notPassing: Readonly<Record<string, { readonly outcome: 'skip' | 'fail'; readonly why: string }>>;
}

const EXPECTED_FILE = new URL('../../../test/compat/gocql-expected.json', import.meta.url);
const NODES = ['127.0.0.42', '127.0.0.43'];
const AUTH_NODE = '127.0.0.44';

test("gocql's integration tests against ilium start: every test passes or fails as gocql-expected.json says", { timeout: 20 * 60_000 }, async (t) => {
  const missing = gocqlUnavailable();
  if (missing !== null) {
    t.skip(`gocql's suite cannot run here: ${missing}`);
    return;
  }
  const expected = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as Expected;
  const names = serverTestNames();
  const unlisted = names.filter((n) => !expected.pass.includes(n) && expected.notPassing[n] === undefined);
  assert.deepEqual(unlisted, [], 'every gocql server test is listed in gocql-expected.json');

  const dir = mkdtempSync(join(tmpdir(), 'ilium-gocql-'));
  const nodes: IliumProcess[] = [];
  try {
    const binary = join(dir, 'gocql.test');
    buildGocqlTests(binary, join(tmpdir(), 'ilium-gocql-cache'));
    const start = (address: string, yaml: string, args: readonly string[]) =>
      startIliumProcess({ address, port: 9042, configYaml: yaml, args, readyTimeoutMs: 60_000 }).then((n) => (nodes.push(n), n));
    await Promise.all([...NODES.map((a) => start(a, GOCQL_NODE_YAML, GOCQL_NODE_PROPERTIES)), start(AUTH_NODE, GOCQL_AUTH_NODE_YAML, [SUPERUSER_AT_ONCE])]);
    // gocql's TestAuthentication logs in as cassandra/cassandra: the role made once no role exists.
    await defaultSuperuserReady(AUTH_NODE, 9042);
    const results = await runServerTests({
      binary,
      clusters: NODES,
      authCluster: AUTH_NODE,
      names,
      cassandraVersion: '4.0.11',
      timeoutMs: 120_000,
      runsAfter: RUNS_AFTER,
      authTests: AUTH_TESTS,
    });
    const wrong = results.filter((r) => r.outcome !== (expected.notPassing[r.name]?.outcome ?? 'pass'));
    const passed = results.filter((r) => r.outcome === 'pass').length;
    t.diagnostic(`${passed} of ${results.length} gocql server tests pass`);
    assert.deepEqual(wrong.map(describe), [], `tests whose outcome differs from gocql-expected.json:\n${wrong.map(details).join('\n\n')}`);
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    for (const n of nodes) n.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});

function describe(r: GoTestResult): string {
  return `${r.name}: ${r.outcome}`;
}

function details(r: GoTestResult): string {
  return `--- ${r.name} (${r.outcome}):\n${r.output.split('\n').slice(-15).join('\n')}`;
}
