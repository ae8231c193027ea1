import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseStressArgs, STRESS_DEFAULTS, STRESS_USAGE } from './stress-args.js';
import { StressOptionError } from './stress-option-error.js';

function refused(argv: string[], option: string): void {
  assert.throws(
    () => parseStressArgs(argv),
    (e: unknown) => e instanceof StressOptionError && e.option === option && e.message.startsWith(`${option}: `),
    `${argv.join(' ')} should be refused naming ${option}`,
  );
}

test('defaults', () => {
  const o = parseStressArgs(['write']);
  assert.deepEqual(o, {
    workload: 'write',
    length: { kind: 'ops', ops: STRESS_DEFAULTS.ops },
    warmup: { kind: 'ops', ops: 0 },
    partitions: 100_000,
    rowsPerPartition: 1,
    rowSize: 100,
    dist: { kind: 'uniform' },
    ratio: { write: 1, read: 1 },
    consistency: 'ONE',
    concurrency: 32,
    rate: 0,
    host: '127.0.0.1',
    port: 9042,
    localDataCenter: 'datacenter1',
    keyspace: 'ilium_stress',
    replicationFactor: 1,
    user: undefined,
    password: undefined,
    ssl: undefined,
    json: undefined,
    seed: 1,
    client: 'driver',
    connections: 4,
    serverPid: undefined,
    help: false,
  });
});

test('the native client: --client native, --connections, --server-pid', () => {
  const o = parseStressArgs(['write', '--client', 'native', '--connections', '2', '--server-pid', '1234']);
  assert.deepEqual([o.client, o.connections, o.serverPid], ['native', 2, 1234]);
  refused(['write', '--client', 'thrift'], '--client');
  refused(['write', '--connections', '2'], '--connections');
  refused(['write', '--client', 'native', '--connections', '0'], '--connections');
  refused(['write', '--client', 'native', '--connections', '65'], '--connections');
  refused(['write', '--client', 'native', '--ssl'], '--client');
  refused(['write', '--server-pid', '0'], '--server-pid');
});

test('credentials and TLS: --user with --password, --ssl, --ssl-ca', () => {
  const o = parseStressArgs(['write', '--user', 'cassandra', '--password', 'pw', '--ssl-ca', 'ca.pem']);
  assert.deepEqual([o.user, o.password, o.ssl], ['cassandra', 'pw', { caFile: 'ca.pem' }]);
  assert.deepEqual(parseStressArgs(['write', '--ssl']).ssl, { caFile: undefined });
  refused(['write', '--user', 'cassandra'], '--user');
  refused(['write', '--password', 'pw'], '--password');
});

test('every option', () => {
  const o = parseStressArgs([
    'mixed', '-n', '5000', '--warmup', '2s', '--partitions', '300', '--rows-per-partition', '7', '--row-size', '64',
    '--dist', 'zipf:1.2', '--ratio', 'write=1,read=3', '--cl', 'local_quorum', '--concurrency', '8', '--rate', '1500.5',
    '--host', '10.0.0.2', '--port', '9043', '--dc', 'dc2', '--keyspace', 'ks_2', '--replication-factor', '3',
    '--json', 'out.json', '--seed', '99',
  ]);
  assert.equal(o.workload, 'mixed');
  assert.deepEqual(o.length, { kind: 'ops', ops: 5000 });
  assert.deepEqual(o.warmup, { kind: 'time', ms: 2000 });
  assert.equal(o.partitions, 300);
  assert.equal(o.rowsPerPartition, 7);
  assert.equal(o.rowSize, 64);
  assert.deepEqual(o.dist, { kind: 'zipf', exponent: 1.2 });
  assert.deepEqual(o.ratio, { write: 1, read: 3 });
  assert.equal(o.consistency, 'LOCAL_QUORUM');
  assert.equal(o.concurrency, 8);
  assert.equal(o.rate, 1500.5);
  assert.equal(o.host, '10.0.0.2');
  assert.equal(o.port, 9043);
  assert.equal(o.localDataCenter, 'dc2');
  assert.equal(o.keyspace, 'ks_2');
  assert.equal(o.replicationFactor, 3);
  assert.equal(o.json, 'out.json');
  assert.equal(o.seed, 99);
  assert.deepEqual(parseStressArgs(['read', '--ops', '7', '--warmup', '100', '--dist', 'gaussian']).warmup, { kind: 'ops', ops: 100 });
  assert.deepEqual(parseStressArgs(['read', '--dist', 'gaussian:5']).dist, { kind: 'gaussian', stdvs: 5 });
  assert.deepEqual(parseStressArgs(['read', '--dist', 'gaussian']).dist, { kind: 'gaussian', stdvs: 3 });
  assert.deepEqual(parseStressArgs(['read', '--dist', 'zipf']).dist, { kind: 'zipf', exponent: 1 });
  assert.deepEqual(parseStressArgs(['write', '--duration', '1.5m']).length, { kind: 'time', ms: 90_000 });
  assert.deepEqual(parseStressArgs(['write', '--duration', '30']).length, { kind: 'time', ms: 30_000 });
  assert.equal(parseStressArgs(['write', '--json', '-']).json, '-');
  assert.equal(parseStressArgs(['write', '--rate', '0']).rate, 0);
  assert.deepEqual(parseStressArgs(['mixed', '--ratio', 'read=2']).ratio, { write: 0, read: 2 });
  assert.equal(parseStressArgs(['--help']).help, true);
  // -h is not help (nodetool's and cli's -h is the host): refused, pointing at --host and --help.
  assert.throws(() => parseStressArgs(['read', '-h']), (e: Error) => e instanceof StressOptionError && /unknown option '-h'/.test(e.message));
  assert.throws(() => parseStressArgs(['read', '--hots', 'x']), (e: Error) => e instanceof StressOptionError && /unknown option '--hots' \(did you mean --host\?\)/.test(e.message));
});

