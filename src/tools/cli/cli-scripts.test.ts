/**
 * The example scripts of examples/cli (the seeds' schemas and data) run through the cli against
 * a node's Thrift session, their output compared with the `.expected` files beside them. Write
 * timestamps are the only non-deterministic text (the scripts name their TimeUUIDs), so they are
 * normalized before comparing; the schema versions too. ILIUM_UPDATE_EXPECTED=1 rewrites the files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRealEnv } from '../../env/index.js';
import { openThriftTestNode } from '../../../test/support/thrift-test-node.js';
import { CliSession } from './cli-session.js';
import { runCliScript } from './run-cli.js';
import { spawnSync } from 'node:child_process';
import { startIliumProcess } from '../../../test/support/ilium-process.js';

const EXAMPLES = fileURLToPath(new URL('../../../../examples/cli/', import.meta.url));
const CLI = fileURLToPath(new URL('../ilium.js', import.meta.url));

/** Timestamps and schema versions (a UUID alone on its line) are the run's own. */
export function normalizeCliOutput(text: string): string {
  return text
    .replace(/timestamp=\d+/g, 'timestamp=<timestamp>')
    .replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/gm, '<schema version>');
}

for (const script of readdirSync(EXAMPLES).filter((f) => f.endsWith('.txt')).sort()) {
  test(`examples/cli/${script} gives its expected output`, async () => {
    const node = await openThriftTestNode();
    try {
      const io = { stdout: '', stderr: '', out(t: string) { this.stdout += t; }, err(t: string) { this.stderr += t; } };
      const session = new CliSession(createRealEnv(), async () => Object.assign(node.session(), { close: async () => undefined }), io);
      await session.connect('127.0.0.1', 9160, true);
      const outcome = await runCliScript(session, readFileSync(join(EXAMPLES, script), 'utf8'), io, true);
      assert.equal(io.stderr, '');
      assert.equal(outcome, 'ok');
      const expectedFile = join(EXAMPLES, script.replace(/\.txt$/, '.expected'));
      const actual = normalizeCliOutput(io.stdout);
      if (process.env['ILIUM_UPDATE_EXPECTED'] === '1') writeFileSync(expectedFile, actual);
      assert.equal(actual, readFileSync(expectedFile, 'utf8'));
    } finally {
      await node.close();
    }
  });
}

test('ilium cli -f against a running ilium start: the Twitter script gives the same output', async () => {
  const node = await startIliumProcess();
  try {
    const run = spawnSync(process.execPath, [CLI, 'cli', '-f', join(EXAMPLES, 'twitter.txt'), '--host', node.host, '--port', String(node.thriftPort), '-v'], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
    assert.equal(normalizeCliOutput(run.stdout), readFileSync(join(EXAMPLES, 'twitter.expected'), 'utf8'));
    const bad = spawnSync(process.execPath, [CLI, 'cli', '--host', node.host, '--port', String(node.thriftPort), '--batch'], { input: 'use Nowhere;\n', encoding: 'utf8', timeout: 60_000 });
    assert.notEqual(bad.status, 0);
    assert.match(bad.stdout + bad.stderr, /Nowhere/);
  } finally {
    await node.stop();
    node.dispose();
  }
});
