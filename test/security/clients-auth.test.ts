/**
 * The clients Ilium ships, with credentials and TLS, against real `ilium start` processes:
 *
 * - 127.0.0.90, `authenticator: PasswordAuthenticator`, plaintext: `ilium cqlsh -u/-p` (a wrong
 *   password and no credentials refused with cqlsh's text, exit 1; `-u` without `-p` off a terminal
 *   refused; LOGIN switches user, a wrong LOGIN keeps the old session), `ilium cli -u/-pw` (Thrift
 *   login) and without credentials, `ilium stress --user/--password` and without, the API's
 *   `connect({ credentials })` over CQL and Thrift (without them: CQL's AuthenticationError, Thrift's
 *   `You have not logged in`).
 * - 127.0.0.91, the same authenticator and TLS required (client_encryption_options, PEM keystore,
 *   certificates made by openssl now): cqlsh `--ssl`, cli `--ssl-ca`, stress `--ssl-ca`,
 *   `connect({ ssl, credentials })` both ways; the cli without `--ssl` cannot talk to it.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../src/api/remote/connect.js';
import { AuthenticationError } from '../../src/errors/index.js';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI_PATH = fileURLToPath(new URL('../../src/tools/ilium.js', import.meta.url));
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';
import { type TestCerts, makeTestCerts } from '../support/test-certs.js';
import type { StressSummary } from '../../src/tools/stress/stress-summary.js';

const PLAIN = '127.0.0.90';
const SECURE = '127.0.0.91';
const AUTH = 'authenticator: PasswordAuthenticator\n';
let plain: IliumProcess;
let secure: IliumProcess;
let certs: TestCerts;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clients-auth-'));
  certs = makeTestCerts(SECURE);
  const tls =
    `client_encryption_options:\n  enabled: true\n  keystore: ${certs.server.pem}\n  keystore_password: ${certs.password}\n` +
    '  ssl_context_factory:\n    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory\n';
  [plain, secure] = await Promise.all([
    startIliumProcess({ address: PLAIN, configYaml: AUTH, args: ['--seeds', PLAIN, SUPERUSER_AT_ONCE], readyTimeoutMs: 60_000 }),
    startIliumProcess({ address: SECURE, configYaml: AUTH + tls, args: ['--seeds', SECURE, SUPERUSER_AT_ONCE], readyTimeoutMs: 60_000 }),
  ]);
  await defaultSuperuserReady(plain.host, plain.port);
});

after(async () => {
  for (const n of [plain, secure]) {
    if (n === undefined) continue;
    await n.stop();
    n.dispose();
  }
  certs?.dispose();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const cqlsh = (node: IliumProcess, ...args: string[]) => runIliumCommand(['cqlsh', node.host, String(node.port), ...args]);

function summaryOf(stdout: string): StressSummary {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as StressSummary;
}

test('cqlsh: -u/-p logs in; wrong or missing credentials are refused as cqlsh refuses them; LOGIN', { timeout: 120_000 }, async () => {
  const ok = await cqlsh(plain, '-u', 'cassandra', '-p', 'cassandra', '-e', "SELECT role, is_superuser FROM system_auth.roles WHERE role = 'cassandra'");
  assert.equal(ok.stderr, '');
  assert.equal(ok.code, 0);
  assert.match(ok.stdout, /^ cassandra \|\s+True$/m);

  const endpoint = `${plain.host}:${plain.port}`;
  const wrong = await cqlsh(plain, '-u', 'cassandra', '-p', 'nope', '-e', 'SELECT * FROM system.local');
  assert.equal(wrong.code, 1);
  assert.equal(
    wrong.stderr,
    `Connection error: ('Unable to connect to any servers', {'${endpoint}': AuthenticationFailed('Failed to authenticate to ${endpoint}: Error from server: code=0100 [Bad credentials] message="Provided username cassandra and/or password are incorrect"')})\n`,
  );
  const none = await cqlsh(plain, '-e', 'SELECT * FROM system.local');
  assert.equal(none.code, 1);
  assert.equal(none.stderr, `Connection error: ('Unable to connect to any servers', {'${endpoint}': AuthenticationFailed('Remote end requires authentication.')})\n`);
  const noTerminal = await cqlsh(plain, '-u', 'cassandra', '-e', 'SELECT * FROM system.local');
  assert.equal(noTerminal.code, 2);
  assert.match(noTerminal.stderr, /-u without -p asks for the password on a terminal/);

  // LOGIN as another role: its refusals show who the shell is now; a wrong password keeps the session
  const login = await cqlsh(
    plain, '-u', 'cassandra', '-p', 'cassandra', '-e',
    "CREATE ROLE IF NOT EXISTS bob WITH PASSWORD = 'bpw' AND LOGIN = true; LOGIN bob 'wrong'; CREATE ROLE IF NOT EXISTS carol; LOGIN bob 'bpw'; CREATE ROLE eve",
  );
  assert.equal(login.code, 2, login.stderr);
  const lines = login.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 2, login.stderr);
  assert.equal(lines[0], `<stdin>:1:('Unable to connect to any servers', {'${endpoint}': AuthenticationFailed('Failed to authenticate to ${endpoint}: Error from server: code=0100 [Bad credentials] message="Provided username bob and/or password are incorrect"')})`);
  assert.match(lines[1]!, /^<stdin>:1:Unauthorized: Error from server: code=2100 \[Unauthorized\] message="User bob does not have sufficient privileges to perform the requested operation"$/);
});

test('cli: -u/-pw log in over Thrift; without credentials or with a wrong password it stops', { timeout: 60_000 }, async () => {
  const script = join(dir, 'cli.txt');
  writeFileSync(script, 'show cluster name;\nshow keyspaces;\n');
  const cli = (...args: string[]) => runIliumCommand(['cli', '-h', plain.host, '-p', String(plain.thriftPort), ...args]);
  const ok = await cli('-u', 'cassandra', '-pw', 'cassandra', '-f', script);
  assert.equal(ok.stderr, '');
  assert.equal(ok.code, 0);
  assert.match(ok.stdout, /^Test Cluster$/m);
  assert.match(ok.stdout, /^Keyspace: system_auth:$/m);

  const none = await cli('-f', script);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /^Exception connecting to 127\.0\.0\.90\/\d+\. Reason: .*(logged in|login|authenticat)/im);
  const wrong = await cli('-u', 'cassandra', '-pw', 'nope', '-f', script);
  assert.equal(wrong.code, 1);
  assert.equal(
    wrong.stderr,
    'Exception during authentication to the cassandra node, Verify the keyspace exists, and that you are using the correct credentials. (Provided username cassandra and/or password are incorrect)\n',
  );
});

test('stress: --user/--password run a write workload; without credentials it cannot set up', { timeout: 120_000 }, async () => {
  const stress = (...args: string[]) =>
    runIliumCommand(['stress', 'write', '-n', '300', '--warmup', '0', '--partitions', '300', '--concurrency', '8', '--host', plain.host, '--port', String(plain.port), '--json', '-', ...args]);
  const ok = await stress('--user', 'cassandra', '--password', 'cassandra');
  assert.equal(ok.code, 0, ok.stderr);
  const s = summaryOf(ok.stdout);
  assert.equal(s.total.count, 300);
  assert.equal(s.total.errors, 0);
  const none = await stress();
  assert.equal(none.code, 1);
  assert.match(none.stderr, /^ilium stress: cannot set up on 127\.0\.0\.90:\d+: 127\.0\.0\.90:\d+: AuthenticationError: Host 127\.0\.0\.90:\d+ requires authentication, but no authenticator found in the options$/m);
  const wrong = await stress('--user', 'cassandra', '--password', 'nope');
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /Provided username cassandra and\/or password are incorrect/);
});

test("the API's connect(): credentials over CQL and Thrift; wrong ones are an AuthenticationError, missing ones refused", { timeout: 60_000 }, async () => {
  const credentials = { username: 'cassandra', password: 'cassandra' };
  for (const protocol of ['cql', 'thrift'] as const) {
    const port = protocol === 'cql' ? plain.port : plain.thriftPort!;
    const db = await connect({ contactPoints: [`${plain.host}:${port}`], protocol, credentials });
    try {
      assert.ok(Array.isArray(await db.describeKeyspaces()), protocol);
    } finally {
      await db.close();
    }
    await assert.rejects(connect({ contactPoints: [`${plain.host}:${port}`], protocol, credentials: { username: 'cassandra', password: 'nope' } }), (e: unknown) => e instanceof AuthenticationError && /Provided username cassandra and\/or password are incorrect/.test(e.message), protocol);
    // without credentials: CQL's handshake demands them; Thrift's first call is refused ("You have not logged in"), told as the same error
    const refusal = protocol === 'cql' ? (e: unknown) => e instanceof AuthenticationError : (e: unknown) => e instanceof AuthenticationError && /requires authentication \(.*You have not logged in\): pass connect\(\{ credentials/.test(e.message);
    await assert.rejects(connect({ contactPoints: [`${plain.host}:${port}`], protocol }), refusal, `${protocol} without credentials`);
  }
});

test('TLS required: cqlsh --ssl, cli --ssl-ca, stress --ssl-ca and connect({ ssl }) with credentials', { timeout: 120_000 }, async () => {
  await defaultSuperuserReadyTls();
  const q = await runIliumCommand(['cqlsh', secure.host, String(secure.port), '--ssl', '--ssl-certfile', certs.caPem, '-u', 'cassandra', '-p', 'cassandra', '-e', 'SELECT cluster_name FROM system.local']);
  assert.equal(q.stderr, '');
  assert.equal(q.code, 0);
  assert.match(q.stdout, /Test Cluster/);

  const script = join(dir, 'cli-tls.txt');
  writeFileSync(script, 'show cluster name;\n');
  const cli = (...args: string[]) => runIliumCommand(['cli', '-h', secure.host, '-p', String(secure.thriftPort), '-u', 'cassandra', '-pw', 'cassandra', '-f', script, ...args]);
  const c = await cli('--ssl-ca', certs.caPem);
  assert.equal(c.stderr, '');
  assert.equal(c.code, 0);
  assert.match(c.stdout, /^Test Cluster$/m);
  const plainCli = await cli();
  assert.equal(plainCli.code, 1, 'a plaintext cli cannot talk to a node that requires TLS');
  assert.match(plainCli.stderr, /^Exception connecting to 127\.0\.0\.91\//);

  const st = await runIliumCommand(['stress', 'write', '-n', '200', '--warmup', '0', '--partitions', '200', '--concurrency', '8', '--host', secure.host, '--port', String(secure.port),
    '--user', 'cassandra', '--password', 'cassandra', '--ssl-ca', certs.caPem, '--json', '-']);
  assert.equal(st.code, 0, st.stderr);
  assert.equal(summaryOf(st.stdout).total.count, 200);

  for (const protocol of ['cql', 'thrift'] as const) {
    const port = protocol === 'cql' ? secure.port : secure.thriftPort!;
    const db = await connect({ contactPoints: [`${secure.host}:${port}`], protocol, credentials: { username: 'cassandra', password: 'cassandra' }, ssl: { ca: certs.ca } });
    try {
      assert.ok((await db.describeKeyspaces()).length > 0, protocol);
    } finally {
      await db.close();
    }
  }
});

/** The TLS node's default superuser, waited for over TLS (defaultSuperuserReady speaks plaintext). */
async function defaultSuperuserReadyTls(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const db = await connect({ contactPoints: [`${secure.host}:${secure.port}`], credentials: { username: 'cassandra', password: 'cassandra' }, ssl: { ca: certs.ca } });
      await db.close();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

test('cqlsh -u without -p on a terminal asks "Password: " without echoing what is typed (a pseudo-terminal from script(1))', { timeout: 60_000 }, async () => {
  // script(1) runs the command on a pseudo-terminal whose input is our pipe; the password is typed only once the prompt is shown.
  const command = [process.execPath, CLI_PATH, 'cqlsh', plain.host, String(plain.port), '-u', 'cassandra', '-e', "'SELECT cluster_name FROM system.local'"].join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no prompt; output so far: ${JSON.stringify(out)}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      const before = out;
      out += d.toString();
      if (!before.includes('Password: ') && out.includes('Password: ')) {
        clearTimeout(timer);
        child.stdin.write('cassandra\r');
        resolve();
      }
    });
  });
  const code = await exited;
  assert.equal(code, 0, out);
  assert.match(out, /Test Cluster/);
  assert.equal(out.split('cassandra').length - 1, 0, `the typed password never appears on the terminal: ${JSON.stringify(out)}`);
});