test('bad values are typed errors naming the option', () => {
  refused([], 'workload');
  refused(['delete'], 'workload');
  refused(['write', 'read'], 'workload');
  refused(['write', '-n', '0'], '-n/--ops');
  refused(['write', '-n', '1e3'], '-n/--ops');
  refused(['write', '-n', '-5'], '-n/--ops');
  refused(['write', '-n', '10', '--duration', '5s'], '--duration');
  refused(['write', '--duration', '5x'], '--duration');
  refused(['write', '--duration', '0s'], '--duration');
  refused(['write', '--warmup', 'soon'], '--warmup');
  refused(['write', '--partitions', '0'], '--partitions');
  refused(['write', '--rows-per-partition', '2147483648'], '--rows-per-partition');
  refused(['write', '--partitions', '9007199254740991', '--rows-per-partition', '2'], '--rows-per-partition');
  refused(['write', '--row-size', 'big'], '--row-size');
  refused(['write', '--row-size', '16777217'], '--row-size');
  refused(['read', '--dist', 'pareto'], '--dist');
  refused(['read', '--dist', 'zipf:0'], '--dist');
  refused(['read', '--dist', 'uniform:2'], '--dist');
  refused(['write', '--ratio', 'write=1'], '--ratio');
  refused(['mixed', '--ratio', 'write=1,scan=2'], '--ratio');
  refused(['mixed', '--ratio', 'write=0,read=0'], '--ratio');
  refused(['mixed', '--ratio', 'write=1,write=2'], '--ratio');
  refused(['mixed', '--ratio', 'write:1'], '--ratio');
  refused(['write', '--cl', 'MOST'], '--cl');
  refused(['write', '--concurrency', '0'], '--concurrency');
  refused(['write', '--concurrency', '5000'], '--concurrency');
  refused(['write', '--rate', '-1'], '--rate');
  refused(['write', '--rate', 'fast'], '--rate');
  refused(['write', '--host', ''], '--host');
  refused(['write', '--port', '70000'], '--port');
  refused(['write', '--dc', ' '], '--dc');
  refused(['write', '--keyspace', 'bad-name'], '--keyspace');
  refused(['write', '--keyspace', '1ks'], '--keyspace');
  refused(['write', '--replication-factor', '0'], '--replication-factor');
  refused(['write', '--json', ''], '--json');
  refused(['write', '--seed', 'x'], '--seed');
  refused(['write', '--threads', '4'], '--threads');
  refused(['write', '--port'], '--port');
  refused(['write', '--help=yes'], '--help');
  refused(['write', '-n', '-5'], '-n/--ops');
});

test('the usage names every option', () => {
  for (const flag of ['--ops', '--duration', '--warmup', '--partitions', '--rows-per-partition', '--row-size', '--dist', '--ratio', '--cl', '--concurrency', '--rate', '--host', '--port', '--dc', '--keyspace', '--replication-factor', '--json', '--seed', '--client', '--connections', '--server-pid', '--help']) {
    assert.ok(STRESS_USAGE.includes(flag), flag);
  }
});
