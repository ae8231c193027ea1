// What `ilium start` does, and leaves undone, on its way to ready (issue 18 item 7; issue 20 item 6),
// with real processes on 127.0.50.10–12. Each claim has its positive control beside it:
// - a first start makes the built-in keyspaces in one schema change: one flush of
//   system.schema_keyspaces (three partitions) before the ready line, not one per keyspace;
// - without a config file the `yaml` package is never loaded; with one it is;
// - with JavaScript user functions disabled (the default) no AsyncLocalStorage is entered (its
//   first use turns on Node's promise hooks for the whole process); with them enabled and a UDF
//   called, it is.
// A preload script (node --require) reports the loads and entries on stderr, one line each.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const dir = mkdtempSync(join(tmpdir(), 'ilium-start-work-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PROBE = join(dir, 'probe.cjs');
writeFileSync(
  PROBE,
  `const Module = require('node:module');
const load = Module._load;
let yamlSeen = false;
Module._load = function (request, ...rest) {
  if (!yamlSeen && request === 'yaml') { yamlSeen = true; process.stderr.write('PROBE yaml loaded\\n'); }
  return load.call(this, request, ...rest);
};
const { AsyncLocalStorage } = require('node:async_hooks');
const run = AsyncLocalStorage.prototype.run;
let alsSeen = false;
AsyncLocalStorage.prototype.run = function (...args) {
  if (!alsSeen) { alsSeen = true; process.stderr.write('PROBE AsyncLocalStorage entered\\n'); }
  return run.apply(this, args);
};
`,
);

async function withNode(opts: { address: string; configYaml?: string }, body: (node: IliumProcess) => Promise<void>): Promise<string> {
  // Without a config file the node is placed by flags alone (its own address as its seed).
  const placed = opts.configYaml === undefined ? { args: ['--listen', opts.address] } : { address: opts.address, configYaml: opts.configYaml };
  const node = await startIliumProcess({ ...placed, nodeArgs: ['--require', PROBE] });
  try {
    await body(node);
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    return node.output();
  } finally {
    node.dispose();
  }
}

const readyAt = (output: string) => output.indexOf('"event":"started"');

test('a first start flushes the schema once for the built-in keyspaces; without a config file yaml is never loaded, and with UDFs off no AsyncLocalStorage is entered', async () => {
  const output = await withNode({ address: '127.0.50.10' }, async (node) => {
    const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    try {
      await client.execute("CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await client.execute('CREATE TABLE k.t (a int PRIMARY KEY, b int)');
      await client.execute('INSERT INTO k.t (a, b) VALUES (1, 2)');
      assert.equal((await client.execute('SELECT b FROM k.t WHERE a = 1')).rows[0]?.['b'], 2);
    } finally {
      await client.shutdown();
    }
  });
  assert.ok(readyAt(output) > 0, output.slice(-2000));
  const beforeReady = output.slice(0, readyAt(output));
  const schemaFlushes = beforeReady.split('\n').filter((l) => l.includes('"event":"flush_completed"') && l.includes('"table":"system.schema_keyspaces"'));
  assert.equal(schemaFlushes.length, 1, `one schema flush before ready:\n${schemaFlushes.join('\n')}`);
  assert.match(schemaFlushes[0]!, /"partitions":3\b/, 'system_auth, system_traces and system_distributed in the one flush');
  assert.doesNotMatch(output, /PROBE yaml loaded/);
  assert.doesNotMatch(output, /PROBE AsyncLocalStorage entered/);
});

test('with a config file yaml is loaded; with JavaScript UDFs enabled and one called, AsyncLocalStorage is entered (the controls of the test above)', async () => {
  const output = await withNode({ address: '127.0.50.11', configYaml: 'enable_user_defined_functions: true\nenable_scripted_user_defined_functions: true\n' }, async (node) => {
    const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    try {
      await client.execute("CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await client.execute('CREATE TABLE k.t (a int PRIMARY KEY, b int)');
      await client.execute("CREATE FUNCTION k.twice (x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'");
      await client.execute('INSERT INTO k.t (a, b) VALUES (1, 21)');
      assert.equal((await client.execute('SELECT k.twice(b) AS v FROM k.t WHERE a = 1')).rows[0]?.['v'], 42);
    } finally {
      await client.shutdown();
    }
  });
  assert.match(output, /PROBE yaml loaded/);
  assert.match(output, /PROBE AsyncLocalStorage entered/);
});
