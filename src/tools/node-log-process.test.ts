/**
 * `ilium start`'s log as people and machines see it, on real processes (127.0.36.x): readable
 * lines on a terminal (a pseudo-terminal from util-linux `script`), JSON on a pipe, the
 * --log-format override both ways, --log-level filtering, flush and compaction events,
 * --log-file rotation, a SIGTERM after whoever read stderr has gone, and a second signal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cassandra from 'cassandra-driver';
import { startIliumProcess } from '../../test/support/ilium-process.js';

const CLI = fileURLToPath(new URL('./ilium.js', import.meta.url));
const PRETTY_LINE = /^\d\d:\d\d:\d\d\.\d{3} (DEBUG|INFO |WARN |ERROR) [a-z_]+( |$)/;

function nodeArgs(address: string, dataDir: string, more: readonly string[] = []): string[] {
  return [CLI, 'start', '--data', dataDir, '--listen', address, '--seeds', address, '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', ...more];
}

function nodetool(adminPort: number, ...args: string[]): ReturnType<typeof spawnSync> {
  return spawnSync(process.execPath, [CLI, 'nodetool', '-p', String(adminPort), ...args], { encoding: 'utf8', timeout: 30_000 });
}

/** Runs `ilium start` on a pseudo-terminal until its ready line; returns what the terminal showed. */
async function onTerminal(address: string, more: readonly string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-log-tty-'));
  const command = [process.execPath, ...nodeArgs(address, join(dir, 'data'), more)].map((a) => `'${a}'`).join(' ');
  const script = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line:\n${out}`)), 30_000);
      script.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (/Ilium node started/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    return out.replace(/\r\n/g, '\n');
  } finally {
    const closed = new Promise((resolve) => script.on('close', resolve));
    script.kill('SIGTERM'); // the terminal goes away: the node gets SIGHUP
    await closed;
    rmSync(dir, { recursive: true, force: true });
  }
}

test('on a terminal the log is readable lines (time, level, event, fields); --log-format json keeps JSON there', async () => {
  const pretty = await onTerminal('127.0.36.11', []);
  const started = pretty.split('\n').find((l) => / started /.test(l));
  assert.ok(started !== undefined, pretty);
  assert.match(started, PRETTY_LINE);
  assert.match(started, / INFO  started dataDir=\S+ commitlogSync=periodic /);
  assert.doesNotMatch(pretty, /"level":30/);
  const json = await onTerminal('127.0.36.12', ['--log-format', 'json']);
  assert.match(json, /^\{"level":30,"time":\d+,.*"event":"started"/m);
});

test('on a pipe the log is JSON lines; --log-format pretty makes them readable there', async () => {
  const piped = await startIliumProcess({ address: '127.0.36.13' });
  try {
    const lines = piped.output().split('\n').filter((l) => l.startsWith('{'));
    assert.ok(lines.length > 0);
    for (const l of lines) assert.equal(typeof (JSON.parse(l) as { event: unknown }).event, 'string');
  } finally {
    assert.equal(await piped.stop(), 0);
    piped.dispose();
  }
  const forced = await startIliumProcess({ address: '127.0.36.14', args: ['--log-format', 'pretty'] });
  try {
    assert.match(forced.output(), /^\d\d:\d\d:\d\d\.\d{3} INFO  started /m);
    assert.doesNotMatch(forced.output(), /^\{"level"/m);
  } finally {
    assert.equal(await forced.stop(), 0);
    forced.dispose();
  }
});

test('--log-level: warn hides info; debug shows flush, compaction and the SSTables it removed', async () => {
  const quiet = await startIliumProcess({ address: '127.0.36.15', args: ['--log-level', 'warn'] });
  try {
    assert.doesNotMatch(quiet.output(), /"level":30/, 'no info line');
    assert.match(quiet.output(), /Ilium node started/, 'the ready line is not a log line');
  } finally {
    await quiet.stop();
    quiet.dispose();
  }
  const loud = await startIliumProcess({ address: '127.0.36.16', args: ['--log-level', 'debug'] });
  try {
    // Start-up flushed system.schema_keyspaces once (its built-in keyspaces in one change); two
    // keyspaces made over CQL flush it twice more: three SSTables to compact.
    const client = new cassandra.Client({ contactPoints: [`${loud.host}:${loud.port}`], localDataCenter: 'datacenter1' });
    try {
      for (const ks of ['log_a', 'log_b']) await client.execute(`CREATE KEYSPACE ${ks} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`);
    } finally {
      await client.shutdown();
    }
    await waitFor(() => loud.output().split('\n').filter((l) => l.includes('"event":"flush_completed"')).length >= 3);
    const flushed = loud.output().split('\n').filter((l) => l.includes('"event":"flush_completed"'));
    assert.ok(flushed.length >= 2, loud.output());
    const flush = JSON.parse(flushed[0]!) as Record<string, unknown>;
    assert.equal(flush['level'], 30);
    assert.equal(flush['table'], 'system.schema_keyspaces');
    for (const key of ['generation', 'partitions', 'bytesOnDisk', 'durationMs']) assert.equal(typeof flush[key], 'number', key);
    const r = nodetool(loud.adminPort!, 'compact', 'system', 'schema_keyspaces');
    assert.equal(r.status, 0, String(r.stderr));
    await waitFor(() => /"event":"compaction_completed"/.test(loud.output()));
    const compacted = JSON.parse(loud.output().split('\n').find((l) => l.includes('"event":"compaction_completed"'))!) as Record<string, unknown>;
    assert.equal(compacted['level'], 30);
    assert.equal(compacted['table'], 'system.schema_keyspaces');
    assert.ok((compacted['inputs'] as number[]).length >= 2);
    assert.ok((compacted['bytesIn'] as number) > 0 && (compacted['bytesOut'] as number) > 0);
    assert.equal(typeof compacted['durationMs'], 'number');
    const removed = loud.output().split('\n').filter((l) => l.includes('"event":"sstable_removed"')).map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(removed.map((e) => e['generation']).sort(), [...(compacted['inputs'] as number[])].sort());
    assert.ok(removed.every((e) => e['level'] === 20 && e['reason'] === 'compacted'));
  } finally {
    await loud.stop();
    loud.dispose();
  }
});

test('--log-file writes JSON lines and rotates them by --log-file-size (a plain number is bytes); current.log links to the file in use', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-log-file-'));
  const node = await startIliumProcess({ address: '127.0.36.17', args: ['--log-level', 'debug', '--log-file', join(dir, 'logs', 'ilium.log'), '--log-file-size', '300'] });
  try {
    // The start-up's lines reach the file in one write or a few (asynchronous): the file rolls past
    // 300 bytes after the first. Stopping before that write would hand every line to the exit's
    // synchronous flush, one write, one file (a loaded CI machine did so).
    await waitFor(() => existsSync(join(dir, 'logs', 'ilium.2.log')));
    assert.equal(await node.stop(), 0);
    const files = readdirSync(join(dir, 'logs')).sort();
    assert.ok(files.includes('ilium.1.log') && files.includes('ilium.2.log'), `rotated: ${files.join(', ')}`);
    assert.ok(lstatSync(join(dir, 'logs', 'current.log')).isSymbolicLink());
    const all = files.filter((f) => f.startsWith('ilium.')).map((f) => readFileSync(join(dir, 'logs', f), 'utf8')).join('');
    const events = all.trim().split('\n').map((l) => (JSON.parse(l) as { event: string }).event);
    assert.ok(events.includes('started') && events.includes('stopped'), events.join(' '));
  } finally {
    node.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a --log-file that cannot be written is one line naming the flag, exit 1, before the node starts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-log-bad-'));
  try {
    writeFileSync(join(dir, 'plain'), '');
    const r = spawnSync(process.execPath, nodeArgs('127.0.36.20', join(dir, 'data'), ['--log-file', join(dir, 'plain', 'ilium.log')]), { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `ilium: ConfigurationError: --log-file ${join(dir, 'plain', 'ilium.log')}: cannot write in ${join(dir, 'plain')}: EEXIST\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('regression (issue 18): SIGTERM stops the node after the reader of its stderr has gone (ilium start 2>&1 | head -1)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-log-epipe-'));
  const child = spawn(process.execPath, nodeArgs('127.0.36.18', join(dir, 'data')), { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    let out = '';
    const adminPort = await new Promise<number>((resolve) => {
      const onData = (d: Buffer): void => {
        out += d.toString();
        const m = /nodetool on [\d.]+:(\d+)/.exec(out);
        if (m !== null) resolve(Number(m[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    child.stdout.destroy();
    child.stderr.destroy();
    // A flush logs to the closed stderr (EPIPE) before the signal comes.
    assert.equal(nodetool(adminPort, 'flush').status, 0);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(!existsSync(join(dir, 'data', 'LOCK')), 'stopped cleanly: the LOCK is released');
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a second signal while the node stops exits at once with 128 + its number', async () => {
  const node = await startIliumProcess({ address: '127.0.36.19' });
  try {
    // Both arrive before the first stop (flush, close) can finish: the second one handled exits
    // (the kernel may hand them over in either order: 130 after SIGINT, 143 after SIGTERM); a
    // clean stop would be 0.
    process.kill(node.pid, 'SIGTERM');
    process.kill(node.pid, 'SIGINT');
    const code = await node.exited;
    assert.ok(code === 130 || code === 143, `exit ${code}`);
  } finally {
    node.dispose();
  }
});

async function waitFor(cond: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
