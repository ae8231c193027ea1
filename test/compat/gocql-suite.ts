/**
 * gocql's own integration tests, as Debian ships them (golang-github-gocql-gocql-dev, built with
 * golang-go), run against an Ilium node. The test binary is built once in GOPATH mode from the
 * packaged sources with the `cassandra integration` build tags; each test function then runs in
 * its own process (`-test.run ^Name$`), so a panicking test costs only itself.
 *
 * The server tests are the `func Test…` of the files whose build constraint names `cassandra` or
 * `integration`; the binary also holds gocql's pure unit tests, which are not ours to count.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const GOCQL_DIR = '/usr/share/gocode/src/github.com/gocql/gocql';
const GOPATH = '/usr/share/gocode';

export type GoTestOutcome = 'pass' | 'fail' | 'skip' | 'crash' | 'timeout';

export interface GoTestResult {
  readonly name: string;
  readonly outcome: GoTestOutcome;
  readonly ms: number;
  /** The test's output (trimmed to the last few KB). */
  readonly output: string;
}

/** Why the suite cannot run here, or null when go and the gocql sources are installed. */
export function gocqlUnavailable(): string | null {
  if (!existsSync(GOCQL_DIR)) return `gocql sources not found at ${GOCQL_DIR} (apt-get install golang-github-gocql-gocql-dev)`;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status !== 0) return 'the go toolchain is not installed (apt-get install golang-go)';
  return null;
}

/** The server test functions: those in files built only with the cassandra / integration tags. */
export function serverTestNames(): string[] {
  const names: string[] = [];
  for (const f of readdirSync(GOCQL_DIR).filter((n) => n.endsWith('_test.go')).sort()) {
    const src = readFileSync(join(GOCQL_DIR, f), 'utf8');
    const constraint = /^\/\/go:build (.*)$/m.exec(src)?.[1] ?? '';
    if (!/\b(cassandra|integration)\b/.test(constraint) || /\bignore\b/.test(constraint)) continue;
    for (const m of src.matchAll(/^func (Test\w+)\(t \*testing\.T\)/gm)) names.push(m[1]!);
  }
  return names;
}

/** Builds the test binary into `outFile` (a few seconds with a warm cache). */
export function buildGocqlTests(outFile: string, cacheDir: string): void {
  const r = spawnSync('go', ['test', '-tags', 'cassandra integration', '-c', '-o', outFile, '.'], {
    cwd: GOCQL_DIR,
    env: { ...process.env, GOPATH, GO111MODULE: 'off', GOCACHE: cacheDir, GOFLAGS: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`building gocql's tests failed:\n${r.stderr}${r.stdout}`);
}

export interface RunOptions {
  readonly binary: string;
  /** host or host:port of the node. */
  readonly cluster: string;
  readonly cassandraVersion: string;
  readonly timeoutMs: number;
  /** Tests to run first in the same process (gocql's order: they must come earlier in it). */
  readonly after?: readonly string[];
  /** More flags for the test binary (`-runauth`). */
  readonly extraArgs?: readonly string[];
}

/** Runs one test function in its own process (after its prerequisites, if any). */
export function runGoTest(name: string, o: RunOptions): Promise<GoTestResult> {
  const names = [...(o.after ?? []), name];
  const args = [
    `-test.run=^(${names.join('|')})$`,
    '-test.v',
    `-test.timeout=${Math.ceil(o.timeoutMs / 1000)}s`,
    `-cluster=${o.cluster}`,
    '-proto=4',
    `-gocql.cversion=${o.cassandraVersion}`,
    '-autowait=200ms',
    '-retries=1',
    '-gocql.timeout=5s',
    ...(o.extraArgs ?? []),
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(o.binary, args, { cwd: GOCQL_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (b: Buffer) => {
      out += b.toString('utf8');
      if (out.length > 64_000) out = out.slice(-32_000);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const killer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs + 5_000);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ name, outcome: outcomeOf(name, out, code), ms: Date.now() - started, output: out.slice(-4_000) });
    });
  });
}

function outcomeOf(name: string, out: string, code: number | null): GoTestOutcome {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`^--- PASS: ${escaped} `, 'm').test(out)) return 'pass';
  if (new RegExp(`^--- SKIP: ${escaped} `, 'm').test(out)) return 'skip';
  if (new RegExp(`^--- FAIL: ${escaped} `, 'm').test(out)) return 'fail';
  if (/panic: test timed out/.test(out) || code === null) return 'timeout';
  return 'crash';
}

export interface SuiteOptions {
  readonly binary: string;
  /** One worker per node (host or host:port); each node serves one test process at a time. */
  readonly clusters: readonly string[];
  /** A node with PasswordAuthenticator for the auth tests; without one they run (and skip) as usual. */
  readonly authCluster?: string;
  readonly names: readonly string[];
  readonly cassandraVersion: string;
  readonly timeoutMs: number;
  /** Prerequisites per test (gocql-plan.ts RUNS_AFTER). */
  readonly runsAfter?: Readonly<Record<string, { readonly after: readonly string[] }>>;
  readonly authTests?: ReadonlySet<string>;
  /** Called as each test ends (progress). */
  readonly onResult?: (r: GoTestResult, done: number, total: number) => void;
}

/**
 * Runs `names`, each in its own process, spread over the nodes of `clusters` (tests of one node
 * never overlap: each drops and re-creates the keyspace gocql_test); results in `names` order.
 */
export async function runServerTests(o: SuiteOptions): Promise<GoTestResult[]> {
  const results = new Map<string, GoTestResult>();
  const queue = [...o.names];
  const runOne = async (name: string, cluster: string): Promise<void> => {
    const auth = o.authTests?.has(name) === true && o.authCluster !== undefined;
    const r = await runGoTest(name, {
      binary: o.binary,
      cluster: auth ? o.authCluster! : cluster,
      cassandraVersion: o.cassandraVersion,
      timeoutMs: o.timeoutMs,
      after: o.runsAfter?.[name]?.after ?? [],
      extraArgs: auth ? ['-runauth'] : [],
    });
    results.set(name, r);
    o.onResult?.(r, results.size, o.names.length);
  };
  const worker = async (cluster: string): Promise<void> => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) await runOne(name, cluster);
  };
  await Promise.all(o.clusters.map(worker));
  return o.names.map((n) => results.get(n)!);
}
