/**
 * TLS on the client ports (client_encryption_options) with real processes and real clients:
 * `ilium start` on its own loopback address 127.0.0.67, certificates made now by openssl
 * (test/support/test-certs.ts), npm cassandra-driver with `sslOptions`, Debian's python3-cassandra
 * (/usr/bin/python3) with an `ssl_context`, Ilium's Thrift client over node:tls, the API's
 * `connect({ ssl })`, `ilium cqlsh --ssl`.
 *
 * - PEM keystore (encrypted key), TLS required: TLS clients query, plaintext ones are refused on the
 *   CQL and Thrift ports; the certificate files replaced are served to new connections after the
 *   reload period (shortened by -Dilium.test.tls_reload_period_ms).
 * - PKCS12 keystore, optional: TLS and plaintext on the same port.
 * - require_client_auth: a client without a certificate refused, with the CA-signed one accepted.
 * - native_transport_port_ssl: the main port plaintext, the SSL port TLS.
 * - a JKS keystore or a wrong password stops the start with one line naming the key.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFile } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tls from 'node:tls';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type TestCerts, makeTestCerts } from '../support/test-certs.js';
import { connectThrift } from '../../src/thrift/client/connect-thrift.js';
import { connect } from '../../src/api/remote/connect.js';

const HOST = '127.0.0.67';
const CLI = fileURLToPath(new URL('../../src/tools/ilium.js', import.meta.url));
const PYTHON = '/usr/bin/python3';
const PEM_FACTORY = '  ssl_context_factory:\n    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory\n';

function missingPython(): string | undefined {
  const r = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `python3-cassandra is not installed for ${PYTHON}`;
}
const pythonMissing = missingPython();
const pythonRequired = process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] === '1';

function yaml(lines: Record<string, string | boolean>, extra = ''): string {
  return 'client_encryption_options:\n' + Object.entries(lines).map(([k, v]) => `  ${k}: ${v}\n`).join('') + extra;
}

async function withNode(configYaml: string, body: (node: IliumProcess) => Promise<void>, args: readonly string[] = []): Promise<void> {
  const node = await startIliumProcess({ address: HOST, configYaml, args });
  try {
    await body(node);
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
  } finally {
    node.dispose();
  }
}

async function releaseVersion(port: number, sslOptions?: tls.ConnectionOptions): Promise<string> {
  const client = new cassandra.Client({
    contactPoints: [`${HOST}:${port}`],
    localDataCenter: 'datacenter1',
    // No heartbeat: the driver keeps a connection refused during negotiation and would keep the test process alive.
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1 }, heartBeatInterval: 0 },
    // A refused connection closes at once; the driver notices only when the request times out.
    socketOptions: { connectTimeout: 5000, readTimeout: 3000 },
    ...(sslOptions === undefined ? {} : { sslOptions }),
  });
  try {
    await client.connect();
    const rs = await client.execute('SELECT release_version FROM system.local');
    return String(rs.first()!['release_version']);
  } finally {
    await client.shutdown();
  }
}

/** system_views.clients as a TLS client sees its own connection: TLS on, a TLS protocol and a cipher suite named. */
async function ownTlsRow(port: number, sslOptions: tls.ConnectionOptions): Promise<{ ssl_enabled: unknown; protocol: boolean; cipher: boolean }> {
  const client = new cassandra.Client({ contactPoints: [`${HOST}:${port}`], localDataCenter: 'datacenter1', pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1 }, heartBeatInterval: 0 }, sslOptions });
  try {
    await client.connect();
    const row = (await client.execute('SELECT ssl_enabled, ssl_protocol, ssl_cipher_suite, driver_name FROM system_views.clients')).rows.find((r) => r['driver_name'] !== null);
    assert.ok(row !== undefined, 'the client is listed');
    return { ssl_enabled: row['ssl_enabled'], protocol: /^TLSv1\.[23]$/.test(String(row['ssl_protocol'])), cipher: /^TLS_/.test(String(row['ssl_cipher_suite'])) };
  } finally {
    await client.shutdown();
  }
}

async function refused(p: Promise<unknown>, what: string): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof Error, what);
}

