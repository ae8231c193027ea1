/**
 * The DataStax Python driver against CqlServer over loopback, with and without lz4 and Snappy
 * compression (the Node.js driver has none): v5 by default (lz4 segments), Snappy at v4. Skipped when the driver is not installed
 * (Debian: python3-cassandra python3-lz4 python3-snappy), unless ILIUM_REQUIRE_PYTHON_DRIVER=1
 * (CI, .ci/run): then a missing driver fails the test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createRealEnv } from '../env/index.js';
import { CqlServer } from './server/cql-server.js';
import { RecordingLogger } from './server/transport-logger.js';
import { FakeCqlHandler } from '../../test/support/fake-cql-handler.js';

const PYTHON = '/usr/bin/python3';
const available =
  spawnSync(PYTHON, ['-c', 'import cassandra.cluster, lz4, snappy'], { stdio: 'ignore' }).status === 0;

const SCRIPT = `
import sys
from cassandra.cluster import Cluster
from cassandra.policies import RoundRobinPolicy
port = int(sys.argv[1])
for comp, version in [(False, None), ('lz4', None), ('snappy', None), ('snappy', 4)]:
    kw = {} if version is None else {'protocol_version': version}
    cluster = Cluster(['127.0.0.1'], port=port, compression=comp, schema_metadata_enabled=False, **kw,
                      token_metadata_enabled=False, load_balancing_policy=RoundRobinPolicy())
    s = cluster.connect()
    rows = list(s.execute('SELECT k, v FROM kv'))
    ins = s.prepare('INSERT INTO ks.kv (k, v) VALUES (?, ?)')
    s.execute(ins, ['py-' + str(comp), 'x' * 500])
    ps = s.prepare('SELECT k, v FROM ks.kv WHERE k = ?')
    one = s.execute(ps, ['py-' + str(comp)]).one()
    used = cluster.control_connection._connection.compressor is not None
    print(comp, cluster.protocol_version, len(rows), len(one.v), used)
    cluster.shutdown()
`;

const skip = !available && process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] !== '1' ? `${PYTHON} cannot import cassandra, lz4 and snappy (apt-get install python3-cassandra python3-lz4 python3-snappy)` : false;

test('the Python driver connects at v5 with no and lz4 compression; snappy it drops at v5 (Cassandra refuses it there) and uses at v4', { skip, timeout: 60_000 }, async () => {
  assert.ok(available, `${PYTHON} cannot import cassandra, lz4 and snappy`);
  const fake = new FakeCqlHandler();
  for (let i = 0; i < 200; i++) fake.store.set(`key-${i}`, 'value '.repeat(20));
  const server = new CqlServer(createRealEnv(), fake, { port: 0, logger: new RecordingLogger() });
  const { port } = await server.start();
  try {
    const child = spawn(PYTHON, ['-c', SCRIPT, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, err);
    const lines = out.trim().split('\n');
    assert.deepEqual(lines, ['False 5 200 500 False', 'lz4 5 201 500 True', 'snappy 5 202 500 False', 'snappy 4 203 500 True']);
  } finally {
    await server.close();
  }
});
