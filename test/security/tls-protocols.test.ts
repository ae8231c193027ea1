/**
 * client_encryption_options' `accepted_protocols` and `cipher_suites` enforced by a real
 * `ilium start` (127.0.48.21, certificates made now by Debian's openssl: a P-256 key, so ECDSA
 * suites), on the CQL port and the Thrift port: node:tls clients offering only what the node does
 * not accept fail their handshake; one offering the accepted version and suite gets them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import tls from 'node:tls';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type TestCerts, makeTestCerts } from '../support/test-certs.js';

const HOST = '127.0.48.21';
let certs: TestCerts;
let node: IliumProcess;

before(async () => {
  certs = makeTestCerts(HOST);
  const yaml = [
    'client_encryption_options:', '  enabled: true', '  optional: false',
    `  keystore: ${certs.server.pem}`, `  keystore_password: ${certs.password}`,
    '  accepted_protocols: [TLSv1.2]',
    '  cipher_suites: [TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256]',
    '  ssl_context_factory:', '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory', '',
  ].join('\n');
  node = await startIliumProcess({ address: HOST, configYaml: yaml });
});
after(async () => {
  if (node !== undefined) {
    await node.stop();
    node.dispose();
  }
  certs?.dispose();
});

type Handshake = { readonly ok: true; readonly protocol: string | null; readonly cipher: string } | { readonly ok: false; readonly error: string };

/** One TLS handshake with the node's port, offering only `offer`. */
function handshake(port: number, offer: tls.ConnectionOptions): Promise<Handshake> {
  return new Promise((resolve) => {
    const s = tls.connect({ host: HOST, port, ca: [certs.ca], ...offer });
    s.setTimeout(5000, () => s.destroy(new Error('timed out')));
    s.once('secureConnect', () => {
      resolve({ ok: true, protocol: s.getProtocol(), cipher: s.getCipher().standardName });
      s.end();
    });
    s.once('error', (e) => resolve({ ok: false, error: e.message }));
  });
}

for (const [port, name] of [[() => node.port, 'CQL'], [() => node.thriftPort!, 'Thrift']] as const) {
  test(`${name} port: only TLSv1.2 with the listed suite is accepted`, async () => {
    const accepted = await handshake(port(), { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-GCM-SHA256' });
    assert.deepEqual(accepted, { ok: true, protocol: 'TLSv1.2', cipher: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256' });
    // Offering the node's defaults, the client still gets the one accepted version and suite.
    const any = await handshake(port(), {});
    assert.deepEqual(any, { ok: true, protocol: 'TLSv1.2', cipher: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256' });
    const tls13 = await handshake(port(), { minVersion: 'TLSv1.3' });
    assert.equal(tls13.ok, false, 'a TLSv1.3-only client is refused');
    const otherSuite = await handshake(port(), { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES256-GCM-SHA384' });
    assert.equal(otherSuite.ok, false, 'a client offering only a suite not listed is refused');
  });
}
