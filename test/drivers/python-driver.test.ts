/**
 * Debian's python3-cassandra (the DataStax Python driver, run with /usr/bin/python3) against
 * `ilium start`: python_driver_matrix.py connects (v5 by default, v4 and v3, lz4, snappy), reads
 * the schema metadata, round-trips every type, pages, batches, counters, LWT and errors.
 *
 * CI installs the package (.ci/run) and sets ILIUM_REQUIRE_PYTHON_DRIVER=1, so there a missing
 * driver fails; on a dev machine without it the test is skipped with the reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/drivers/python_driver_matrix.py', import.meta.url));
const SECTIONS = ['connect-metadata', 'types', 'statements-paging', 'counters-lwt-errors'];

function missingDriver(): string | undefined {
  const r = spawnSync(PYTHON, ['-c', 'import cassandra.cluster, lz4, snappy'], { encoding: 'utf8' });
  if (r.status === 0) return undefined;
  return `the Python driver is not installed for ${PYTHON} (apt-get install python3-cassandra python3-lz4 python3-snappy): ${(r.stderr ?? String(r.error)).trim().split('\n').pop()}`;
}

const missing = missingDriver();
const required = process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1';

test('python3-cassandra against ilium start: connect, metadata, types, prepared, paging, batches, LWT, errors', { skip: missing !== undefined && !required ? missing : false, timeout: 240_000 }, async () => {
  assert.equal(missing, undefined, missing);
  const node = await startIliumProcess();
  try {
    const { code, passed, stderr } = await runPythonSections(PYTHON, SCRIPT, [node.host, String(node.port)]);
    assert.equal(code, 0, `python exited with ${code} after ${JSON.stringify(passed)}:\n${stderr.slice(-4000)}`);
    assert.deepEqual(passed, SECTIONS);
    assert.equal(await node.stop(), 0);
  } finally {
    node.dispose();
  }
});
