/**
 * Protocol v5 with Debian's python3-cassandra against `ilium start`: python_driver_v5.py connects
 * at v5 (checksummed segments, plain and lz4), runs prepared statements, paging, batches, values
 * larger than a segment, per-request keyspaces, and a result metadata change after ALTER TABLE
 * (v5: Metadata_changed with the rows; v4 beside it: UNPREPARED and a new PREPARE). Then our own
 * wire client checks now_in_seconds against TTLs on the same node. A second node with
 * PasswordAuthenticator: the login runs in segments (they begin with AUTHENTICATE), plain and lz4.
 *
 * CI installs the driver (.ci/run) and sets ILIUM_REQUIRE_PYTHON_DRIVER=1; elsewhere a missing
 * driver skips the Python part with the reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRealEnv } from '../../src/env/index.js';
import type { DecodedResponse } from '../../src/transport/protocol/index.js';
import { CqlWireClient } from '../support/cql-wire-client.js';
import { startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/drivers/python_driver_v5.py', import.meta.url));
const SECTIONS = ['connect', 'statements', 'metadata-change', 'errors'];
const ADDRESS = '127.0.26.2';
const AUTH_ADDRESS = '127.0.26.3';

const importable = spawnSync(PYTHON, ['-c', 'import cassandra.cluster, lz4'], { stdio: 'ignore' }).status === 0;
const required = process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1';

function rowsOf(d: DecodedResponse): readonly (readonly (Buffer | null)[])[] {
  if (d.response.opcode !== 'RESULT' || d.response.result.kind !== 'rows') assert.fail(`expected rows, got ${JSON.stringify(d.response)}`);
  return d.response.result.rows;
}

test('python3-cassandra over protocol v5, and now_in_seconds, against ilium start', { timeout: 240_000 }, async (t) => {
  const node = await startIliumProcess({ address: ADDRESS });
  try {
    if (!importable && !required) t.diagnostic(`skipped the Python part: ${PYTHON} cannot import cassandra and lz4 (apt-get install python3-cassandra python3-lz4)`);
    else {
      const { code, passed, stderr } = await runPythonSections(PYTHON, SCRIPT, [node.host, String(node.port)]);
      assert.equal(code, 0, `python exited with ${code} after ${JSON.stringify(passed)}:\n${stderr.slice(-4000)}`);
      assert.deepEqual(passed, SECTIONS);
    }
    const c = await CqlWireClient.connect(createRealEnv().net, { host: node.host, port: node.port });
    c.version = 5;
    await c.startup('lz4');
    const q = (query: string, extra: object = {}) => c.request({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false, ...extra } });
    await q("CREATE KEYSPACE IF NOT EXISTS now5 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await q('CREATE TABLE t (k int PRIMARY KEY, v int)', { keyspace: 'now5' });
    const now = Math.floor(Date.now() / 1000);
    // Written as of an hour ago with a TTL of 100 s: expired by the node's clock, alive as of then.
    await q('INSERT INTO t (k, v) VALUES (1, 1) USING TTL 100', { keyspace: 'now5', nowInSeconds: now - 3600 });
    assert.equal(rowsOf(await q('SELECT v FROM t WHERE k = 1', { keyspace: 'now5' })).length, 0);
    assert.equal(rowsOf(await q('SELECT v FROM t WHERE k = 1', { keyspace: 'now5', nowInSeconds: now - 3550 })).length, 1);
    await q('INSERT INTO t (k, v) VALUES (2, 2) USING TTL 100', { keyspace: 'now5' });
    assert.equal(rowsOf(await q('SELECT v FROM now5.t WHERE k = 2')).length, 1);
    assert.equal(rowsOf(await q('SELECT v FROM now5.t WHERE k = 2', { nowInSeconds: now + 101 })).length, 0);
    c.close();
    assert.equal(await node.stop(), 0);
  } finally {
    node.dispose();
  }
});

const LOGIN = `
import sys
from cassandra.auth import PlainTextAuthProvider
from cassandra.cluster import Cluster, NoHostAvailable
host, port = sys.argv[1], int(sys.argv[2])
for comp in [False, 'lz4']:
    c = Cluster([host], port=port, compression=comp, auth_provider=PlainTextAuthProvider(username='cassandra', password='cassandra'))
    s = c.connect()
    print(c.protocol_version, comp, s.execute('SELECT role FROM system_auth.roles WHERE role = %s', ['cassandra']).one().role)
    c.shutdown()
c = Cluster([host], port=port, protocol_version=5, auth_provider=PlainTextAuthProvider(username='cassandra', password='nope'))
try:
    c.connect()
    print('no error')
except NoHostAvailable as e:
    print('refused', 'Bad credentials' in str(e))
`;

test('python3-cassandra logs in over v5: AUTHENTICATE starts the segments; a wrong password is refused', { timeout: 120_000, skip: !importable && !required ? `${PYTHON} cannot import cassandra and lz4` : false }, async () => {
  const node = await startIliumProcess({ address: AUTH_ADDRESS, configYaml: 'authenticator: PasswordAuthenticator\n', args: ['-Dcassandra.superuser_setup_delay_ms=0'], readyTimeoutMs: 60_000 });
  try {
    let out = '';
    // The default superuser is written shortly after start (as Cassandra does, after its delay).
    for (let i = 0; i < 50 && !out.includes('lz4 cassandra'); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 200));
      const r = spawnSync(PYTHON, ['-c', LOGIN, node.host, String(node.port)], { encoding: 'utf8', timeout: 60_000 });
      out = r.stdout;
    }
    assert.deepEqual(out.trim().split('\n'), ['5 False cassandra', '5 lz4 cassandra', 'refused True']);
    assert.equal(await node.stop(), 0);
  } finally {
    node.dispose();
  }
});
