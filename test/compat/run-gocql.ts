/**
 * `npm run compat:gocql [-- --cluster HOST[,HOST…]] [--auth-cluster HOST] [--only Name,Name] [--verbose]`:
 * runs gocql's server tests against nodes already running (default 127.0.0.1; one test at a time
 * per node, so two nodes halve the time) and prints one line per test, then the counts, then a
 * JSON object with the results by outcome. Start the nodes as gocql's CI starts Cassandra:
 *
 *   node dist/src/tools/ilium.js start --data /tmp/g1 --config c.yaml \
 *     -Dcassandra.test.fail_writes_ks=test \
 *     -Dcassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler
 *
 * (c.yaml: rpc_address/listen_address when not 127.0.0.1 — gocql dials port 9042 of the address
 * system.local gives). TestAuthentication runs with -runauth against --auth-cluster, a node with
 * `authenticator: PasswordAuthenticator`; without one it skips, as in gocql.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_TESTS, RUNS_AFTER } from './gocql-plan.js';
import { buildGocqlTests, gocqlUnavailable, runServerTests, serverTestNames } from './gocql-suite.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function main(): Promise<void> {
  const missing = gocqlUnavailable();
  if (missing !== null) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'ilium-gocql-'));
  try {
    const binary = join(dir, 'gocql.test');
    buildGocqlTests(binary, join(tmpdir(), 'ilium-gocql-cache'));
    const only = arg('only')?.split(',');
    const names = serverTestNames().filter((n) => only === undefined || only.includes(n));
    const authCluster = arg('auth-cluster');
    const verbose = process.argv.includes('--verbose');
    const results = await runServerTests({
      binary,
      clusters: (arg('cluster') ?? '127.0.0.1').split(','),
      ...(authCluster === undefined ? {} : { authCluster }),
      names,
      cassandraVersion: '4.0.11',
      timeoutMs: 60_000,
      runsAfter: RUNS_AFTER,
      authTests: AUTH_TESTS,
      onResult: (r, done, total) => {
        console.log(`[${done}/${total}] ${r.outcome.toUpperCase().padEnd(7)} ${r.name} (${r.ms} ms)`);
        if (verbose && r.outcome !== 'pass') console.log(r.output.split('\n').slice(-25).join('\n'));
      },
    });
    const by = (o: string) => results.filter((r) => r.outcome === o).map((r) => r.name);
    console.log(`${by('pass').length} passed, ${results.length - by('pass').length - by('skip').length} failed, ${by('skip').length} skipped`);
    console.log(JSON.stringify({ pass: by('pass'), fail: by('fail'), crash: by('crash'), timeout: by('timeout'), skip: by('skip') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
