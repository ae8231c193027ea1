/**
 * Debian's python3-cassandra against `ilium start` with user-defined functions enabled under their
 * Cassandra 4.1 names (user_defined_functions_enabled, …_warn_timeout: 500ms): python_udf.py runs a
 * JavaScript UDF and a UDA in SELECT, reads cluster.metadata.keyspaces[ks].functions / aggregates
 * and export_as_string, and drops them. Skipped with the reason where the driver is missing (CI
 * requires it: ILIUM_REQUIRE_PYTHON_DRIVER=1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/drivers/python_udf.py', import.meta.url));
const YAML = ['user_defined_functions_enabled: true', 'scripted_user_defined_functions_enabled: true', 'user_defined_functions_warn_timeout: 500ms', 'user_defined_functions_fail_timeout: 1500ms', ''].join('\n');

const probe = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
const missing = probe.status === 0 ? undefined : `the Python driver is not installed for ${PYTHON} (apt-get install python3-cassandra)`;
const required = process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1';

test('python3-cassandra: a JavaScript UDF and a UDA in SELECT, keyspace functions / aggregates metadata, export_as_string', { skip: missing !== undefined && !required ? missing : false, timeout: 120_000 }, async () => {
  assert.equal(missing, undefined, missing);
  const node = await startIliumProcess({ address: '127.0.25.13', configYaml: YAML });
  try {
    const { code, passed, stderr } = await runPythonSections(PYTHON, SCRIPT, [node.host, String(node.port)]);
    assert.equal(code, 0, `python exited with ${code} after ${JSON.stringify(passed)}:\n${stderr.slice(-4000)}`);
    assert.deepEqual(passed, ['select', 'metadata', 'drop']);
    assert.equal(await node.stop(), 0);
  } finally {
    node.dispose();
  }
});
