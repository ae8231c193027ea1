// `ilium start` without traps (issue 18 item 4), with real processes on 127.0.35.x: each start-up
// error is one line naming the setting, no stack trace, exit non-zero; --listen alone starts a lone
// node; a node whose seed does not answer says so within seconds.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startIliumProcess } from '../support/ilium-process.js';
import { SERVER_NODE_FLAGS } from '../../src/tools/server-flags.js';

const CLI = fileURLToPath(new URL('../../src/tools/ilium.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ilium-start-up-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  readonly code: number | null;
  readonly output: string;
}

/** Runs `ilium start ARGS` (ephemeral ports unless given) until it exits; fails after `timeoutMs`. */
function runStart(args: readonly string[], timeoutMs = 30_000): Promise<Run> {
  const ports = ['--port', '--rpc-port', '--admin-port', '--http-port'].flatMap((p) => (args.includes(p) ? [] : [p, '0']));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CLI, 'start', ...ports, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ilium start did not exit in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The failure: exit non-zero, exactly one `ilium:` line matching `re`, no stack trace anywhere. */
async function assertOneLine(args: readonly string[], re: RegExp): Promise<void> {
  const { code, output } = await runStart(args);
  assert.notEqual(code, 0, output);
  assert.notEqual(code, null, output);
  const lines = output.split('\n').filter((l) => l.startsWith('ilium:'));
  assert.equal(lines.length, 1, output);
  assert.match(lines[0]!, re);
  assert.doesNotMatch(output, /^\s+at /m, 'no stack trace');
  assert.doesNotMatch(output, /Ilium node started/);
}

test('an unwritable data directory is one line naming data_file_directories (--data)', async () => {
  // root writes anywhere a mode allows nothing: sysfs refuses even root a new file.
  let data = '/sys/kernel';
  if (process.getuid?.() !== 0) {
    data = join(dir, 'read-only');
    mkdirSync(data, { mode: 0o555 });
  }
  await assertOneLine(['--data', data, '--listen', '127.0.35.20'], /^ilium: ConfigurationError: cannot use \S+ for data_file_directories \(--data\): permission denied/);
});

test('a data directory under a file is one line naming data_file_directories (--data)', async () => {
  writeFileSync(join(dir, 'a-file'), 'x');
  await assertOneLine(['--data', join(dir, 'a-file', 'data'), '--listen', '127.0.35.21'], /cannot use \S+a-file\/data for data_file_directories \(--data\): a part of the path is a file, not a directory$/);
});

test('a CQL port in use is one line naming native_transport_port', async () => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.35.22', resolve));
  try {
    const port = (server.address() as { port: number }).port;
    await assertOneLine(['--data', join(dir, 'port'), '--listen', '127.0.35.22', '--port', String(port)], /the port is in use .*native_transport_port/);
  } finally {
    server.close();
  }
});

test('an address not on this machine is one line naming the address setting', async () => {
  // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never a local address.
  await assertOneLine(['--data', join(dir, 'addr'), '--listen', '192.0.2.1'], /192\.0\.2\.1.*the address is not on this machine \((listen|rpc)_address/);
});

test('a YAML syntax error is one line with the line and column of the mistake', async () => {
  const file = join(dir, 'bad.yaml');
  writeFileSync(file, 'cluster_name: x\nlisten_address: "127.0.35.23\nrpc_port: 9160\nstart_rpc: true\n');
  await assertOneLine(['--config', file, '--data', join(dir, 'yaml')], /bad\.yaml is not valid YAML at line 2, column 17: Missing closing "quote$/);
});

test('a bad config value is one line naming the key', async () => {
  const file = join(dir, 'value.yaml');
  writeFileSync(file, 'listen_address: 127.0.35.24\ncommitlog_sync: sometimes\n');
  await assertOneLine(['--config', file, '--data', join(dir, 'value')], /^ilium: ConfigurationError: .*commitlog_sync/);
});

test('--listen without --seeds starts a lone node at once: its own address is its seed', async () => {
  const node = await startIliumProcess({ args: ['--listen', '127.0.35.25'], readyTimeoutMs: 20_000 });
  try {
    assert.equal(node.host, '127.0.35.25');
    assert.equal(await node.stop(), 0);
    // The logs, complete once it stopped.
    assert.match(node.output(), /"event":"storage_service_started","endpoint":"127\.0\.35\.25:7000","seeds":\[\]/, 'no seed other than itself');
    assert.doesNotMatch(node.output(), /bootstrap|seeds_unreachable/);
  } finally {
    node.dispose();
  }
});

test('a node whose seed does not answer says so within seconds, naming --seeds', async () => {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CLI, 'start', '--port', '0', '--rpc-port', '0', '--admin-port', '0', '--http-port', '0', '--data', join(dir, 'lonely'), '--listen', '127.0.35.26', '--seeds', '127.0.35.27'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const began = performance.now();
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no seeds_unreachable warning in 15 s:\n${output}`)), 15_000);
      const onData = (b: Buffer): void => {
        output += b.toString();
        if (/seeds_unreachable.*127\.0\.35\.27:7000.*--seeds/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('close', (code) => reject(new Error(`exited ${code} before warning:\n${output}`)));
    });
    // About 3 s after the node started gossiping; module loading and start-up add a little.
    assert.ok(performance.now() - began < 12_000, `warned after ${Math.round(performance.now() - began)} ms`);
    assert.doesNotMatch(output, /Ilium node started/, 'not ready while it has not joined');
  } finally {
    child.kill('SIGKILL');
  }
});
