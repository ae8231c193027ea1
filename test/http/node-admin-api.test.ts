/**
 * The admin API on a real `ilium start`'s HTTP endpoint: curl-style requests (fetch) run the admin
 * port's commands and answer JSON; `ilium nodetool --http` runs over it and prints as over the admin
 * port; with PasswordAuthenticator every request needs a superuser's Basic credentials (401
 * otherwise, nodetool's SecurityException line), and the endpoint binds 127.0.0.1 by default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runIliumCommand, useIliumProcess } from '../support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';

const open = useIliumProcess({ address: '127.0.37.3' });
const secured = useIliumProcess({ address: '127.0.37.4', configYaml: 'authenticator: PasswordAuthenticator\n', args: [SUPERUSER_AT_ONCE] });

const post = (base: string, command: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/${command}`, { method: 'POST', headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

test('curl-style requests run admin commands and answer JSON; errors are 400 with the admin error body', async () => {
  const n = open();
  assert.match(n.httpUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+$/, 'local-only by default');
  const version = await post(n.httpUrl!, 'version');
  assert.equal(version.status, 200);
  assert.match(((await version.json()) as { result: { releaseVersion: string } }).result.releaseVersion, /^\d+\.\d+/);
  const status = (await (await post(n.httpUrl!, 'status')).json()) as { result: { dataCenters: { nodes: { address: string; status: string }[] }[] } };
  assert.deepEqual(status.result.dataCenters[0]!.nodes.map((x) => [x.address, x.status]), [['127.0.37.3', 'U']]);
  const flush = await post(n.httpUrl!, 'flush', { args: ['system'] });
  assert.equal(flush.status, 200);
  const unknown = await post(n.httpUrl!, 'nosuch');
  assert.equal(unknown.status, 400);
  const body = (await unknown.json()) as { error: { type: string; code: number; message: string } };
  assert.equal(body.error.type, 'InvalidRequestError');
  assert.match(body.error.message, /^unknown command 'nosuch'; known: .*status/);
  const missing = await post(n.httpUrl!, 'flush', { args: ['nokeyspace'] });
  assert.equal(missing.status, 400);
  assert.equal(((await missing.json()) as { error: { message: string } }).error.message, "Keyspace 'nokeyspace' does not exist");
  assert.equal((await post(n.httpUrl!, 'status', 'not json')).status, 400);
  assert.equal((await post(n.httpUrl!, 'status', { args: [1] })).status, 400);
  assert.equal((await fetch(`${n.httpUrl}/api/v1/status`)).status, 405, 'commands are POSTed');
});

test('ilium nodetool --http prints as over the admin port', async () => {
  const n = open();
  const port = new URL(n.httpUrl!).port;
  for (const command of [['status'], ['info'], ['tablestats', 'system'], ['tpstats'], ['version']]) {
    const viaHttp = await runIliumCommand(['nodetool', '--http', '-p', port, ...command]);
    assert.equal(viaHttp.code, 0, viaHttp.stderr);
    const viaAdmin = await runIliumCommand(['nodetool', '-p', String(n.adminPort), ...command]);
    const stable = (s: string) => s.replace(/Uptime \(seconds\)\s*: \d+/, '').replace(/Heap Memory \(MB\)\s*: .*/, '').replace(/Load\s*: .*/, '').replace(/\d+(\.\d+)? (KiB|bytes|MiB)/g, '');
    assert.equal(stable(viaHttp.stdout), stable(viaAdmin.stdout), command.join(' '));
  }
  const refused = await runIliumCommand(['nodetool', '--http', '-h', '127.0.37.3', '-p', port, 'status']);
  assert.equal(refused.code, 3);
  assert.match(refused.stderr, /http_address and http_port/);
});

test('with PasswordAuthenticator: 401 without a superuser\'s Basic credentials, nodetool --http needs -u/-pw', async () => {
  const n = secured();
  await defaultSuperuserReady(n.host, n.port);
  const none = await post(n.httpUrl!, 'status');
  assert.equal(none.status, 401);
  assert.match(none.headers.get('www-authenticate') ?? '', /^Basic /);
  assert.equal(((await none.json()) as { error: { message: string } }).error.message, 'Authentication failed! Credentials required');
  assert.equal((await fetch(`${n.httpUrl}/metrics`)).status, 401, 'metrics too');
  assert.equal((await post(n.httpUrl!, 'status', undefined, basic('cassandra', 'wrong'))).status, 401);
  assert.equal((await post(n.httpUrl!, 'status', undefined, basic('cassandra', 'cassandra'))).status, 200);
  assert.equal((await fetch(`${n.httpUrl}/metrics`, { headers: basic('cassandra', 'cassandra') })).status, 200);
  const port = new URL(n.httpUrl!).port;
  const without = await runIliumCommand(['nodetool', '--http', '-p', port, 'status']);
  assert.equal(without.code, 1);
  assert.match(without.stderr, /SecurityException: 'Authentication failed! Credentials required'/);
  const withCreds = await runIliumCommand(['nodetool', '--http', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'status']);
  assert.equal(withCreds.code, 0, withCreds.stderr);
  assert.match(withCreds.stdout, /UN {2}127\.0\.37\.4/);
});
