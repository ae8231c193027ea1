/**
 * The Python 3 client generated from our IDL by Debian's thrift-compiler, on Debian's
 * python3-thrift (run with /usr/bin/python3), against `ilium start`: python_thrift_suite.py calls
 * every method of the service and checks results and exceptions, section by section.
 *
 * CI installs thrift-compiler and python3-thrift (.ci/run); a missing compiler or runtime fails
 * the test with the reason rather than skipping it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runPythonSections } from '../support/python-sections.js';
import { CLUSTER_NAME, type ThriftTestNode, startThriftNode } from './thrift-test-node.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../../test/thrift/python_thrift_suite.py', import.meta.url));
const SECTIONS = ['connection-description', 'schema', 'standard', 'super', 'indexes', 'counters', 'errors'];

let node: ThriftTestNode;
before(async () => {
  node = await startThriftNode('127.0.0.51');
});
after(async () => {
  await node?.close();
});

test('python3-thrift is installed for /usr/bin/python3', () => {
  const r = spawnSync(PYTHON, ['-c', 'import thrift.protocol.TBinaryProtocol, thrift.transport.TTransport'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `python3-thrift is missing for ${PYTHON} (apt-get install python3-thrift): ${(r.stderr ?? String(r.error)).trim()}`);
});

test('the generated Python client: every call of the service, its results and its exceptions', { timeout: 180_000 }, async () => {
  const { code, passed, stderr } = await runPythonSections(PYTHON, SCRIPT, [node.gen.pyDir, node.host, String(node.thriftPort), CLUSTER_NAME]);
  assert.equal(code, 0, `python exited with ${code} after ${JSON.stringify(passed)}:\n${stderr.slice(-4000)}\n--- node output ---\n${node.process.output().slice(-3000)}`);
  assert.deepEqual(passed, SECTIONS);
});
