/**
 * The session against a scripted stand-in for the service (the calls it makes, what it prints
 * for the answers). The real service is exercised by cli-scripts.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../../env/index.js';
import { LONG_TYPE, TIME_UUID_TYPE, uuidFromString } from '../../marshal/index.js';
import type { CassandraService, CfDef, KsDef, ThriftColumnOrSuperColumn } from '../../thrift/service/cassandra-service.js';
import { ThriftException } from '../../thrift/service/thrift-exceptions.js';
import { type CliConnection, CliSession } from './cli-session.js';
import { runCliScript } from './run-cli.js';

const utf8 = (s: string) => Buffer.from(s, 'utf8');

interface Call {
  readonly method: string;
  readonly args: unknown[];
}

/** Answers the calls the cli makes from `answers`; records every call. */
function fakeService(answers: Partial<Record<keyof CassandraService, (...args: never[]) => unknown>>, calls: Call[]): CliConnection {
  return new Proxy({} as CliConnection, {
    // not a thenable: `then` is absent, so an async function may return the proxy
    get: (_t, method: string) => (method === 'then' ? undefined : async (...args: unknown[]) => {
      calls.push({ method, args });
      if (method === 'close') return undefined;
      const answer = (answers as Record<string, ((...a: unknown[]) => unknown) | undefined>)[method];
      if (answer === undefined) throw new Error(`unexpected call ${method}`);
      return answer(...args);
    }),
  });
}

const USERS: CfDef = {
  keyspace: 'Twitter', name: 'Users', columnType: 'Standard', comparatorType: 'org.apache.cassandra.db.marshal.UTF8Type',
  defaultValidationClass: 'org.apache.cassandra.db.marshal.UTF8Type',
  columnMetadata: [{ name: utf8('age'), validationClass: 'org.apache.cassandra.db.marshal.LongType' }],
};
const RELATIONS: CfDef = {
  keyspace: 'Twitter', name: 'StatusRelationships', columnType: 'Super', comparatorType: 'org.apache.cassandra.db.marshal.UTF8Type',
  subcomparatorType: 'org.apache.cassandra.db.marshal.TimeUUIDType', defaultValidationClass: 'org.apache.cassandra.db.marshal.UTF8Type',
};
const TWITTER: KsDef = { name: 'Twitter', strategyClass: 'org.apache.cassandra.locator.SimpleStrategy', replicationFactor: 1, cfDefs: [USERS, RELATIONS] };
const TU = 'a4a70900-24e1-11df-8924-001ff3591711';

async function sessionWith(answers: Parameters<typeof fakeService>[0]) {
  const calls: Call[] = [];
  const io = { stdout: '', stderr: '', out(t: string) { this.stdout += t; }, err(t: string) { this.stderr += t; } };
  const service = fakeService({
    describeClusterName: () => 'Test Cluster',
    setKeyspace: () => undefined,
    describeKeyspace: () => TWITTER,
    ...answers,
  }, calls);
  const session = new CliSession(createSimEnv(7), async () => service, io);
  await session.connect('127.0.0.1', 9160);
  return { session, io, calls, run: (script: string) => runCliScript(session, script, io) };
}

test('use, then set converts names and values by comparator and validators and prints Value inserted.', async () => {
  const { io, calls, run, session } = await sessionWith({ insert: () => undefined });
  assert.equal(session.prompt(), '[default@unknown] ');
  assert.equal(await run("use Twitter;\nset Users['5']['screen_name'] = 'buttonscat';\nset Users['5']['age'] = 42 with ttl = 60;"), 'ok');
  assert.equal(io.stdout, 'Connected to: "Test Cluster" on 127.0.0.1/9160\nAuthenticated to keyspace: Twitter\nValue inserted.\nValue inserted.\n');
  assert.equal(session.prompt(), '[default@Twitter] ');
  const inserts = calls.filter((c) => c.method === 'insert');
  assert.deepEqual(inserts[0]!.args.slice(0, 2), [utf8('5'), { columnFamily: 'Users' }]);
  const [first, second] = inserts.map((c) => c.args[2] as { name: Buffer; value: Buffer; timestamp: bigint; ttl?: number });
  assert.deepEqual([first!.name, first!.value, first!.ttl], [utf8('screen_name'), utf8('buttonscat'), undefined]);
  assert.deepEqual([second!.name, second!.value, second!.ttl], [utf8('age'), LONG_TYPE.fromString('42'), 60]);
  assert.ok(second!.timestamp > first!.timestamp, 'timestamps increase');
});

