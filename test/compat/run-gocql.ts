/**
 * `npm run compat:gocql [-- --cluster HOST[:PORT]] [--only Name,Name]`: runs gocql's server
 * tests against a node already running at HOST (default 127.0.0.1:9042) and prints one line per
 * test, then the counts, then a JSON object with the results by outcome.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GoTestResult, buildGocqlTests, gocqlUnavailable, runGoTest, serverTestNames } from './gocql-suite.js';

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
    const results: GoTestResult[] = [];
    for (const [i, name] of names.entries()) {
      const r = await runGoTest(name, { binary, cluster: arg('cluster') ?? '127.0.0.1', cassandraVersion: '4.0.11', timeoutMs: 60_000 });
      results.push(r);
      console.log(`[${i + 1}/${names.length}] ${r.outcome.toUpperCase().padEnd(7)} ${name} (${r.ms} ms)`);
      if (process.argv.includes('--verbose') && r.outcome !== 'pass') console.log(r.output.split('\n').slice(-25).join('\n'));
    }
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
