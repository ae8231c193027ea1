/**
 * Ilium as an npm package, as a user gets it: the package is packed from a copy of this tree's
 * sources (so `npm pack` runs its own prepack build of src alone, from nothing), installed into an
 * empty project with `npm install <tarball>`, and used from there:
 * - the tarball holds the runtime only (no tests, benches, source maps or build state);
 * - `import('ilium')` works and does not load cassandra-driver (it loads on a CQL `connect()`);
 *   `require('ilium')` works too (Node ≥ 20.19 loads ES modules from require);
 * - from the installed package, `open()` in memory runs DDL and DML through `execute`, the seeds'
 *   API beside it, and `serve()` lets the npm cassandra-driver and Debian's python3-cassandra in
 *   (on 127.0.40.4); `ilium/testing` gives a test node;
 * - the installed `ilium` bin starts a node (on 127.0.40.1, its own seed), which the npm
 *   cassandra-driver and Debian's python3-cassandra reach; `npx ilium nodetool` asks it;
 *   `npx ilium --version` answers.
 * Dependencies install from npm's cache when they are there (`--prefer-offline`): CI's `npm ci`
 * fills it. The package's size and the pack and install times are printed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ADDRESS = '127.0.40.1';
/** Where the installed package's embedded node serves. */
const EMBEDDED_ADDRESS = '127.0.40.4';
const PYTHON = '/usr/bin/python3';
/** What `npm pack` needs from the tree: the sources, the build configuration, the bin and the IDL. */
const PACKAGE_INPUTS = ['package.json', 'README.md', 'tsconfig.json', 'tsconfig.build.json', 'bin', 'interface', 'src', 'scripts/build-package.js', 'scripts/bundle-cli.js'];

let work: string;
let project: string;
let tarball: string;
let node: IliumProcess | undefined;

async function npm(args: readonly string[], cwd: string): Promise<{ stdout: string; ms: number }> {
  const began = performance.now();
  const { stdout } = await run('npm', [...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return { stdout, ms: performance.now() - began };
}

/** Runs `code` as an ES module (or CommonJS with `cjs`) in the project: its stdout. */
async function inProject(code: string, cjs?: boolean): Promise<string>;
/** Runs `code`, which keeps running until its stdin ends: its first line of output, and a way to end it. */
async function inProject(code: string, cjs: boolean, serving: true): Promise<{ first: string; end: () => Promise<void> }>;
async function inProject(code: string, cjs = false, serving = false): Promise<string | { first: string; end: () => Promise<void> }> {
  const file = join(project, cjs ? 'probe.cjs' : 'probe.mjs');
  writeFileSync(file, code);
  if (!serving) {
    const { stdout } = await run(process.execPath, [file], { cwd: project, timeout: 60_000 });
    return stdout.trim();
  }
  const child = spawn(process.execPath, [file, EMBEDDED_ADDRESS], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    void exited.then((code) => reject(new Error(`the probe exited with ${code} before printing:\n${err}`)));
  });
  return {
    first,
    end: async () => {
      child.stdin.end();
      const code = await exited;
      assert.equal(code, 0, err);
    },
  };
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'ilium-package-'));
  const tree = join(work, 'tree');
  for (const p of PACKAGE_INPUTS) cpSync(join(REPO, p), join(tree, p), { recursive: true });
  // The build needs TypeScript and @types/node, the tree's devDependencies.
  symlinkSync(join(REPO, 'node_modules'), join(tree, 'node_modules'), 'dir');
  mkdirSync(join(work, 'out'));
  const packed = await npm(['pack', '--pack-destination', join(work, 'out')], tree);
  tarball = join(work, 'out', readdirSync(join(work, 'out')).find((f) => f.endsWith('.tgz'))!);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-ilium', version: '1.0.0', private: true, type: 'module' }));
  const installed = await npm(['install', '--prefer-offline', tarball], project);
  console.log(`# npm pack (with its prepack build of src): ${(packed.ms / 1000).toFixed(1)} s; package ${(statSync(tarball).size / 1024 / 1024).toFixed(2)} MiB; npm install into an empty project: ${(installed.ms / 1000).toFixed(1)} s`);
});

after(() => {
  node?.dispose();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the runtime only: compiled src, its types, the bin and the Thrift IDL', async () => {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
  const files = stdout.split('\n').filter((f) => f !== '' && !f.endsWith('/'));
  console.log(`# ${files.length} files in the package`);
  for (const must of ['package/package.json', 'package/README.md', 'package/bin/ilium.js', 'package/interface/cassandra.thrift', 'package/dist/src/index.js', 'package/dist/src/index.d.ts', 'package/dist/src/tools/ilium.js', 'package/dist/bundle/ilium.js', 'package/dist/src/server/http/console-page.js', 'package/dist/src/server/http/console-script.js']) {
    assert.ok(files.includes(must), `${must} is missing from the package`);
  }
  const runtime = /^package\/(dist\/src\/.*\.(js|d\.ts)|dist\/bundle\/[^/]+\.js|bin\/.*\.js|interface\/cassandra\.thrift|package\.json|README\.md)$/;
  const strays = files.filter((f) => !runtime.test(f) || f.includes('.test.'));
  assert.deepEqual(strays, [], 'files that are not the runtime');
});

