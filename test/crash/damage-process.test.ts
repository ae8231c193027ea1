/**
 * Damage on disk with a real `ilium start` and the npm cassandra-driver (issue 16 part 3): a
 * missing TOC is quarantined and logged and its rows come back from the commit log, with the
 * generation never reused; a missing Filter and a corrupt Summary are rebuilt; a corrupt chunk met
 * by a read is logged with its file and position and the driver gets READ_FAILURE without any
 * server path; each disk_failure_policy and commit_failure_policy does what Cassandra's does; and
 * -Dcassandra.commitlog.ignorereplayerrors=true lets a node with a damaged commit log start.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';

const ROWS = 4000;
/** This file's loopback addresses: 127.0.18.1 – 127.0.18.30, one per node started. */
const address = (n: number): string => `127.0.18.${n}`;

interface Node {
  readonly proc: IliumProcess;
  readonly client: cassandra.Client;
}

async function start(n: number, yaml: string, dataDir?: string, args: readonly string[] = []): Promise<Node> {
  const proc = await startIliumProcess({ address: address(n), configYaml: `admin_address: ${address(n)}\n${yaml}`, args, ...(dataDir === undefined ? {} : { dataDir }) });
  const client = new cassandra.Client({ contactPoints: [`${proc.host}:${proc.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 20_000 } });
  return { proc, client };
}

async function stopNode(node: Node): Promise<void> {
  await node.client.shutdown().catch(() => undefined);
  await node.proc.kill9();
}

function nodetool(node: Node, ...args: string[]): ReturnType<typeof runIliumCommand> {
  return runIliumCommand(['nodetool', '-h', node.proc.host, '-p', String(node.proc.adminPort), ...args]);
}

async function schema(c: cassandra.Client): Promise<void> {
  await c.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await c.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v text)');
  await c.execute('CREATE TABLE ks.other (k int PRIMARY KEY, v text)');
}

/** Writes rows [from, to) of ks.t, 64 at a time. */
async function writeRows(c: cassandra.Client, from: number, to: number, table = 't'): Promise<void> {
  for (let k = from; k < to; k += 64) {
    const batch = [];
    for (let i = k; i < Math.min(to, k + 64); i++) batch.push(c.execute(`INSERT INTO ks.${table} (k, v) VALUES (?, ?)`, [i, `value-${i}-${'x'.repeat(40)}`], { prepare: true }));
    await Promise.all(batch);
  }
}

async function countRows(c: cassandra.Client, table = 't'): Promise<number> {
  return (await c.execute(`SELECT k FROM ks.${table}`, [], { fetchSize: 5000 })).rows.length;
}

/** The directory of ks.<table> under the node's data directory. */
function tableDir(node: Node | string, table = 't'): string {
  const data = join(typeof node === 'string' ? node : node.proc.dataDir, 'data', 'ks');
  return join(data, readdirSync(data).find((d) => d.startsWith(`${table}-`))!);
}

/** Generations named by the SSTable files of a directory. */
function generations(dir: string): number[] {
  return [...new Set(readdirSync(dir).filter((f) => f.startsWith('ila-')).map((f) => Number(f.split('-')[1])))].sort((a, b) => a - b);
}

/** Flips one byte of a file in place (same inode: a reader's open descriptor sees it). */
function flipByte(path: string, at: number): void {
  const b = readFileSync(path);
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.from([b[at]! ^ 0x5a]), 0, 1, at);
  closeSync(fd);
}

/** Pino's JSON lines of one event. */
function logLines(node: Node | IliumProcess, event: string): { level: number; [k: string]: unknown }[] {
  const out = 'proc' in node ? node.proc.output() : node.output();
  return out.split('\n').filter((l) => l.includes(`"event":"${event}"`)).map((l) => JSON.parse(l.slice(l.indexOf('{'))) as { level: number });
}

const WARN = 40;
const ERROR = 50;

const isReadFailure = (e: unknown): boolean => (e as { code?: number }).code === cassandra.types.responseErrorCodes.readFailure;

async function eventually(what: string, fn: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first line of `event` once the node wrote it (stderr arrives after the client's answer). */
async function firstLog(node: Node, event: string, which: (l: Record<string, unknown>) => boolean = () => true): Promise<{ level: number; [k: string]: unknown }> {
  await eventually(`${event} logged`, async () => logLines(node, event).some(which), 10_000);
  return logLines(node, event).find(which)!;
}

/** A node with ks.t flushed into one SSTable (no read made yet) and ks.other holding 10 rows. */
async function flushedNode(n: number, yaml: string): Promise<Node> {
  const node = await start(n, `commitlog_sync: batch\n${yaml}`);
  await schema(node.client);
  await writeRows(node.client, 0, 500);
  await writeRows(node.client, 0, 10, 'other');
  const r = await nodetool(node, 'flush', 'ks');
  assert.equal(r.code, 0, r.stderr);
  return node;
}

/** Runs `fn` on a flushedNode, then kills it and removes its data. */
async function withFlushedNode(n: number, yaml: string, fn: (node: Node) => Promise<void>): Promise<void> {
  const node = await flushedNode(n, yaml);
  try {
    await fn(node);
  } finally {
    await stopNode(node);
    node.proc.dispose();
  }
}

/**
 * Damages a chunk in the middle of ks.t's Data.db, then reads it all: the read fails with
 * READ_FAILURE (or, when the policy is die, the connection may close first).
 */
async function readDamaged(node: Node, orClosed = false): Promise<unknown> {
  const data = join(tableDir(node), readdirSync(tableDir(node)).find((f) => f.endsWith('-Data.db'))!);
  flipByte(data, Math.floor(statSync(data).size / 2));
  const err = await countRows(node.client).then(() => null, (e: unknown) => e);
  assert.ok(isReadFailure(err) || (orClosed && err !== null), `READ_FAILURE expected, got ${String(err)}`);
  return err;
}

describe('damage on disk, real processes', { concurrency: false, timeout: 600_000 }, () => {
  it('a missing TOC.txt: the set is quarantined with a WARN line naming it, rows come back from the commit log, the generation is not reused', async () => {
    const node = await start(1, 'commitlog_sync: batch\n');
    try {
      await schema(node.client);
      await writeRows(node.client, 0, ROWS);
      assert.equal((await nodetool(node, 'flush', 'ks', 't')).code, 0);
      await writeRows(node.client, ROWS, ROWS + 10);
      await node.client.shutdown();
      await node.proc.kill9();
      const dir = tableDir(node);
      const [gen] = generations(dir);
      unlinkSync(join(dir, `ila-${gen}-TOC.txt`));
      const again = await start(1, 'commitlog_sync: batch\n', node.proc.dataDir);
      try {
        const q = await firstLog(again, 'sstables_quarantined', (l) => String(l.dir).endsWith(dir.slice(dir.lastIndexOf('/'))));
        assert.equal(q.level, WARN);
        assert.ok((q.files as string[]).includes(`ila-${gen}-Data.db`));
        assert.ok(readdirSync(join(dir, 'quarantine')).includes(`ila-${gen}-Data.db`), 'the files are in quarantine/, not deleted');
        assert.equal(await countRows(again.client), ROWS + 10, 'no row lost: the commit log still held them');
        assert.equal((await nodetool(again, 'flush', 'ks', 't')).code, 0);
        assert.ok(generations(dir).every((g) => g > gen!), `generations ${generations(dir).join(',')} are all above the quarantined ${gen}`);
      } finally {
        await stopNode(again);
      }
    } finally {
      node.proc.dispose();
    }
  });

  it('a missing Filter.db and a corrupt Summary.db are rebuilt at start (logged); the node starts and every row reads back', async () => {
    const node = await flushedNode(2, '');
    try {
      await node.client.shutdown();
      assert.equal(await node.proc.stop(), 0);
      const dir = tableDir(node);
      const [gen] = generations(dir);
      unlinkSync(join(dir, `ila-${gen}-Filter.db`));
      flipByte(join(dir, `ila-${gen}-Summary.db`), 7);
      const again = await start(2, '', node.proc.dataDir);
      try {
        const line = await firstLog(again, 'sstable_components_rebuilt', (l) => String(l.file).startsWith(dir));
        assert.deepEqual(line.rebuilt, ['Summary.db', 'Filter.db']);
        assert.equal(line.level, WARN);
        assert.equal(await countRows(again.client), 500);
        for (const k of [0, 137, 499]) assert.equal((await again.client.execute('SELECT v FROM ks.t WHERE k = ?', [k], { prepare: true })).rows.length, 1);
      } finally {
        await stopNode(again);
      }
    } finally {
      node.proc.dispose();
    }
  });

  it('a corrupt chunk at read time (disk_failure_policy stop): ERROR with file and position, READ_FAILURE without paths, the node keeps serving', async () => {
    await withFlushedNode(3, '', async (node) => {
      const err = await readDamaged(node);
      assert.ok(!String((err as Error).message).includes(node.proc.dataDir), `no server path in: ${(err as Error).message}`);
      assert.ok(!/\.db|\//.test((err as Error).message), `no file name in: ${(err as Error).message}`);
      const line = await firstLog(node, 'sstable_corruption');
      assert.equal(line.level, ERROR);
      assert.match(String(line.file), /-Data\.db$/);
      assert.equal(typeof line.position, 'number');
      assert.equal(await countRows(node.client, 'other'), 10, 'other tables still answer');
    });
  });

  it('disk_failure_policy die: the corrupt read makes the process exit (status 100)', async () => {
    await withFlushedNode(4, 'disk_failure_policy: die\n', async (node) => {
      await readDamaged(node, true);
      assert.equal(await node.proc.exited, 100);
      assert.equal((await firstLog(node, 'dying')).level, ERROR);
    });
  });

  it('disk_failure_policy stop_paranoid: the corrupt read stops the client transports and gossip; the process and nodetool stay up', async () => {
    await withFlushedNode(5, 'disk_failure_policy: stop_paranoid\n', async (node) => {
      await readDamaged(node);
      await eventually('transports stopped', async () => logLines(node, 'transports_stopped').length > 0);
      const fresh = new cassandra.Client({ contactPoints: [`${node.proc.host}:${node.proc.port}`], localDataCenter: 'datacenter1' });
      await assert.rejects(fresh.connect(), 'no CQL client can connect');
      await fresh.shutdown().catch(() => undefined);
      const info = await nodetool(node, 'info');
      assert.equal(info.code, 0, `nodetool still answers: ${info.stderr}`);
      assert.equal(node.proc.pid > 0 && existsSync(`/proc/${node.proc.pid}`), true, 'the process is up for inspection');
    });
  });

  it('disk_failure_policy stop: a damaged CompressionInfo.db (not rebuildable) found at start stops the start (logged)', async () => {
    const node = await flushedNode(6, '');
    const dir = tableDir(node);
    try {
      await node.client.shutdown();
      assert.equal(await node.proc.stop(), 0);
      const [gen] = generations(dir);
      flipByte(join(dir, `ila-${gen}-CompressionInfo.db`), 6);
      await assert.rejects(start(6, '', node.proc.dataDir), /exited with 1 before it was ready[\s\S]*sstable_corrupt_at_start/);
      // best_effort and ignore start past it: the set is skipped (logged) and left on disk.
      const skipping = await start(6, 'disk_failure_policy: ignore\n', node.proc.dataDir);
      try {
        const line = await firstLog(skipping, 'sstable_corrupt_skipped', (l) => String(l.file).startsWith(dir));
        assert.equal(line.level, ERROR);
        assert.ok(existsSync(join(dir, `ila-${gen}-CompressionInfo.db`)));
      } finally {
        await stopNode(skipping);
      }
    } finally {
      node.proc.dispose();
    }
  });

  it('disk_failure_policy best_effort: the damaged sstable is no longer read; later reads are served from the rest', async () => {
    await withFlushedNode(7, 'disk_failure_policy: best_effort\n', async (node) => {
      await readDamaged(node);
      assert.equal((await firstLog(node, 'sstable_marked_unreadable')).level, ERROR);
      await writeRows(node.client, 1000, 1010);
      assert.equal(await countRows(node.client), 10, 'reads go on, without the damaged sstable');
    });
  });

  it('disk_failure_policy ignore: every read of the damage fails with READ_FAILURE, nothing else changes', async () => {
    await withFlushedNode(8, 'disk_failure_policy: ignore\n', async (node) => {
      await readDamaged(node);
      await assert.rejects(countRows(node.client), isReadFailure);
      await eventually('each failed read logged', async () => logLines(node, 'sstable_corruption').length >= 2);
      assert.equal(await countRows(node.client, 'other'), 10);
    });
  });
});

/**
 * A commit log that cannot make its next segment: the commit-log directory is replaced by a file,
 * so the rollover fails (as a full or failing disk would). Segments are 1 MiB: 2 MiB of writes roll.
 */
async function failCommitLog(node: Node): Promise<unknown> {
  const log = join(node.proc.dataDir, 'commitlog');
  renameSync(log, `${log}.moved`);
  writeFileSync(log, 'not a directory');
  const blob = 'b'.repeat(100_000);
  let err: unknown = null;
  for (let i = 0; i < 30 && err === null; i++) {
    await node.client.execute('INSERT INTO ks.other (k, v) VALUES (?, ?)', [100 + i, blob], { prepare: true }).catch((e: unknown) => (err = e));
  }
  assert.ok(err !== null, 'a write failed');
  return err;
}

describe('commit_failure_policy, real processes', { concurrency: false, timeout: 600_000 }, () => {
  const yaml = (policy: string): string => `commit_failure_policy: ${policy}\ncommitlog_segment_size_in_mb: 1\n`;

  it('die: the process exits (status 100) after logging the failure', async () => {
    await withFlushedNode(10, yaml('die'), async (node) => {
      await failCommitLog(node);
      assert.equal(await node.proc.exited, 100);
      assert.equal((await firstLog(node, 'commit_log_failed')).level, ERROR);
    });
  });

  it('stop: client transports and gossip stop, the process stays up', async () => {
    await withFlushedNode(11, yaml('stop'), async (node) => {
      await failCommitLog(node);
      await eventually('transports stopped', async () => logLines(node, 'transports_stopped').length > 0);
      const fresh = new cassandra.Client({ contactPoints: [`${node.proc.host}:${node.proc.port}`], localDataCenter: 'datacenter1' });
      await assert.rejects(fresh.connect());
      await fresh.shutdown().catch(() => undefined);
      assert.equal((await nodetool(node, 'info')).code, 0);
    });
  });

  it('stop_commit: the failed write fails; later writes wait and time out (WRITE_TIMEOUT), reads are still served, the failure is logged once', async () => {
    await withFlushedNode(13, `${yaml('stop_commit')}write_request_timeout_in_ms: 600\n`, async (node) => {
      const err = await failCommitLog(node);
      assert.equal((err as { code?: number }).code, cassandra.types.responseErrorCodes.writeFailure, String(err));
      const t0 = Date.now();
      await assert.rejects(node.client.execute("INSERT INTO ks.t (k, v) VALUES (1, 'x')"), (e: unknown) => {
        assert.equal((e as { code?: number }).code, cassandra.types.responseErrorCodes.writeTimeout, String(e));
        return true;
      });
      const waited = Date.now() - t0;
      assert.ok(waited >= 550 && waited < 5000, `the write waited ${waited} ms on the stopped commit log`);
      assert.equal(await countRows(node.client), 500, 'reads are served');
      await firstLog(node, 'commit_log_failed');
      assert.equal(logLines(node, 'commit_log_failed').length, 1);
      assert.equal(logLines(node, 'transports_stopped').length, 0);
    });
  });

  it('ignore: writes fail at once (WRITE_FAILURE), reads are still served, the failure is logged once', async () => {
    await withFlushedNode(12, yaml('ignore'), async (node) => {
      const err = await failCommitLog(node);
      assert.equal((err as { code?: number }).code, cassandra.types.responseErrorCodes.writeFailure, String(err));
      await assert.rejects(node.client.execute("INSERT INTO ks.t (k, v) VALUES (1, 'x')"), (e: unknown) => {
        assert.equal((e as { code?: number }).code, cassandra.types.responseErrorCodes.writeFailure, String(e));
        return true;
      });
      assert.equal(await countRows(node.client), 500, 'reads are served');
      await firstLog(node, 'commit_log_failed');
      assert.equal(logLines(node, 'commit_log_failed').length, 1);
      assert.equal(logLines(node, 'transports_stopped').length, 0);
    });
  });
});

describe('-Dcassandra.commitlog.ignorereplayerrors', { timeout: 300_000 }, () => {
  it('a damaged commit log stops the start; with the property the node skips the damage (logged) and starts', async () => {
    const node = await start(20, 'commitlog_sync: batch\n');
    const copy = mkdtempSync(join(tmpdir(), 'ilium-replay-'));
    try {
      await schema(node.client);
      await writeRows(node.client, 0, 2000);
      await node.client.shutdown();
      await node.proc.kill9();
      const logDir = join(node.proc.dataDir, 'commitlog');
      const seg = readdirSync(logDir).filter((f) => f.endsWith('.log')).map((f) => join(logDir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
      flipByte(seg, Math.floor(statSync(seg).size / 2));
      cpSync(node.proc.dataDir, join(copy, 'data'), { recursive: true });
      await assert.rejects(start(20, '', node.proc.dataDir), /exited with 1 before it was ready[\s\S]*CorruptionError/);
      const ignoring = await start(20, '', join(copy, 'data'), ['-Dcassandra.commitlog.ignorereplayerrors=true']);
      try {
        assert.equal((await firstLog(ignoring, 'commitlog_skipped_corruption')).level, ERROR, 'the skipped region is logged');
        const n = await countRows(ignoring.client);
        assert.ok(n > 0 && n < 2000, `the rows before and after the damage replayed (${n})`);
      } finally {
        await stopNode(ignoring);
      }
    } finally {
      node.proc.dispose();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

const REPORT = /: (verified|scrubbed) (\d+) partitions \((\d+) cells\) intact; (\d+) partitions, (\d+) cells (?:damaged|dropped) \((\d+) bytes\)/;

/** Flips a byte in the middle of ks.t's Data.db (no read made). */
function damageTable(node: Node): void {
  const data = join(tableDir(node), readdirSync(tableDir(node)).find((f) => f.endsWith('-Data.db'))!);
  flipByte(data, Math.floor(statSync(data).size / 2));
}

describe('verify and scrub report what they drop, real processes', { concurrency: false, timeout: 300_000 }, () => {
  it('nodetool verify reports the damage; nodetool scrub drops it (counted), quarantines the old set, and reads work again', async () => {
    await withFlushedNode(15, '', async (node) => {
      damageTable(node);
      const v = await nodetool(node, 'verify', 'ks', 't');
      assert.equal(v.code, 0, v.stderr);
      const vm = REPORT.exec(v.stdout);
      assert.ok(vm !== null && Number(vm[4]) > 0 && Number(vm[5]) > 0 && Number(vm[6]) > 0, v.stdout);
      assert.equal(Number(vm[2]) + Number(vm[4]), 500);
      assert.match(v.stdout, /damage: .*Data\.db @\d+/);
      const s = await nodetool(node, 'scrub', 'ks', 't');
      assert.equal(s.code, 0, s.stderr);
      const sm = REPORT.exec(s.stdout);
      assert.ok(sm !== null && sm[1] === 'scrubbed' && sm[4] === vm[4] && sm[5] === vm[5], s.stdout);
      assert.ok(readdirSync(join(tableDir(node), 'quarantine')).some((f) => f.endsWith('-Data.db')), 'the old set is kept in quarantine/');
      assert.equal(await countRows(node.client), Number(vm[2]), 'every intact row reads, no READ_FAILURE');
      assert.equal((await firstLog(node, 'sstable_scrubbed')).level, WARN);
    });
  });

  it('ilium sstable verify / scrub on a stopped node: damage reported (exit 1), then dropped and counted; the restarted node reads the rest', async () => {
    const node = await flushedNode(16, '');
    try {
      await node.client.shutdown();
      assert.equal(await node.proc.stop(), 0);
      damageTable(node);
      const dir = tableDir(node);
      const v = await runIliumCommand(['sstable', 'verify', dir]);
      assert.equal(v.code, 1, v.stdout + v.stderr);
      const vm = REPORT.exec(v.stdout);
      assert.ok(vm !== null && Number(vm[4]) > 0, v.stdout);
      const s = await runIliumCommand(['sstable', 'scrub', dir]);
      assert.equal(s.code, 0, s.stdout + s.stderr);
      const sm = REPORT.exec(s.stdout);
      assert.ok(sm !== null && sm[4] === vm[4] && sm[6] === vm[6], s.stdout);
      assert.equal((await runIliumCommand(['sstable', 'verify', dir])).code, 0, 'the scrubbed table verifies clean');
      const again = await start(16, '', node.proc.dataDir);
      try {
        assert.equal(await countRows(again.client), Number(vm[2]));
      } finally {
        await stopNode(again);
      }
    } finally {
      node.proc.dispose();
    }
  });
});
