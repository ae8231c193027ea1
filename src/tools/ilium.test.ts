import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { open } from '../api/open.js';
import { SEED_000_TWITTER, SEED_003_TWITTER, SEED_004_BLOGGY } from '../schema/fixtures/seed-schemas.js';
import { StorageEngine } from '../storage/storage-engine.js';
import { cellName } from '../storage/model/cell-name.js';
import { liveCell } from '../storage/model/cell.js';
import { tableDirName } from '../storage/table-def.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';

const CLI = fileURLToPath(new URL('./ilium.js', import.meta.url));
/** These nodes' own loopback address and seed, and ephemeral ports (HTTP's default 9180 on 127.0.0.1 is shared by every node left at its default). */
const OWN_ADDRESS = ['--listen', '127.0.45.71', '--seeds', '127.0.45.71'];

test('ilium start opens the data folder, prints its startup line and flushes on SIGTERM', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const child = spawn(process.execPath, [CLI, 'start', ...OWN_ADDRESS, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', `${dir}/node`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve();
    }));
    assert.match(out, /Ilium node started in \d+ ms: data .*\/node, commit log sync periodic; ready: CQL native protocol on 127\.0\.45\.71:\d+, Thrift on 127\.0\.45\.71:\d+, nodetool on 127\.0\.0\.1:\d+, HTTP on http:\/\/127\.0\.0\.1:\d+\./);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.ok(!readdirSync(`${dir}/node`).includes('LOCK'), 'the LOCK is released on stop');
  } finally {
    cleanup();
  }
});

test('ilium with a bad command says so and exits 2; sstable dump prints JSON lines', async () => {
  const bad = spawnSync(process.execPath, [CLI, 'frobnicate'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown command 'frobnicate'/);
  const { env, dir, cleanup } = tempEnv();
  try {
    const def = { id: '7e7e7e7e-0000-4000-8000-000000000007', keyspace: 'ks', name: 'dump', partitioner: BYTE_ORDER, gcGraceSeconds: 0 };
    const e = await StorageEngine.open({ env, dataDir: dir, tables: [def] });
    await e.apply(def.id, { key: Buffer.from('row1'), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('c')]), Buffer.from('hello'), 42n)] });
    await e.close();
    const r = spawnSync(process.execPath, [CLI, 'sstable', 'dump', `${dir}/data/ks/${tableDirName(def)}`, '1'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.length, 1);
    assert.match(JSON.stringify(lines[0]), new RegExp(Buffer.from('hello').toString('hex')));
  } finally {
    cleanup();
  }
});

test('a second node on the same data directory refuses to start; a stale lock is taken over', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const first = spawn(process.execPath, [CLI, 'start', ...OWN_ADDRESS, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve) => first.stdout.once('data', () => resolve()));
    const second = spawnSync(process.execPath, [CLI, 'start', ...OWN_ADDRESS, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', dir], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(second.status, 1);
    assert.match(second.stderr, new RegExp(`in use by process ${first.pid}`));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('exit', resolve));
    // The killed node left its LOCK behind; its process is gone, so the next node takes over.
    const third = spawn(process.execPath, [CLI, 'start', ...OWN_ADDRESS, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    third.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const line = await new Promise<string>((resolve) => third.stdout.once('data', (d: Buffer) => resolve(d.toString())));
    assert.match(line, /Ilium node started/);
    assert.match(log, new RegExp(`"event":"stale_lock_taken_over".*"previousPid":${first.pid}`), 'the takeover is logged');
    third.kill('SIGTERM');
    assert.equal(await new Promise<number | null>((resolve) => third.on('exit', resolve)), 0);
  } finally {
    cleanup();
  }
});

/** Runs `ilium schema load` on a schema text written to a file in `dir`. */
function schemaLoad(dir: string, text: string, name: string, data = `${dir}/node`) {
  const file = `${dir}/${name}`;
  writeFileSync(file, text);
  return spawnSync(process.execPath, [CLI, 'schema', 'load', file, '--data', data], { encoding: 'utf8', timeout: 30_000 });
}

/** The column families of a data directory, opened with the API: name → [type, comparator, subcomparator]. */
async function columnFamilies(data: string): Promise<Record<string, string[]>> {
  const db = await open({ dataDir: data });
  try {
    const out: Record<string, string[]> = {};
    for (const ks of await db.describeKeyspaces()) {
      for (const cf of ks.tables) out[`${ks.name}.${cf.name}`] = [cf.columnType, cf.comparator.name, cf.subcomparator?.name ?? '-'];
    }
    return out;
  } finally {
    await db.close();
  }
}

test('ilium schema load: the JSON and XML forms, one line per addition, existing ones reported unchanged', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const json = schemaLoad(dir, SEED_000_TWITTER, 'twitter.json');
    assert.equal(json.status, 0, json.stderr);
    assert.deepEqual(json.stdout.trim().split('\n').slice(0, -1), ['added keyspace Twitter', 'added column family Twitter.Users', 'added column family Twitter.Statuses', 'added column family Twitter.StatusRelationships']);
    // The XML form adds StatusAudits and UserRelationships to the existing keyspace.
    const xml = schemaLoad(dir, SEED_003_TWITTER, 'twitter.xml');
    assert.equal(xml.status, 0, xml.stderr);
    assert.match(xml.stdout, /^added column family Twitter.StatusAudits$/m);
    assert.match(xml.stdout, /^added column family Twitter.UserRelationships$/m);
    assert.match(xml.stdout, /^keyspace Twitter already exists \(unchanged\)$/m);
    assert.match(xml.stdout, /^column family Twitter.Users already exists \(unchanged\)$/m);
    assert.equal(schemaLoad(dir, SEED_004_BLOGGY, 'bloggy.xml').status, 0);
    assert.deepEqual(await columnFamilies(`${dir}/node`), {
      'Twitter.Users': ['Standard', 'UTF8Type', '-'],
      'Twitter.Statuses': ['Standard', 'UTF8Type', '-'],
      'Twitter.StatusRelationships': ['Super', 'UTF8Type', 'TimeUUIDType'],
      'Twitter.StatusAudits': ['Standard', 'UTF8Type', '-'],
      'Twitter.UserRelationships': ['Super', 'UTF8Type', 'TimeUUIDType'],
      'BloggyAppy.Authors': ['Standard', 'BytesType', '-'],
      'BloggyAppy.BlogEntries': ['Standard', 'BytesType', '-'],
      'BloggyAppy.TaggedPosts': ['Standard', 'TimeUUIDType', '-'],
      'BloggyAppy.Comments': ['Super', 'TimeUUIDType', 'BytesType'],
    });
    const again = schemaLoad(dir, SEED_000_TWITTER, 'twitter.json');
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(again.stdout.trim().split('\n'), [
      'keyspace Twitter already exists (unchanged)',
      'column family Twitter.Users already exists (unchanged)',
      'column family Twitter.Statuses already exists (unchanged)',
      'column family Twitter.StatusRelationships already exists (unchanged)',
      `schema loaded into ${dir}/node: nothing new`,
    ]);
  } finally {
    cleanup();
  }
});