test('import("ilium") gives the API without loading cassandra-driver; require("ilium") works as well', async () => {
  const esm = await inProject(`
import { createRequire } from 'node:module';
const ilium = await import('ilium');
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('cassandra-driver'));
console.log(JSON.stringify({ open: typeof ilium.open, connect: typeof ilium.connect, timeUuid: typeof ilium.TimeUUID, driverModules: loaded.length }));
`);
  assert.deepEqual(JSON.parse(esm), { open: 'function', connect: 'function', timeUuid: 'function', driverModules: 0 });
  const cjs = await inProject(`const ilium = require('ilium'); console.log(typeof ilium.open, typeof ilium.connect);`, true);
  assert.equal(cjs, 'function function');
});

test('from the installed package: open() in memory, execute DDL and DML, the seeds’ API, serve() to cassandra-driver and python3-cassandra, ilium/testing', async () => {
  const out = await inProject(`
import { open, TimeUUID } from 'ilium';
import { startTestNode } from 'ilium/testing';
import cassandra from 'cassandra-driver';
const db = await open();
await db.execute("CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
await db.execute('CREATE TABLE app.t (k int PRIMARY KEY, v text)');
await db.execute('INSERT INTO app.t (k, v) VALUES (?, ?)', [1, 'embedded']);
await db.loadSchema(JSON.stringify({ Twitter: { Users: { comparator_type: 'UTF8Type' } } }));
await db.keyspace('Twitter').insert('Users', '5', { screen_name: 'buttonscat' });
const served = await db.serve({ host: process.argv[2], port: 0 });
const client = new cassandra.Client({ contactPoints: [served.cql.host + ':' + served.cql.port], localDataCenter: 'datacenter1' });
const fromDriver = (await client.execute('SELECT v FROM app.t WHERE k = 1')).first().get('v');
await client.shutdown();
const node = await startTestNode({ keyspace: 'ks', schema: 'CREATE TABLE t (k int PRIMARY KEY);' });
await node.db.execute('INSERT INTO ks.t (k) VALUES (7)');
const fromTestNode = (await node.db.execute('SELECT k FROM ks.t')).rows[0].k;
await node.stop();
console.log(JSON.stringify({ fromDriver, user: (await db.keyspace('Twitter').get('Users', '5')).get('screen_name'), fromTestNode, port: served.cql.port, timeUuid: typeof TimeUUID }));
// Left serving for the Python driver until stdin closes.
process.stdin.resume();
process.stdin.on('end', () => db.close());
`, false, true);
  const r = JSON.parse(out.first) as { fromDriver: string; user: string; fromTestNode: number; port: number };
  try {
    assert.equal(r.fromDriver, 'embedded');
    assert.equal(r.user, 'buttonscat');
    assert.equal(r.fromTestNode, 7);
    const python = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
    if (python.status === 0 || process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1') {
      const script = `
import sys
from cassandra.cluster import Cluster
c = Cluster([sys.argv[1]], port=int(sys.argv[2]))
s = c.connect()
assert s.execute("SELECT v FROM app.t WHERE k = 1").one().v == 'embedded'
print('ok python')
c.shutdown()
`;
      const py = await runPythonSections(PYTHON, '-c', [script, EMBEDDED_ADDRESS, String(r.port)]);
      assert.equal(py.code, 0, py.stderr);
      assert.deepEqual(py.passed, ['python']);
    }
  } finally {
    await out.end();
  }
});

test('the installed ilium bin starts a node that cassandra-driver and python3-cassandra reach; npx ilium nodetool asks it', async () => {
  node = await startIliumProcess({ bin: join(project, 'node_modules', '.bin', 'ilium'), address: ADDRESS, dataDir: join(work, 'node-data') });
  const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  try {
    await client.execute("CREATE KEYSPACE pkg WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE pkg.t (k int PRIMARY KEY, v text)');
    await client.execute('INSERT INTO pkg.t (k, v) VALUES (?, ?)', [1, 'from node'], { prepare: true });
    const rs = await client.execute('SELECT v FROM pkg.t WHERE k = 1');
    assert.equal(rs.first()?.get('v'), 'from node');
  } finally {
    await client.shutdown();
  }
  const python = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
  if (python.status === 0 || process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1') {
    const script = `
import sys
from cassandra.cluster import Cluster
c = Cluster([sys.argv[1]], port=int(sys.argv[2]))
s = c.connect()
s.execute("INSERT INTO pkg.t (k, v) VALUES (2, 'from python')")
assert s.execute("SELECT v FROM pkg.t WHERE k = 1").one().v == 'from node'
print('ok python')
c.shutdown()
`;
    const r = await runPythonSections(PYTHON, '-c', [script, node.host, String(node.port)]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.passed, ['python']);
  }
  // The admin port is on admin_address, 127.0.0.1 by default.
  const status = await run('npx', ['--no-install', 'ilium', 'nodetool', '-h', '127.0.0.1', '-p', String(node.adminPort), 'status'], { cwd: project, timeout: 60_000 });
  assert.match(status.stdout, new RegExp(`UN\\s+${ADDRESS.replaceAll('.', '\\.')}`));
  await node.stop();
});

test('npx ilium --version in the project prints the package’s version', async () => {
  const { stdout } = await run('npx', ['--no-install', 'ilium', '--version'], { cwd: project, timeout: 60_000 });
  assert.match(stdout, /^ilium 0\.1\.0 \(as Apache Cassandra 4\.0\.11/);
});