test('get prints columns by comparator and validator, super columns indented, and the count', async () => {
  const row: ThriftColumnOrSuperColumn[] = [
    { column: { name: utf8('age'), value: LONG_TYPE.fromString('42'), timestamp: 1270690173386000n, ttl: 60 } },
    { column: { name: utf8('screen_name'), value: utf8('buttonscat'), timestamp: 1270690173386000n } },
  ];
  const supers: ThriftColumnOrSuperColumn[] = [{
    superColumn: { name: utf8('user_timeline'), columns: [{ name: uuidFromString(TU), value: utf8('1'), timestamp: 5n }, { name: uuidFromString(TU), value: utf8('2'), timestamp: 6n }] },
  }];
  const { io, calls, run } = await sessionWith({
    getSlice: (_k: never, parent: { columnFamily: string }) => (parent.columnFamily === 'Users' ? row : supers),
  });
  assert.equal(await run("use Twitter; get Users['5']; get StatusRelationships['5'] limit 10;"), 'ok');
  assert.equal(io.stdout.split('Authenticated to keyspace: Twitter\n')[1],
    '=> (column=age, value=42, timestamp=1270690173386000, ttl=60)\n' +
    '=> (column=screen_name, value=buttonscat, timestamp=1270690173386000)\n' +
    'Returned 2 results.\n' +
    '=> (super_column=user_timeline,\n' +
    `     (column=${TU}, value=1, timestamp=5)\n` +
    `     (column=${TU}, value=2, timestamp=6))\n` +
    'Returned 1 results.\n');
  const slices = calls.filter((c) => c.method === 'getSlice');
  assert.equal((slices[1]!.args[2] as { sliceRange: { count: number } }).sliceRange.count, 10);
});

test('get of one column: the super form by both comparators, not found, as <type>', async () => {
  const { io, calls, run } = await sessionWith({
    get: (_k: never, path: { column: Buffer }) => {
      if (path.column.equals(utf8('missing'))) throw new ThriftException('NotFoundException');
      return { column: { name: path.column, value: LONG_TYPE.fromString('7'), timestamp: 9n } };
    },
  });
  await run(`use Twitter; get StatusRelationships['5']['user_timeline']['${TU}']; get Users['5']['missing']; get Users['5']['code'] as long;`);
  const path = calls.find((c) => c.method === 'get')!.args[1];
  assert.deepEqual(path, { columnFamily: 'StatusRelationships', column: TIME_UUID_TYPE.fromString(TU), superColumn: utf8('user_timeline') });
  assert.equal(io.stdout.split('Twitter\n')[1],
    `=> (column=${TU}, value=\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0007, timestamp=9)\nValue was not found\n=> (column=code, value=7, timestamp=9)\n`);
});

test('list and get … where print row blocks; list says when it uses its default limit', async () => {
  const slices = [
    { key: utf8('1'), columns: [{ column: { name: utf8('state'), value: utf8('UT'), timestamp: 1n } }] },
    { key: utf8('2'), columns: [] },
  ];
  const { io, calls, run } = await sessionWith({ getRangeSlices: () => slices, getIndexedSlices: () => slices.slice(0, 1) });
  await run("use Twitter; list Users; get Users where state = 'UT' and age > 30;");
  assert.equal(io.stdout.split('Twitter\n')[1],
    'Using default limit of 100\n-------------------\nRowKey: 1\n=> (column=state, value=UT, timestamp=1)\n-------------------\nRowKey: 2\n\n2 Rows Returned.\n' +
    '-------------------\nRowKey: 1\n=> (column=state, value=UT, timestamp=1)\n\n1 Row Returned.\n');
  const clause = calls.find((c) => c.method === 'getIndexedSlices')!.args[1] as { expressions: { columnName: Buffer; op: string; value: Buffer }[] };
  assert.deepEqual(clause.expressions, [
    { columnName: utf8('state'), op: 'EQ', value: utf8('UT') },
    { columnName: utf8('age'), op: 'GT', value: LONG_TYPE.fromString('30') },
  ]);
});

