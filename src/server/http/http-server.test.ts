import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRealEnv, createSimEnv } from '../../env/index.js';
import { ConfigurationError } from '../../errors/index.js';
import { NodeHttpServer, basicCredentials, httpBodyBytesMax } from './http-server.js';
import { jsonResponse } from './http-route.js';
import { nodeHttpRoutes } from './node-routes.js';

const routes = nodeHttpRoutes([[
  { method: 'GET', path: '/hello', handle: () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'hi\n' }) },
  { method: 'POST', path: '/echo/:name', handle: (r, p) => jsonResponse(200, { name: p.name, body: r.body.toString() }) },
]]);

test('routes answer by method and path; unknown paths 404, other methods 405 with Allow; bodies are bounded', async () => {
  const server = new NodeHttpServer(createRealEnv(), routes, { host: '127.0.0.1', port: 0 });
  const { port } = await server.start();
  const base = `http://127.0.0.1:${port}`;
  try {
    const hello = await fetch(`${base}/hello`);
    assert.equal(hello.status, 200);
    assert.equal(await hello.text(), 'hi\n');
    const echo = await fetch(`${base}/echo/a%20b?x=1`, { method: 'POST', body: 'payload' });
    assert.deepEqual(await echo.json(), { name: 'a b', body: 'payload' });
    assert.equal((await fetch(`${base}/nothing`)).status, 404);
    const wrong = await fetch(`${base}/hello`, { method: 'POST' });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
    const listed = (await (await fetch(`${base}/api`)).json()) as { routes: string[] };
    assert.deepEqual(listed.routes, ['GET /hello', 'POST /echo/:name', 'GET /api']);
    const big = await fetch(`${base}/echo/x`, { method: 'POST', body: Buffer.alloc(httpBodyBytesMax + 1) });
    assert.equal(big.status, 413);
  } finally {
    await server.close();
  }
});

test('with a superuser check, every request needs Basic credentials: 401 with a challenge otherwise, after the delay', async () => {
  const env = createRealEnv();
  const checkSuperuser = async (u: string, p: string): Promise<boolean> => u === 'cassandra' && p === 'cassandra';
  const server = new NodeHttpServer(env, routes, { host: '127.0.0.1', port: 0, checkSuperuser, authFailureDelayMs: 50 });
  const { port } = await server.start();
  const base = `http://127.0.0.1:${port}`;
  const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });
  try {
    const began = performance.now();
    const none = await fetch(`${base}/hello`);
    assert.ok(performance.now() - began >= 45, 'a refusal waits');
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Basic realm="ilium"/);
    assert.equal(((await none.json()) as { error: { message: string } }).error.message, 'Authentication failed! Credentials required');
    const wrong = await fetch(`${base}/nothing`, { headers: basic('cassandra', 'nope') });
    assert.equal(wrong.status, 401, 'unknown paths are refused too');
    assert.equal(((await wrong.json()) as { error: { message: string } }).error.message, 'Authentication failed! Invalid username or password');
    const ok = await fetch(`${base}/hello`, { headers: basic('cassandra', 'cassandra') });
    assert.equal(ok.status, 200);
  } finally {
    await server.close();
  }
});

test('Basic credentials: a password may hold colons; malformed headers carry none', () => {
  assert.deepEqual(basicCredentials(`Basic ${Buffer.from('u:p:q').toString('base64')}`), { user: 'u', password: 'p:q' });
  assert.deepEqual(basicCredentials('Bearer x'), {});
  assert.deepEqual(basicCredentials(undefined), {});
  assert.deepEqual(basicCredentials(`Basic ${Buffer.from('nocolon').toString('base64')}`), {});
});

test('the simulated network refuses HTTP with a ConfigurationError', async () => {
  const server = new NodeHttpServer(createSimEnv(1), routes, { host: '10.0.0.1', port: 9180 });
  await assert.rejects(server.start(), ConfigurationError);
});
