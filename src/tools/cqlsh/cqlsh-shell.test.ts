/**
 * The shell against a real CQL server on loopback (the transport's CqlServer with the fake
 * query layer of test/support): printing, paging, settings, errors, DESCRIBE, COPY both ways,
 * and `ilium cqlsh -e/-f` as a child process with its exit codes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startShellTestServer } from '../../../test/support/cqlsh-fake-server.js';
import { createClient } from './cqlsh-connection.js';
import { CqlshShell } from './cqlsh-shell.js';
import { RecordingIO } from './shell-io.js';

const CLI = fileURLToPath(new URL('../ilium.js', import.meta.url));

async function withShell(
  io: RecordingIO,
  body: (shell: CqlshShell, fake: import('../../../test/support/fake-cql-handler.js').FakeCqlHandler, port: number) => Promise<void>,
): Promise<void> {
  const server = await startShellTestServer();
  const client = createClient({ host: '127.0.0.1', port: server.port, keyspace: undefined, user: undefined, password: undefined, requestTimeoutSec: 10, connectTimeoutSec: 5 });
  try {
    await client.connect();
    let t = 0;
    await body(new CqlshShell(client, io, `127.0.0.1:${server.port}`, () => (t += 100)), server.fake, server.port);
  } finally {
    await client.shutdown();
    await server.close();
  }
}

const at = { source: undefined, line: 1 };

test('SELECT prints a cqlsh table with the row count; typed values are formatted', async () => {
  const io = new RecordingIO(false);
  await withShell(io, async (shell, fake) => {
    fake.store.set('a', 'alpha');
    fake.store.set('b', 'beta');
    assert.equal(await shell.run('SELECT k, v FROM ks.kv', at), 'ok');
    assert.equal(io.stdout, '\n k | v\n---+-------\n a | alpha\n b |  beta\n\n(2 rows)\n');
    io.stdout = '';
    await shell.run('SELECT * FROM ks.typed', at);
    const lines = io.stdout.split('\n');
    assert.match(lines[1]!, /^ id \| name \| tags\s+\| scores\s+\| at\s+\| ok\s+\| data\s+\| ratio \| nothing$/);
    assert.equal(
      lines[3],
      "  1 | 日本 | ['a', 'it''s'] | {'k': 7} | 2011-02-03 04:05:00.000000+0000 | True | 0xcafe |   2.5 |    null",
    );
  });
});

test('paging on a terminal prints each page with ---MORE--- between; EXPAND prints @ Row blocks', async () => {
  const io = new RecordingIO(true, ['', '']);
  await withShell(io, async (shell, fake) => {
    for (const k of ['a', 'b', 'c', 'd', 'e']) fake.store.set(k, k.toUpperCase());
    await shell.run('PAGING 2', at);
    assert.match(io.stdout, /Page size: 2/);
    io.stdout = '';
    await shell.run('SELECT k, v FROM ks.kv', at);
    assert.deepEqual(io.asked, ['---MORE---', '---MORE---']);
    assert.equal(io.stdout.match(/ k \| v/g)?.length, 3, 'a header per page on a terminal');
    assert.match(io.stdout, /\(5 rows\)\n$/);
    io.stdout = '';
    await shell.run('PAGING OFF', at);
    await shell.run('EXPAND ON', at);
    assert.equal(io.stdout, 'Disabled Query paging.\nNow Expanded output is enabled\n');
    io.stdout = '';
    await shell.run('SELECT k, v FROM ks.kv', at);
    assert.match(io.stdout, /^\n@ Row 1\n---\+---\n k \| a\n v \| A\n\n@ Row 2\n/);
    assert.match(io.stdout, /@ Row 5\n/);
  });
});

test('a non-terminal run prints all pages under one header', async () => {
  const io = new RecordingIO(false);
  await withShell(io, async (shell, fake) => {
    for (const k of ['a', 'b', 'c']) fake.store.set(k, 'x');
    await shell.run('PAGING 2', at);
    io.stdout = '';
    await shell.run('SELECT k, v FROM ks.kv', at);
    assert.equal(io.stdout, '\n k | v\n---+---\n a | x\n b | x\n c | x\n\n(3 rows)\n');
    assert.deepEqual(io.asked, []);
  });
});

test('settings commands answer as cqlsh does; improper ones are errors', async () => {
  const io = new RecordingIO(false);
  await withShell(io, async (shell) => {
    await shell.run('CONSISTENCY', at);
    await shell.run('CONSISTENCY quorum', at);
    await shell.run('SERIAL CONSISTENCY LOCAL_SERIAL', at);
    await shell.run('TRACING OFF', at);
    await shell.run('SHOW HOST', at);
    await shell.run('SHOW VERSION', at);
    assert.equal(
      io.stdout.split('\n').slice(0, 4).join('\n'),
      'Current consistency level is ONE.\nConsistency level set to QUORUM.\nSerial consistency level set to LOCAL_SERIAL.\nDisabled Tracing.',
    );
    assert.match(io.stdout, /Connected to Ilium Test Cluster at 127\.0\.0\.1:\d+\n/);
    assert.match(io.stdout, /\[cqlsh \S+ \| Cassandra 3\.11\.0 \| CQL spec 3\.4\.5 \| Native protocol v4\]\n/);
    assert.equal(await shell.run('CONSISTENCY SOMETIMES', { source: '<stdin>', line: 3 }), 'error');
    assert.equal(io.stderr, '<stdin>:3:Improper CONSISTENCY command.\n');
    assert.equal(await shell.run('EXIT', at), 'exit');
  });
});

test('server errors print as cqlsh prints them; warnings and LWT results are shown', async () => {
  const io = new RecordingIO(false);
  await withShell(io, async (shell) => {
    assert.equal(await shell.run('FAIL INVALID', { source: '<stdin>', line: 1 }), 'error');
    assert.equal(io.stderr, `<stdin>:1:InvalidRequest: Error from server: code=2200 [Invalid query] message="Keyspace 'nope' does not exist"\n`);
    io.stderr = '';
    await shell.run('FAIL UNAVAILABLE', at);
    assert.equal(
      io.stderr,
      `Unavailable: Error from server: code=1000 [Unavailable exception] message="Not enough replicas available for query at consistency QUORUM (2 required but only 1 alive)" info={'consistency': 'QUORUM', 'required_replicas': 2, 'alive_replicas': 1}\n`,
    );
    await shell.run('WARN careful now', at);
    assert.equal(io.stdout, '\nWarnings :\ncareful now\n\n');
    io.stdout = '';
    await shell.run("INSERT INTO ks.kv (k, v) VALUES ('a', 'b') IF NOT EXISTS", at);
    assert.equal(io.stdout, '\n [applied]\n-----------\n     False\n');
    io.stdout = '';
    await shell.run('TRACING ON', at);
    await shell.run('WARN x', at);
    assert.match(io.stdout, /\nTracing session: [0-9a-f-]{36}\n\nUnable to fetch query trace: /);
  });
});

test('USE changes the prompt; DESCRIBE prints the server statements and listings', async () => {
  const io = new RecordingIO(false);
  await withShell(io, async (shell) => {
    assert.equal(shell.prompt(), 'cqlsh> ');
    await shell.run('USE ks', at);
    assert.equal(shell.prompt(), 'cqlsh:ks> ');
    await shell.run('DESCRIBE TABLE ks.kv', at);
    assert.equal(io.stdout, '\nCREATE TABLE ks.kv (\n    k text PRIMARY KEY,\n    v text\n);\n\n');
    io.stdout = '';
    await shell.run('DESCRIBE KEYSPACES', at);
    assert.equal(io.stdout, '\nks  system\n\n');
    await shell.refreshSchema();
    assert.deepEqual(shell.schema.tables.get('ks'), ['kv']);
    assert.deepEqual(shell.schema.columns.get('ks.kv')?.map((c) => c.name), ['k', 'v']);
  });
});

test('COPY TO writes CSV with a header; COPY FROM reads it back, reporting bad rows and going on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cqlsh-copy-'));
  const io = new RecordingIO(false);
  try {
    await withShell(io, async (shell, fake) => {
      fake.store.set('a', 'plain');
      fake.store.set('b', 'with, comma and "quotes"');
      fake.store.set('c', 'multi\nline');
      fake.store.set('d', '');
      const file = join(dir, 'kv.csv');
      assert.equal(await shell.run(`COPY ks.kv TO '${file}' WITH HEADER = true AND PAGESIZE = 2`, at), 'ok');
      assert.equal(readFileSync(file, 'utf8'), 'k,v\na,plain\nb,"with, comma and ""quotes"""\nc,"multi\nline"\nd,""\n');
      assert.match(io.stdout, /Starting copy of ks\.kv with columns \[k, v\]\.\n4 rows exported to 1 files in \d+\.\d{3} seconds\.\n/);
      fake.store.clear();
      io.stdout = '';
      assert.equal(await shell.run(`COPY ks.kv FROM '${file}' WITH HEADER = true`, at), 'ok');
      assert.match(io.stdout, /4 rows imported from 1 files in \d+\.\d{3} seconds \(0 skipped\)\.\n/);
      assert.deepEqual(Object.fromEntries(fake.store), { a: 'plain', b: 'with, comma and "quotes"', c: 'multi\nline', d: '' });
      fake.store.clear();
      const bad = join(dir, 'bad.csv');
      writeFileSync(bad, 'x,1\ny\n,3\nz,4,extra\nw,5\n');
      io.stdout = '';
      assert.equal(await shell.run(`COPY ks.kv (k, v) FROM '${bad}' WITH MAXBATCHSIZE = 1`, { source: 'script.cql', line: 7 }), 'error');
      assert.deepEqual(Object.fromEntries(fake.store), { x: '1', w: '5' });
      assert.match(io.stderr, /Failed to import row 2: ParseError - Invalid row length 1 should be 2\n/);
      assert.match(io.stderr, /Failed to import row 3: ParseError - Cannot insert null value for primary key column 'k'\n/);
      assert.match(io.stderr, /Failed to import row 4: ParseError - Invalid row length 3 should be 2\n/);
      assert.match(io.stdout, /2 rows imported from 1 files/);
      io.stderr = '';
      assert.equal(await shell.run(`COPY ks.kv FROM '${bad}' WITH MAXPARSEERRORS = 0`, at), 'error');
      assert.match(io.stderr, /Exceeded maximum number of parse errors 0/);
      io.stderr = '';
      assert.equal(await shell.run(`COPY ks.kv TO '${file}' WITH BOGUS = 1`, at), 'error');
      assert.match(io.stderr, /Unrecognized COPY TO options: bogus/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ilium cqlsh -e and -f run statements, prefix errors with their location and exit 2 on failure', async () => {
  const server = await startShellTestServer();
  const dir = mkdtempSync(join(tmpdir(), 'cqlsh-cli-'));
  try {
    server.fake.store.set('k1', 'v1');
    const exec = async (...args: string[]) => {
      const hostPort = args[0] === '--port' ? ['127.0.0.1', args[1]!] : ['127.0.0.1', String(server.port)];
      const rest = args[0] === '--port' ? args.slice(2) : args;
      const child = spawn(process.execPath, [CLI, 'cqlsh', ...hostPort, ...rest], { env: { ...process.env, HOME: dir } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdin.end();
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      return { status, stdout, stderr };
    };
    const ok = await exec('-e', 'SELECT k, v FROM ks.kv');
    assert.equal(ok.stderr, '');
    assert.equal(ok.stdout, '\n k  | v\n----+----\n k1 | v1\n\n(1 rows)\n');
    assert.equal(ok.status, 0);
    const bad = await exec('-e', 'SELECT k, v FROM ks.kv; FAIL INVALID');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^<stdin>:1:InvalidRequest: Error from server: code=2200 \[Invalid query\] message="Keyspace 'nope' does not exist"\n$/);
    const script = join(dir, 'script.cql');
    writeFileSync(script, "-- a script\nCONSISTENCY QUORUM;\nSELECT k, v\n  FROM ks.kv;\nFAIL INVALID;\n");
    const f = await exec('-f', script);
    assert.equal(f.status, 2);
    assert.match(f.stdout, /^Consistency level set to QUORUM\.\n\n k  \| v\n/);
    assert.match(f.stderr, new RegExp(`^${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:InvalidRequest`));
    const refused = await exec('--port', '1', '-e', 'SELECT k, v FROM ks.kv', '--connect-timeout', '2');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^Connection error: could not connect to 127\.0\.0\.1:1: /);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
