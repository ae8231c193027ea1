/**
 * `ilium cqlsh` end to end against a real node (`ilium start` in a child process): a script
 * that creates a keyspace and a table of many types, writes, reads back, describes, exports
 * and re-imports with COPY; errors from the real query layer with their locations and codes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIliumProcess } from '../../../test/support/ilium-process.js';

const CLI = fileURLToPath(new URL('../ilium.js', import.meta.url));

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function cqlsh(port: number, home: string, ...args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [CLI, 'cqlsh', '127.0.0.1', String(port), ...args], { env: { ...process.env, HOME: home } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end();
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

test('cqlsh against a real node: DDL, writes, typed SELECT output, DESCRIBE, COPY round trip, errors', async () => {
  const node = await startIliumProcess();
  const home = mkdtempSync(join(tmpdir(), 'cqlsh-node-'));
  try {
    const setup = join(home, 'setup.cql');
    writeFileSync(
      setup,
      [
        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};",
        'USE shop;',
        'CREATE TABLE items (id int, seq int, name text, tags list<text>, attrs map<text, int>, at timestamp, ok boolean, data blob, price double,',
        '  PRIMARY KEY (id, seq));',
        "INSERT INTO items (id, seq, name, tags, attrs, at, ok, data, price) VALUES (1, 1, 'first; item', ['a', 'it''s'], {'k': 7}, '2011-02-03 04:05:00+0000', true, 0xcafe, 2.5);",
        "INSERT INTO items (id, seq, name) VALUES (1, 2, '日本');",
        '-- a comment; not a statement',
        'SELECT * FROM items WHERE id = 1;',
      ].join('\n'),
    );
    const r = await cqlsh(node.port, home, '-f', setup);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0);
    const lines = r.stdout.split('\n');
    assert.match(lines[1]!, /^ id \| seq \| at\s+\| attrs\s+\| data\s+\| name\s+\| ok\s+\| price \| tags\s*$/);
    assert.equal(lines[3], "  1 |   1 | 2011-02-03 04:05:00.000000+0000 | {'k': 7} | 0xcafe | first; item | True |   2.5 | ['a', 'it''s']");
    assert.equal(lines[4], '  1 |   2 |                            null |     null |   null |        日本 | null |  null |           null');
    assert.match(r.stdout, /\n\(2 rows\)\n$/);

    const desc = await cqlsh(node.port, home, '-k', 'shop', '-e', 'DESCRIBE TABLE items');
    assert.equal(desc.status, 0, desc.stderr);
    assert.match(desc.stdout, /^\nCREATE TABLE shop\.items \(\n/);

    const csv = join(home, 'items.csv');
    const out = await cqlsh(node.port, home, '-e', `COPY shop.items (id, seq, name, tags, attrs, at, ok, data, price) TO '${csv}' WITH HEADER = true`);
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /2 rows exported to 1 files in/);
    const text = readFileSync(csv, 'utf8');
    assert.match(text, /^id,seq,name,tags,attrs,at,ok,data,price\n1,1,first; item,"\['a', 'it''s'\]",\{'k': 7\},2011-02-03 04:05:00\.000\+0000,True,0xcafe,2\.5\n1,2,日本,,,,,,\n$/);

    const back = await cqlsh(node.port, home, '-e', `TRUNCATE shop.items; COPY shop.items (id, seq, name, tags, attrs, at, ok, data, price) FROM '${csv}' WITH HEADER = true; SELECT id, seq, name, tags FROM shop.items;`);
    assert.equal(back.stderr, '');
    assert.equal(back.status, 0);
    assert.match(back.stdout, /2 rows imported from 1 files in [\d.]+ seconds \(0 skipped\)\./);
    assert.match(back.stdout, /  1 \|   1 \| first; item \| \['a', 'it''s'\]\n/);

    const bad = await cqlsh(node.port, home, '-e', 'SELECT * FROM shop.nope; SELECT * FROM shop.items WHERE id = 1;');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^<stdin>:1:InvalidRequest: Error from server: code=2200 \[Invalid query\] message="[^"]*nope[^"]*"\n$/);
    assert.match(bad.stdout, /\(2 rows\)/, 'the statement after the failed one still runs');
    const syntax = await cqlsh(node.port, home, '-e', 'SELEC * FROM shop.items');
    assert.equal(syntax.status, 2);
    assert.match(syntax.stderr, /^<stdin>:1:SyntaxException: Error from server: code=2000 \[Syntax error in CQL query\] message="/);
  } finally {
    await node.stop();
    node.dispose();
    rmSync(home, { recursive: true, force: true });
  }
});
