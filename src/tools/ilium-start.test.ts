/**
 * `ilium start` as a real process (test/support/ilium-process.ts): ready fast on an ephemeral
 * CQL port, answers the native protocol (USE, typed errors, PREPARE/EXECUTE), honours --config
 * (cassandra.yaml keys), shuts down cleanly on SIGTERM and SIGINT (exit 0, LOCK released), and
 * restarts after kill -9.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRealEnv } from '../env/index.js';
import { ErrorCode } from '../errors/index.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import { type IliumProcess, startIliumProcess } from '../../test/support/ilium-process.js';

const CLI = fileURLToPath(new URL('./ilium.js', import.meta.url));
const params = { consistency: 'ONE' as const, values: [], skipMetadata: false };

test('ilium start speaks CQL; SIGTERM exits 0 and releases the LOCK', async () => {
  const node = await startIliumProcess();
  try {
    assert.equal(node.host, '127.0.0.1');
    const c = await CqlWireClient.connect(createRealEnv().net, { host: node.host, port: node.port });
    assert.equal((await c.startup()).response.opcode, 'READY');
    const use = await c.request({ opcode: 'QUERY', query: 'USE nowhere', params });
    assert.ok(use.response.opcode === 'ERROR');
    assert.equal(use.response.error.code, ErrorCode.INVALID);
    assert.equal(use.response.error.message, "Keyspace 'nowhere' does not exist");
    const bad = await c.request({ opcode: 'QUERY', query: 'SELECT FROM', params });
    assert.ok(bad.response.opcode === 'ERROR' && bad.response.error.code === ErrorCode.SYNTAX_ERROR);
    const unprepared = await c.request({ opcode: 'EXECUTE', id: Buffer.alloc(16, 7), params });
    assert.ok(unprepared.response.opcode === 'ERROR' && unprepared.response.error.code === ErrorCode.UNPREPARED);
    const prepared = await c.request({ opcode: 'PREPARE', query: 'USE nowhere' });
    assert.ok(prepared.response.opcode === 'RESULT' && prepared.response.result.kind === 'prepared');
    const run = await c.request({ opcode: 'EXECUTE', id: prepared.response.result.id, params });
    assert.ok(run.response.opcode === 'ERROR' && run.response.error.message === "Keyspace 'nowhere' does not exist");
    c.close();
    assert.equal(await node.stop(), 0);
    assert.ok(!existsSync(join(node.dataDir, 'LOCK')), 'the LOCK is released');
    // The structured log (stderr, written asynchronously: complete once the process is gone).
    assert.match(node.output(), /"event":"started".*"nodeStartMs":\d+/);
    assert.match(node.output(), /"event":"stopped"/);
  } finally {
    node.dispose();
  }
});

test('time to ready: the node opens in under 500 ms (best of three starts on a shared, loaded machine)', async () => {
  // The node itself (stored schema, engine and replay, CQL listener) measures 15–50 ms on a quiet
  // machine; the process as a whole adds module loading (330–900 ms on this loaded 2-core box,
  // docs/PERFORMANCE.md), bounded loosely here. Best of three: one start slowed by other
  // processes' load must not fail the build, a start that is always slow must.
  let dataDir: string | undefined;
  const nodeMs: number[] = [];
  const processMs: number[] = [];
  const made: IliumProcess[] = [];
  try {
    for (let i = 0; i < 3 && !(nodeMs.length > 0 && Math.min(...nodeMs) < 500); i++) {
      const node = await startIliumProcess(dataDir === undefined ? {} : { dataDir });
      made.push(node);
      dataDir = node.dataDir;
      assert.equal(await node.stop(), 0);
      const started = /"event":"started".*"nodeStartMs":(\d+)/.exec(node.output());
      assert.ok(started !== null, node.output());
      nodeMs.push(Number(started[1]));
      processMs.push(node.startupMs);
    }
    assert.ok(Math.min(...nodeMs) < 500, `node start took ${nodeMs.join(', ')} ms`);
    assert.ok(Math.min(...processMs) < 5000, `the process took ${processMs.join(', ')} ms to be ready`);
  } finally {
    for (const n of made.reverse()) n.dispose();
  }
});

test('ilium start reads --config (cassandra.yaml keys; flags override it) and stops on SIGINT', async () => {
  const node = await startIliumProcess({ configYaml: 'cluster_name: Yaml Cluster\nnative_transport_port: 1\ncommitlog_sync: batch\nkey_cache_size_in_mb: 100\n' });
  try {
    assert.notEqual(node.port, 1, '--port 0 overrides the file');
    assert.match(node.output(), /commit log sync batch/);
    assert.equal(await node.stop('SIGINT'), 0);
    assert.match(node.output(), /"event":"config_keys_ignored".*key_cache_size_in_mb/);
  } finally {
    node.dispose();
  }
});

test('a bad config file or flag stops ilium start with a message', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-badcfg-'));
  try {
    writeFileSync(`${dir}/c.yaml`, 'native_transport_prot: 9042\n');
    const typo = spawnSync(process.execPath, [CLI, 'start', '--config', `${dir}/c.yaml`, '--data', `${dir}/d`], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(typo.status, 1);
    assert.match(typo.stderr, /ConfigurationError: Invalid configuration: unknown keys native_transport_prot/);
    const port = spawnSync(process.execPath, [CLI, 'start', '--port', 'x', '--data', `${dir}/d`], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(port.status, 2);
    assert.match(port.stderr, /--port takes a port number/);
    const property = spawnSync(process.execPath, [CLI, 'start', '-Dcassandra.join_ring=false', '--data', `${dir}/d`], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(property.status, 1);
    assert.match(property.stderr, /ConfigurationError: -Dcassandra\.join_ring: unknown system property/);
    const flag = spawnSync(process.execPath, [CLI, 'start', '--nope'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(flag.status, 2);
    assert.match(flag.stderr, /unknown option '--nope'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('after kill -9 the node starts again on its directory with the same identity', async () => {
  const first = await startIliumProcess();
  try {
    await first.kill9();
    const identity = (): string => readFileSync(join(first.dataDir, 'node-identity.json'), 'utf8');
    const before = identity();
    const second = await startIliumProcess({ dataDir: first.dataDir });
    try {
      assert.equal(identity(), before);
      assert.equal(await second.stop(), 0);
    } finally {
      second.dispose();
    }
  } finally {
    first.dispose();
  }
});
