/**
 * `open()` as a whole node in this process (issue 18, item 2): in memory with no arguments
 * (nothing written anywhere), CQL of every kind through `execute` and `prepare` with JS values and
 * typed rows, the seeds' API and CQL on one database, `serve()` opening the node's CQL and Thrift
 * ports to real clients (the npm cassandra-driver, Debian's python3-cassandra, our Thrift client),
 * durable with a `dataDir`, and options checked with clear errors. Served ports are on 127.0.40.3.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect, promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import cassandra from 'cassandra-driver';
import { ConfigurationError, CqlSyntaxError, type Ilium, InvalidRequestError, TimeUUID, open } from '../../src/index.js';
import { connectThrift } from '../../src/thrift/client/connect-thrift.js';
import { runPythonSections } from '../support/python-sections.js';

const HOST = '127.0.40.3';
const PYTHON = '/usr/bin/python3';
const INDEX = fileURLToPath(new URL('../../src/index.js', import.meta.url));
const run = promisify(execFile);

describe('open() in memory', () => {
  let db: Ilium;
  before(async () => {
    db = await open();
    await db.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  });
  after(() => db.close());

  it('writes nothing anywhere: a process that opens, writes and closes leaves its working and temporary directories empty', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ilium-mem-cwd-'));
    const tmp = mkdtempSync(join(tmpdir(), 'ilium-mem-tmp-'));
    try {
      const script = join(tmp, '..', `ilium-mem-probe-${process.pid}.mjs`);
      writeFileSync(script, `
import { open } from ${JSON.stringify(INDEX)};
const db = await open();
await db.execute("CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
await db.execute('CREATE TABLE k.t (id int PRIMARY KEY, v text)');
for (let i = 0; i < 200; i++) await db.execute('INSERT INTO k.t (id, v) VALUES (?, ?)', [i, 'x'.repeat(100)]);
const { rows } = await db.execute('SELECT count(*) AS n FROM k.t');
await db.close();
console.log(String(rows[0].n));
`);
      try {
        const { stdout } = await run(process.execPath, [script], { cwd, env: { ...process.env, TMPDIR: tmp }, timeout: 60_000 });
        assert.equal(stdout.trim(), '200');
      } finally {
        rmSync(script, { force: true });
      }
      assert.deepEqual(readdirSync(cwd), []);
      assert.deepEqual(readdirSync(tmp), []);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('two in-memory databases in one process are apart', async () => {
    const other = await open();
    try {
      await assert.rejects(other.execute('SELECT * FROM ks.nothing'), (e: unknown) => e instanceof InvalidRequestError && /Keyspace ks does not exist/.test(e.message));
    } finally {
      await other.close();
    }
  });

  it('execute: DDL, DML and SELECT with JS values by position and by name, typed rows, every CQL type family', async () => {
    await db.execute('CREATE TYPE ks.address (street text, zip int)');
    await db.execute('CREATE TABLE ks.all_types (id int PRIMARY KEY, big bigint, t text, u uuid, tu timeuuid, ts timestamp, b blob, ok boolean, d double, l list<int>, s set<text>, m map<text, int>, a frozen<address>)');
    const tu = TimeUUID.min(new Date('2026-01-02T03:04:05.000Z'));
    const values = [1, 9007199254740993n, 'ann', '5132b130-ae79-11e4-ab27-0800200c9a66', tu.toGuid(), new Date('2026-01-02T03:04:05.678Z'), Buffer.from([1, 2, 3]), true, 1.5, [3, 1, 2], ['b', 'a'], new Map([['x', 1]]), { street: 'Main', zip: 12345 }];
    await db.execute('INSERT INTO ks.all_types (id, big, t, u, tu, ts, b, ok, d, l, s, m, a) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', values);
    const { rows, columns } = await db.execute('SELECT id, big, t, u, tu, ts, b, ok, d, l, s, m, a FROM ks.all_types WHERE id = :id', { id: 1 });
    assert.deepEqual(columns.map((c) => `${c.name} ${c.type}`), ['id int', 'big bigint', 't text', 'u uuid', 'tu timeuuid', 'ts timestamp', 'b blob', 'ok boolean', 'd double', 'l list<int>', 's set<text>', 'm map<text, int>', 'a frozen<address>']);
    const row = rows[0]!;
    assert.equal(row['id'], 1);
    assert.equal(row['big'], 9007199254740993n);
    assert.equal(row['t'], 'ann');
    assert.equal(row['u'], '5132b130-ae79-11e4-ab27-0800200c9a66');
    assert.equal(row['tu'], tu.toGuid());
    assert.deepEqual(row['ts'], new Date('2026-01-02T03:04:05.678Z'));
    assert.deepEqual(row['b'], Buffer.from([1, 2, 3]));
    assert.equal(row['ok'], true);
    assert.equal(row['d'], 1.5);
    assert.deepEqual(row['l'], [3, 1, 2]);
    assert.deepEqual(row['s'], ['a', 'b']);
    assert.deepEqual(row['m'], new Map([['x', 1]]));
    assert.deepEqual({ ...(row['a'] as object) }, { street: 'Main', zip: 12345 });
  });

  it('execute: unset values, paging by pageSize/pageState, USE, a BATCH text, a conditional update, warnings', async () => {
    await db.execute('CREATE TABLE ks.kv (k int, c int, v text, PRIMARY KEY (k, c))');
    await db.execute('INSERT INTO ks.kv (k, c, v) VALUES (?, ?, ?)', [1, 0, 'keep']);
    await db.execute('INSERT INTO ks.kv (k, c, v) VALUES (?, ?, ?)', [1, 0, undefined]);
    assert.equal((await db.execute('SELECT v FROM ks.kv WHERE k = 1 AND c = 0')).rows[0]!['v'], 'keep', 'an undefined value leaves the column as it was');
    await db.execute(`BEGIN BATCH ${Array.from({ length: 25 }, (_, i) => `INSERT INTO ks.kv (k, c, v) VALUES (1, ${i + 1}, 'v${i + 1}');`).join(' ')} APPLY BATCH`);
    const seen: number[] = [];
    let pageState: Buffer | undefined;
    let pages = 0;
    do {
      const page = await db.execute<{ c: number }>('SELECT c FROM ks.kv WHERE k = 1', [], { pageSize: 10, ...(pageState === undefined ? {} : { pageState }) });
      seen.push(...page.rows.map((r) => r.c));
      pageState = page.pageState;
      pages++;
    } while (pageState !== undefined);
    assert.deepEqual(seen, Array.from({ length: 26 }, (_, i) => i));
    assert.equal(pages, 3);
    assert.equal((await db.execute('SELECT c FROM ks.kv WHERE k = 1')).rows.length, 26, 'without pageSize every row is read');
    await db.execute('USE ks');
    assert.equal((await db.execute('SELECT v FROM kv WHERE k = 1 AND c = 5')).rows[0]!['v'], 'v5');
    const lwt = await db.execute("UPDATE kv SET v = 'new' WHERE k = 1 AND c = 5 IF v = 'nope'");
    assert.equal(lwt.rows[0]!['[applied]'], false);
    assert.equal(lwt.rows[0]!['v'], 'v5');
  });

  it('prepare: markers and columns described; executes with values; errors are typed and name the fault', async () => {
    const p = await db.prepare('SELECT v FROM ks.kv WHERE k = ? AND c = ?');
    assert.deepEqual(p.parameters, [{ name: 'k', type: 'int' }, { name: 'c', type: 'int' }]);
    assert.deepEqual(p.columns, [{ name: 'v', type: 'text' }]);
    assert.deepEqual((await p.execute([1, 7])).rows, [{ v: 'v7' }]);
    await assert.rejects(db.execute('SELEKT * FROM ks.kv'), CqlSyntaxError);
    await assert.rejects(db.execute('SELECT v FROM ks.kv WHERE k = ?', []), (e: unknown) => e instanceof InvalidRequestError && e.message === 'the statement has 1 bind marker(s) but 0 value(s) were given');
    await assert.rejects(db.execute('SELECT v FROM ks.kv WHERE k = ?', ['one']), (e: unknown) => e instanceof InvalidRequestError && e.message.startsWith('Invalid value for k (int): '));
    await assert.rejects(db.execute('SELECT v FROM ks.kv WHERE k = :k', { key: 1 }), (e: unknown) => e instanceof InvalidRequestError && e.message === 'no bind marker is named key (the statement\'s are k)');
  });

  it('the seeds’ API and CQL see one database: a super column family read back through its CQL view', async () => {
    await db.loadSchema(JSON.stringify({ Twitter: { UserRelationships: { comparator_type: 'UTF8Type', subcomparator_type: 'TimeUUIDType', column_type: 'Super' } } }));
    const tw = db.keyspace('Twitter');
    const id = db.timeUuid();
    await tw.insert('UserRelationships', '5', { user_timeline: new Map([[id, '1']]) });
    const { rows } = await db.execute('SELECT * FROM "Twitter"."UserRelationships"');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!['column1'], 'user_timeline');
    assert.equal(rows[0]!['column2'], id.toGuid());
    assert.equal(inspect(id), `TimeUUID<${id.toGuid()}>`);
    assert.equal(JSON.stringify({ id }), `{"id":"${id.toGuid()}"}`);
  });
});

describe('serve(): the embedded node’s ports for real clients', () => {
  let db: Ilium;
  let port: number;
  let thriftPort: number;
  before(async () => {
    db = await open();
    const served = await db.serve({ host: HOST, port: 0, thrift: { port: 0 } });
    assert.equal(served.cql.host, HOST);
    port = served.cql.port;
    thriftPort = served.thrift!.port;
    await db.execute("CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await db.execute('CREATE TABLE app.t (k int PRIMARY KEY, v text)');
  });
  after(() => db.close());

  it('cassandra-driver reads what execute wrote and writes what execute reads; DDL either side reaches the other', async () => {
    const client = new cassandra.Client({ contactPoints: [`${HOST}:${port}`], localDataCenter: 'datacenter1' });
    try {
      await db.execute('INSERT INTO app.t (k, v) VALUES (?, ?)', [1, 'from execute']);
      assert.equal((await client.execute('SELECT v FROM app.t WHERE k = ?', [1], { prepare: true })).first()?.get('v'), 'from execute');
      await client.execute('INSERT INTO app.t (k, v) VALUES (?, ?)', [2, 'from the driver'], { prepare: true });
      assert.deepEqual((await db.execute('SELECT v FROM app.t WHERE k = 2')).rows, [{ v: 'from the driver' }]);
      await db.execute('CREATE TABLE app.made_in_process (k int PRIMARY KEY)');
      // The driver learns of it from the node's SCHEMA_CHANGE event and its schema tables.
      const table = await client.metadata.getTable('app', 'made_in_process');
      assert.ok(table !== null, 'the driver sees the table made by execute()');
      await client.execute('CREATE TABLE app.made_by_driver (k int PRIMARY KEY, n int)');
      await db.execute('INSERT INTO app.made_by_driver (k, n) VALUES (1, 2)');
      assert.deepEqual((await db.execute('SELECT n FROM app.made_by_driver')).rows, [{ n: 2 }]);
    } finally {
      await client.shutdown();
    }
  });

  it('python3-cassandra connects and reads', async (t) => {
    const missing = spawnSync(PYTHON, ['-c', 'import cassandra.cluster']).status !== 0;
    if (missing && process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] !== '1') {
      t.skip('python3-cassandra is not installed');
      return;
    }
    const script = `
import sys
from cassandra.cluster import Cluster
c = Cluster([sys.argv[1]], port=int(sys.argv[2]))
s = c.connect()
assert s.execute("SELECT v FROM app.t WHERE k = 1").one().v == 'from execute'
print('ok read')
c.shutdown()
`;
    const r = await runPythonSections(PYTHON, '-c', [script, HOST, String(port)]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.passed, ['read']);
  });

  it('our Thrift client lists the keyspace through the Thrift port', async () => {
    const client = await connectThrift({ host: HOST, port: thriftPort });
    try {
      const keyspaces = (await client.describeKeyspaces()) as { name: string }[];
      assert.ok(keyspaces.some((k) => k.name === 'app'));
    } finally {
      await client.close();
    }
  });

  it('close() stops the served ports', async () => {
    const other = await open();
    const served = await other.serve({ host: HOST, port: 0 });
    await other.close();
    const client = new cassandra.Client({ contactPoints: [`${HOST}:${served.cql.port}`], localDataCenter: 'datacenter1' });
    await assert.rejects(client.connect());
    await client.shutdown();
    await assert.rejects(other.serve({ host: HOST, port: 0 }), /closed/);
  });
});

describe('open() options', () => {
  it('a dataDir is durable across close and open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ilium-open-'));
    try {
      const a = await open({ dataDir: dir });
      await a.execute("CREATE KEYSPACE d WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await a.execute('CREATE TABLE d.t (k int PRIMARY KEY, v text)');
      await a.execute("INSERT INTO d.t (k, v) VALUES (1, 'kept')");
      await a.close();
      const b = await open({ dataDir: dir });
      try {
        assert.deepEqual((await b.execute('SELECT v FROM d.t WHERE k = 1')).rows, [{ v: 'kept' }]);
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('cassandra.yaml settings are honoured; mistakes are ConfigurationErrors naming the option', async () => {
    const off = await open();
    try {
      await off.execute("CREATE KEYSPACE f WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await assert.rejects(off.execute("CREATE FUNCTION f.inc(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x + 1'"), /enable_user_defined_functions/);
    } finally {
      await off.close();
    }
    const on = await open({ config: { enable_user_defined_functions: true, enable_scripted_user_defined_functions: true } });
    try {
      await on.execute("CREATE KEYSPACE f WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await on.execute("CREATE FUNCTION f.inc(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x + 1'");
      assert.deepEqual((await on.execute('SELECT f.inc(41) AS n FROM system.local')).rows, [{ n: 42 }]);
    } finally {
      await on.close();
    }
    const refused = (message: string) => (e: unknown) => e instanceof ConfigurationError && e.message === message;
    await assert.rejects(open({ datadir: './x' } as never), refused("open(): unknown option 'datadir' (did you mean 'dataDir'?)"));
    await assert.rejects(open({ dataDir: 5 } as never), refused('open(): dataDir must be a directory path (a non-empty string), not 5; leave it out for a database in memory'));
    await assert.rejects(open({ partitioner: 'Murmur3' } as never), /partitioner must be one of Murmur3Partitioner/);
    await assert.rejects(open({ config: { native_transport_port: 9999 } }), refused('open(): config key native_transport_port is not taken by an embedded node (serve({ port }))'));
    await assert.rejects(open({ config: { commitlog_sync: 'sometimes' } }), ConfigurationError);
    await assert.rejects(open({ config: { start_http: true } }), refused("open(): config key start_http is not taken by an embedded node (the HTTP endpoint is `ilium start`'s; an embedded node has none)"));
  });
});
