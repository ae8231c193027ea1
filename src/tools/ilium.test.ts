import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { StorageEngine } from '../storage/storage-engine.js';
import { cellName } from '../storage/model/cell-name.js';
import { liveCell } from '../storage/model/cell.js';
import { tableDirName } from '../storage/table-def.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';

const CLI = fileURLToPath(new URL('./ilium.js', import.meta.url));

test('ilium start opens the data folder, prints its startup line and flushes on SIGTERM', async () => {
  const { dir, cleanup } = tempEnv();
  try {
    const child = spawn(process.execPath, [CLI, 'start', '--data', `${dir}/node`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve();
    }));
    assert.match(out, /Ilium node started in \d+ ms: data .*\/node, commit log sync periodic/);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.deepEqual(readdirSync(`${dir}/node`).sort(), ['commitlog', 'system'], 'the LOCK is released on stop');
  } finally {
    cleanup();
  }
});

test('ilium with a bad command prints usage and exits 2; sstable dump prints JSON lines', async () => {
  const bad = spawnSync(process.execPath, [CLI, 'frobnicate'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /usage:/);
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
    const first = spawn(process.execPath, [CLI, 'start', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve) => first.stdout.once('data', () => resolve()));
    const second = spawnSync(process.execPath, [CLI, 'start', '--data', dir], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(second.status, 1);
    assert.match(second.stderr, new RegExp(`in use by process ${first.pid}`));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('exit', resolve));
    // The killed node left its LOCK behind; its process is gone, so the next node takes over.
    const third = spawn(process.execPath, [CLI, 'start', '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const line = await new Promise<string>((resolve) => third.stdout.once('data', (d: Buffer) => resolve(d.toString())));
    assert.match(line, /Ilium node started/);
    third.kill('SIGTERM');
    assert.equal(await new Promise<number | null>((resolve) => third.on('exit', resolve)), 0);
  } finally {
    cleanup();
  }
});