/** The serial number of the certificate a new TLS connection to the port is given. */
function servedSerial(port: number, ca: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = tls.connect({ host: HOST, port, ca }, () => {
      resolve(s.getPeerCertificate().serialNumber.toUpperCase());
      s.destroy();
    });
    s.once('error', reject);
  });
}

async function thriftVersion(port: number, tlsOptions?: { ca: Buffer }): Promise<string> {
  const client = await connectThrift({ host: HOST, port, ...(tlsOptions === undefined ? {} : { tls: tlsOptions }) });
  try {
    return (await client.describeVersion()) as string;
  } finally {
    client.destroy();
  }
}

/** Runs a python3-cassandra query over TLS; the client certificate makes it mutual. */
function pythonQuery(port: number, certs: TestCerts, mutual: boolean): Promise<string> {
  const script = [
    'import ssl, sys',
    'from cassandra.cluster import Cluster',
    'from cassandra.policies import WhiteListRoundRobinPolicy',
    'host, port, ca = sys.argv[1], int(sys.argv[2]), sys.argv[3]',
    'ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)',
    'ctx.load_verify_locations(ca)',
    'if len(sys.argv) > 4: ctx.load_cert_chain(sys.argv[4], sys.argv[5])',
    "cluster = Cluster([host], port=port, ssl_context=ctx, ssl_options={'server_hostname': host}, protocol_version=4, load_balancing_policy=WhiteListRoundRobinPolicy([host]))",
    'session = cluster.connect()',
    "print('release_version', session.execute('SELECT release_version FROM system.local').one()[0])",
    'cluster.shutdown()',
  ].join('\n');
  const args = ['-c', script, HOST, String(port), certs.caPem, ...(mutual ? [certs.clientCert, certs.clientKey] : [])];
  return new Promise((resolve, reject) => {
    execFile(PYTHON, args, { timeout: 60_000 }, (err, stdout, stderr) => (err === null ? resolve(stdout) : reject(new Error(`${err.message}\n${stderr.slice(-2000)}`))));
  });
}

test('PEM keystore, TLS required: drivers and Thrift over TLS answer, plaintext is refused, replaced certificates are served after the reload period', { timeout: 120_000 }, async () => {
  const certs = makeTestCerts(HOST);
  const keystore = join(certs.dir, 'node.pem');
  copyFileSync(certs.server.pem, keystore);
  try {
    const config = yaml({ enabled: true, keystore, keystore_password: certs.password }, PEM_FACTORY);
    await withNode(config, async (node) => {
      assert.match(await releaseVersion(node.port, { ca: [certs.ca] }), /^\d/);
      assert.deepEqual(await ownTlsRow(node.port, { ca: [certs.ca] }), { ssl_enabled: true, protocol: true, cipher: true });
      await refused(releaseVersion(node.port), 'a plaintext driver is refused');
      assert.match(await thriftVersion(node.thriftPort!, { ca: certs.ca }), /^\d/);
      await refused(thriftVersion(node.thriftPort!), 'a plaintext Thrift client is refused');
      if (pythonMissing === undefined || pythonRequired) assert.match(await pythonQuery(node.port, certs, false), /release_version \d/);
      // The TypeScript API's connect(), over CQL and over Thrift (connecting asks the node its partitioner).
      for (const [protocol, port] of [['cql', node.port], ['thrift', node.thriftPort!]] as const) {
        const db = await connect({ contactPoints: [`${HOST}:${port}`], protocol, ssl: { ca: certs.ca }, requestTimeoutMs: 5000 });
        await db.close();
      }

      assert.equal(await servedSerial(node.port, certs.ca), certs.server.serial);
      writeFileSync(keystore, readFileSync(certs.server2.pem));
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(await servedSerial(node.port, certs.ca), certs.server2.serial, 'a new connection gets the new certificate');
      assert.equal(await servedSerial(node.thriftPort!, certs.ca), certs.server2.serial, 'on the Thrift port too');
      assert.match(node.output(), /tls_reloaded/);
    }, ['-Dilium.test.tls_reload_period_ms=300']);
  } finally {
    certs.dispose();
  }
});

