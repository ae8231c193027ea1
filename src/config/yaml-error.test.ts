import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { parseConfigText } from './load-config.js';

function yamlError(text: string): string {
  try {
    parseConfigText(text, 'c.yaml');
  } catch (e) {
    assert.ok(e instanceof ConfigurationError);
    assert.ok(!e.message.includes('\n'), `one line: ${e.message}`);
    return e.message;
  }
  assert.fail('no error');
}

test('a YAML syntax error names the line and column of the mistake, on one line', () => {
  // The quote opens on line 2; the yaml package alone says line 5 (the end of the file).
  assert.match(yamlError('cluster_name: x\nlisten_address: "127.0.0.1\nrpc_port: 9160\nstart_rpc: true\n'), /^c\.yaml is not valid YAML at line 2, column 17: Missing closing "quote$/);
  assert.match(yamlError("cluster_name: 'x\n"), /at line 1, column 15:/);
  // The indented key is on line 3; the package alone says line 2 (the value before it).
  assert.match(yamlError('cluster_name: x\nnative_transport_port: 9042\n  rpc_port: 9160\n'), /at line 3, column 3: a key indented under a value/);
  assert.match(yamlError('a: 1\nb:\n\t- x\n'), /at line 3, column 1: Tabs are not allowed as indentation$/);
  assert.match(yamlError('cluster_name: x\ncluster_name: y\n'), /at line 2, column 1: Map keys must be unique$/);
});
