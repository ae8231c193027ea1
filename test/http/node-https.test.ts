/**
 * The HTTP endpoint over TLS, in a real process (127.0.37.5, client_encryption_options enabled and
 * required, a PEM keystore made at test time valid for 127.0.0.1 where the endpoint binds): the
 * ready line says https://, HTTPS with the node's CA serves /metrics and the admin API, plain HTTP
 * gets no answer, and `ilium nodetool --http --ssl --ssl-ca` works.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { runIliumCommand, useIliumProcess } from '../support/ilium-process.js';
import { makeNodeCerts } from '../support/test-certs.js';

const ADDRESS = '127.0.37.5';
const certs = makeNodeCerts([ADDRESS], ['127.0.0.1']);
after(() => certs.dispose());

const node = useIliumProcess({
  address: ADDRESS,
  configYaml: [
    'client_encryption_options:',
    '  enabled: true',
    '  optional: false',
    `  keystore: ${certs.pemFor[ADDRESS]}`,
    `  keystore_password: ${certs.password}`,
    '  ssl_context_factory:',
    '    class_name: org.apache.cassandra.security.PEMBasedSslContextFactory',
    '',
  ].join('\n'),
});

function get(url: URL, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca: readFileSync(certs.caPem) }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('HTTPS with the client ports\' key material: /metrics, the admin API and nodetool --http --ssl', async () => {
  const n = node();
  assert.match(n.httpUrl ?? '', /^https:\/\/127\.0\.0\.1:\d+$/);
  const metrics = await get(new URL('/metrics', n.httpUrl));
  assert.equal(metrics.status, 200);
  assert.match(metrics.body, /^# HELP /m);
  const version = await get(new URL('/api/v1/version', n.httpUrl), 'POST');
  assert.equal(version.status, 200);
  assert.match(version.body, /"releaseVersion"/);
  const plain = await new Promise<string>((resolve) => {
    const req = plainRequest(new URL('/metrics', n.httpUrl!.replace('https', 'http')), (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.end();
  });
  assert.doesNotMatch(plain, /^answered/, 'plain HTTP is not served on a TLS-only endpoint');
  const port = new URL(n.httpUrl!).port;
  const status = await runIliumCommand(['nodetool', '--http', '-p', port, '--ssl-ca', certs.caPem, 'status']);
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /UN {2}127\.0\.37\.5/);
});