test('ilium schema load refuses a directory a running node holds, and changes nothing', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const node = spawn(process.execPath, [CLI, 'start', ...OWN_ADDRESS, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', `${dir}/node`], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve) => node.stdout.once('data', () => resolve()));
    const r = schemaLoad(dir, SEED_000_TWITTER, 'twitter.json');
    node.kill('SIGTERM');
    assert.equal(await new Promise<number | null>((resolve) => node.on('exit', resolve)), 0);
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`DataDirectoryInUseError: data directory .*/node is in use by process ${node.pid} \\(its LOCK file .*/node/LOCK\\); a running node holds it: stop that node and run schema load again, or load the schema through the running node`));
    assert.deepEqual(await columnFamilies(`${dir}/node`), {});
  } finally {
    cleanup();
  }
});

test('ilium schema load: a missing, malformed or conflicting file exits 1 with a message and changes nothing', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    assert.equal(schemaLoad(dir, SEED_000_TWITTER, 'twitter.json').status, 0);
    const before = await columnFamilies(`${dir}/node`);
    const missing = spawnSync(process.execPath, [CLI, 'schema', 'load', `${dir}/nope.json`, '--data', `${dir}/node`], { encoding: 'utf8' });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /ConfigurationError: schema file .*nope.json does not exist/);
    const syntax = schemaLoad(dir, '{"Fresh":{"A":{"comparator_type":"UTF8Type"}', 'broken.json');
    assert.equal(syntax.status, 1);
    assert.match(syntax.stderr, /ConfigurationError: schema file .*broken.json is not valid: schema is not valid JSON/);
    const xml = schemaLoad(dir, '<Keyspace Name="Fresh"><ColumnFamily Name="A" CompareWith="NoSuchType"/></Keyspace>', 'bad.xml');
    assert.equal(xml.status, 1);
    assert.match(xml.stderr, /is not valid: Invalid comparator_type 'NoSuchType'/);
    // Valid on its own, but one of its column families clashes with the stored schema: the valid parts are not applied either.
    const clash = schemaLoad(dir, '{"Fresh":{"A":{}},"Twitter":{"users":{}}}', 'clash.json');
    assert.equal(clash.status, 1);
    assert.match(clash.stderr, /InvalidRequestError: Column family names must be case-insensitively unique/);
    assert.equal(schemaLoad(dir, '{}', 'empty.json').status, 1);
    assert.deepEqual(await columnFamilies(`${dir}/node`), before);
    assert.equal(Object.keys(before).length, 3);
  } finally {
    cleanup();
  }
});

test('regression: ilium start replays the unflushed writes of user tables an embedded app left behind', async () => {
  const { dir, cleanup } = tempEnv();
  const script = `${dir}-app.mjs`;
  try {
    const api = fileURLToPath(new URL('../api/index.js', import.meta.url));
    // An embedded app writes (batch commit log: on disk before the insert resolves) and dies without closing.
    const app = [
      `import { open } from ${JSON.stringify(api)};`,
      `const db = await open({ dataDir: ${JSON.stringify(dir)}, commitlogSync: 'batch' });`,
      `await db.addKeyspace({ name: 'App', tables: [{ name: 'Users', comparator: 'UTF8Type' }] });`,
      `await db.columnFamily('App', 'Users').insert('u1', { name: 'Ann' });`,
      'process.exit(0);',
    ].join('\n');
    writeFileSync(script, app);
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    // A node starts on the directory and stops cleanly (flushing, marking the log clean).
    const node = spawn(process.execPath, [CLI, 'start', ...OWN_ADDRESS, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve) => node.stdout.once('data', () => resolve()));
    node.kill('SIGTERM');
    assert.equal(await new Promise<number | null>((resolve) => node.on('exit', resolve)), 0);
    const db = await open({ dataDir: dir });
    try {
      const row = await db.columnFamily('App', 'Users').get('u1');
      assert.equal(row.get('name'), 'Ann');
    } finally {
      await db.close();
    }
  } finally {
    rmSync(script, { force: true });
    cleanup();
  }
});
