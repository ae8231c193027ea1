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
import { runCli, runCliScript } from './run-cli.js';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { loadCassandraIdl } from '../../thrift/idl/cassandra-idl.js';
import { ServiceDispatcher } from '../../thrift/server/service-dispatcher.js';
import { ThriftServer } from '../../transport/thrift/index.js';
import { RecordingLogger } from '../../transport/server/transport-logger.js';

const EXAMPLES = fileURLToPath(new URL('../../../../examples/cli/', import.meta.url));

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

test('ilium cli -f over a Thrift connection: the Twitter script gives the same output', async () => {
  const node = await openThriftTestNode();
  const env = createRealEnv();
  const idl = loadCassandraIdl();
  const logger = new RecordingLogger();
  const server = new ThriftServer(env, () => new ServiceDispatcher(idl, node.session(), logger), { host: '127.0.0.1', port: 0, maxFrameBytes: 1 << 20, logger });
  const { port } = await server.start();
  try {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const [out, err, code] = await Promise.all([
      text(stdout), text(stderr),
      runCli({ argv: ['-f', join(EXAMPLES, 'twitter.txt'), '--port', String(port), '-v'], env: {}, stdin: new PassThrough(), stdout, stderr })
        .finally(() => { stdout.end(); stderr.end(); }),
    ]);
    assert.equal(err, '');
    assert.equal(code, 0);
    assert.equal(normalizeCliOutput(out), readFileSync(join(EXAMPLES, 'twitter.expected'), 'utf8'));
  } finally {
    await server.close();
    await node.close();
  }
});
