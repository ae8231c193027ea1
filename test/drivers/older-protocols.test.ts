/**
 * cassandra.yaml's native_transport_allow_older_protocols against `ilium start` (127.0.49.3): at
 * false, as in Cassandra 4.0 (transport/ProtocolVersion.decode), a v4 client is answered "Rejecting
 * Protocol Version 4/v4 < 5/v5." — the npm cassandra-driver, which speaks v4 at most, cannot connect —
 * while Debian's python3-cassandra connects at v5 and is served. At its default, true, both connect
 * (every other driver test).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import cassandra from 'cassandra-driver';
import { startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const PYTHON = '/usr/bin/python3';
const importable = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { stdio: 'ignore' }).status === 0;
const required = process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1';

const PY_V5 = `
import sys
from cassandra.cluster import Cluster
from cassandra.policies import WhiteListRoundRobinPolicy
host, port = sys.argv[1], int(sys.argv[2])
cluster = Cluster([host], port=port, load_balancing_policy=WhiteListRoundRobinPolicy([host]))
s = cluster.connect()
assert cluster.protocol_version == 5, cluster.protocol_version
assert s.execute('SELECT release_version FROM system.local').one() is not None
print('ok v5')
cluster.shutdown()
`;

test('native_transport_allow_older_protocols: false serves v5 clients only, with Cassandra 4.0\'s refusal for v4', { timeout: 120_000 }, async (t) => {
  const node = await startIliumProcess({ address: '127.0.49.3', configYaml: 'native_transport_allow_older_protocols: false\n' });
  try {
    const v4 = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    await assert.rejects(v4.connect(), (e: unknown) => {
      assert.match(JSON.stringify((e as { innerErrors?: unknown }).innerErrors ?? {}) + String(e), /Rejecting Protocol Version 4\/v4 < 5\/v5\./);
      return true;
    });
    await v4.shutdown();
    if (!importable && !required) t.diagnostic(`skipped the Python part: ${PYTHON} cannot import cassandra (apt-get install python3-cassandra)`);
    else {
      const { code, passed, stderr } = await runPythonSections(PYTHON, '-c', [PY_V5, node.host, String(node.port)]);
      assert.equal(code, 0, stderr.slice(-3000));
      assert.deepEqual(passed, ['v5']);
    }
  } finally {
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
});