test('schema changes send the definition, print the version and the agreement', async () => {
  const { io, calls, run } = await sessionWith({
    systemAddKeyspace: () => 'v-1',
    systemAddColumnFamily: () => 'v-2',
    describeSchemaVersions: () => new Map([['v-1', ['127.0.0.1']]]),
  });
  await run("create keyspace Twitter with replication_factor = 1 and strategy_options = [{replication_factor: 1}];");
  assert.equal(io.stdout.split('9160\n')[1], 'v-1\nWaiting for schema agreement...\n... schemas agree across the cluster\n');
  const ks = calls.find((c) => c.method === 'systemAddKeyspace')!.args[0] as KsDef;
  assert.deepEqual({ ...ks, strategyOptions: [...ks.strategyOptions!] }, {
    name: 'Twitter', strategyClass: 'org.apache.cassandra.locator.SimpleStrategy', replicationFactor: 1, cfDefs: [], strategyOptions: [['replication_factor', '1']],
  });
  assert.equal(await run(`use Twitter; create column family Users with comparator = UTF8Type and gc_grace = 10
    and column_metadata = [{column_name: state, validation_class: UTF8Type, index_type: KEYS}];`), 'error');
  const cf = calls.find((c) => c.method === 'systemAddColumnFamily')!.args[0] as CfDef;
  assert.deepEqual(cf, {
    keyspace: 'Twitter', name: 'Users', columnType: 'Standard', comparatorType: 'UTF8Type', gcGraceSeconds: 10,
    columnMetadata: [{ name: utf8('state'), validationClass: 'UTF8Type', indexType: 'KEYS' }],
  });
  assert.match(io.stderr, /^Line 1 => The schema has not settled/);
});

test('errors: the why of InvalidRequestException, Line N in scripts, the script stops, local checks before sending', async () => {
  const { io, calls, run } = await sessionWith({
    insert: () => { throw new ThriftException('InvalidRequestException', 'column name length must not be greater than 65535'); },
  });
  assert.equal(await run("use Twitter;\nset Users['5']['a'] = 'x';\nset Users['5']['b'] = 'y';"), 'error');
  assert.equal(io.stderr, 'Line 2 => column name length must not be greater than 65535\n');
  assert.equal(calls.filter((c) => c.method === 'insert').length, 1);
  io.stderr = '';
  assert.equal(await run("set Users['5']['age'] = 'old';"), 'error');
  assert.match(io.stderr, /^Line 1 => cannot parse 'old' as LongType/);
  io.stderr = '';
  assert.equal(await run('create column family X with colour = red;'), 'error');
  assert.match(io.stderr, /^Line 1 => Unknown column family attribute 'colour'/);
  io.stderr = '';
  assert.equal(await run("get Nope['k'];"), 'error');
  assert.equal(io.stderr, 'Line 1 => No such column family: Nope\n');
  io.stderr = '';
  assert.equal(await run("set Users['5'] = 'x';"), 'error');
  assert.equal(io.stderr, "Syntax error at line 1:16 expecting a column name ('[…]'), found '='\n");
});

test('before connect and before use, statements say what is missing', async () => {
  const io = { stdout: '', stderr: '', out(t: string) { this.stdout += t; }, err(t: string) { this.stderr += t; } };
  const session = new CliSession(createSimEnv(1), async () => { throw new Error('unused'); }, io);
  assert.equal(await runCliScript(session, 'show cluster name;', io), 'error');
  assert.equal(io.stderr, 'Line 1 => Not connected to a cassandra instance.\n');
  const s2 = await sessionWith({});
  assert.equal(await s2.run("get Users['5'];"), 'error');
  assert.equal(s2.io.stderr, 'Line 1 => Not authenticated to a working keyspace.\n');
});

test('assume changes how names, values and keys are read and shown for the session', async () => {
  const { io, calls, run } = await sessionWith({
    insert: () => undefined,
    getSlice: () => [{ column: { name: LONG_TYPE.fromString('3'), value: Buffer.from('cafe', 'hex'), timestamp: 1n } }],
  });
  await run("use Twitter; assume Users comparator as long; assume Users validator as bytes; assume Users keys as long; set Users[7][3] = 'cafe'; get Users[7];");
  assert.equal(io.stdout.split('Twitter\n')[1],
    "Assumption for column family 'Users' added successfully.\n".repeat(3) + 'Value inserted.\n=> (column=3, value=cafe, timestamp=1)\nReturned 1 results.\n');
  const insert = calls.find((c) => c.method === 'insert')!;
  assert.deepEqual(insert.args[0], LONG_TYPE.fromString('7'));
  assert.deepEqual((insert.args[2] as { name: Buffer }).name, LONG_TYPE.fromString('3'));
});
