/**
 * Debian's python3-cassandra against `ilium start` with materialized views enabled under their
 * Cassandra 4.1 name (materialized_views_enabled): python_views.py queries a view after base
 * inserts, updates and deletes, reads cluster.metadata.keyspaces[ks].views and the table's views,
 * exports the view as CQL, and drops it. Skipped with the reason where the driver is missing (CI
 * requires it: ILIUM_REQUIRE_PYTHON_DRIVER=1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/drivers/python_views.py', import.meta.url));

const probe = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
const missing = probe.status === 0 ? undefined : `the Python driver is not installed for ${PYTHON} (apt-get install python3-cassandra)`;
const required = process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1';

test('python3-cassandra: a view after inserts, updates and deletes; keyspace and table views metadata; export_as_string', { skip: missing !== undefined && !required ? missing : false, timeout: 120_000 }, async () => {
  assert.equal(missing, undefined, missing);
  const node = await startIliumProcess({ address: '127.0.28.13', configYaml: 'materialized_views_enabled: true\n' });
  try {
    const { code, passed, stderr } = await runPythonSections(PYTHON, SCRIPT, [node.host, String(node.port)]);
    assert.equal(code, 0, `python exited with ${code} after ${JSON.stringify(passed)}:\n${stderr.slice(-4000)}`);
    assert.deepEqual(passed, ['query', 'metadata', 'drop']);
    assert.equal(await node.stop(), 0);
  } finally {
    node.dispose();
  }
});