test('PKCS12 keystore, optional: TLS and plaintext clients on one port (CQL and Thrift)', { timeout: 120_000 }, async () => {
  const certs = makeTestCerts(HOST);
  try {
    await withNode(yaml({ enabled: true, optional: true, keystore: certs.server.p12, keystore_password: certs.password, keystore_type: 'PKCS12' }), async (node) => {
      assert.match(await releaseVersion(node.port, { ca: [certs.ca] }), /^\d/);
      assert.match(await releaseVersion(node.port), /^\d/);
      assert.match(await thriftVersion(node.thriftPort!, { ca: certs.ca }), /^\d/);
      assert.match(await thriftVersion(node.thriftPort!), /^\d/);
    });
  } finally {
    certs.dispose();
  }
});

test('require_client_auth: a client without a certificate is refused, one with a certificate the truststore trusts is served', { timeout: 120_000 }, async () => {
  const certs = makeTestCerts(HOST);
  try {
    const config = yaml({ enabled: true, keystore: certs.server.pem, keystore_password: certs.password, require_client_auth: true, truststore: certs.caPem }, PEM_FACTORY);
    await withNode(config, async (node) => {
      await refused(releaseVersion(node.port, { ca: [certs.ca] }), 'no client certificate');
      const mutual = { ca: [certs.ca], cert: readFileSync(certs.clientCert), key: readFileSync(certs.clientKey) };
      assert.match(await releaseVersion(node.port, mutual), /^\d/);
      const cqlsh = (extra: readonly string[]) => spawnSync(process.execPath, [CLI, 'cqlsh', HOST, String(node.port), '--ssl', ...extra, '-e', 'SELECT cluster_name FROM system.local'], { encoding: 'utf8', env: { ...process.env, SSL_CERTFILE: certs.caPem }, timeout: 60_000 });
      const served = cqlsh(['--ssl-usercert', certs.clientCert, '--ssl-userkey', certs.clientKey]);
      assert.equal(served.status, 0, served.stderr);
      assert.match(served.stdout, /Test Cluster/);
      assert.notEqual(cqlsh([]).status, 0, 'cqlsh without a client certificate is refused');
      if (pythonMissing === undefined || pythonRequired) {
        assert.match(await pythonQuery(node.port, certs, true), /release_version \d/);
        await assert.rejects(pythonQuery(node.port, certs, false), 'python without a client certificate is refused');
      }
    });
  } finally {
    certs.dispose();
  }
});

test('native_transport_port_ssl: the main port stays plaintext, the SSL port speaks TLS only', { timeout: 120_000 }, async () => {
  const certs = makeTestCerts(HOST);
  const sslPort = 29142;
  try {
    await withNode(`native_transport_port_ssl: ${sslPort}\n` + yaml({ enabled: true, keystore: certs.server.p12, keystore_password: certs.password }), async (node) => {
      assert.match(await releaseVersion(node.port), /^\d/);
      assert.match(await releaseVersion(sslPort, { ca: [certs.ca] }), /^\d/);
      await refused(releaseVersion(sslPort), 'plaintext on the SSL port');
      assert.match(node.output(), /"cqlSsl":\{"host":"127\.0\.0\.67","port":29142\}/);
    });
  } finally {
    certs.dispose();
  }
});

test('a JKS keystore, or a wrong keystore password, stops the start with one line naming the key', { timeout: 120_000 }, async () => {
  const certs = makeTestCerts(HOST);
  try {
    const jks = join(certs.dir, '.keystore');
    writeFileSync(jks, Buffer.from([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2, 0, 0, 0, 1]));
    await assert.rejects(startIliumProcess({ address: HOST, configYaml: yaml({ enabled: true, keystore: jks, keystore_password: 'cassandra' }) }),
      (e: Error) => /client_encryption_options\.keystore: .*\.keystore is a JKS keystore, which Ilium cannot read; convert it to PKCS12 with keytool -importkeystore .*-deststoretype PKCS12/.test(e.message));
    await assert.rejects(startIliumProcess({ address: HOST, configYaml: yaml({ enabled: true, keystore: certs.server.p12, keystore_password: 'wrong' }) }),
      (e: Error) => /cannot listen for CQL clients on 127\.0\.0\.67:\d+: .*client_encryption_options: keystore, keystore_password/.test(e.message));
  } finally {
    certs.dispose();
  }
});
