/** The admin port with authentication on (simulated network and time): credentials on every request, refusals delayed one at a time. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv, type SimEnv } from '../../env/index.js';
import { runFor, settle } from '../../../test/support/net-sim.js';
import { ADMIN_CREDENTIALS_INVALID, ADMIN_CREDENTIALS_REQUIRED, type SuperuserCheck } from './admin-auth.js';
import { adminRequestsPendingMax } from './admin-connection.js';
import { AdminServer } from './admin-server.js';
import { LineSplitter, adminCredentialBytesMax, parseAdminRequest } from './admin-wire.js';

const DELAY_MS = 1000;

async function setup(env: SimEnv) {
  const calls: string[] = [];
  // The node's check logs the role in and asks its superuser status (nodeSuperuserCheck); here, one superuser.
  const checkSuperuser: SuperuserCheck = async (name, password) => name === 'cassandra' && password === 'cassandra';
  const server = new AdminServer(env, async (command) => {
    calls.push(command);
    return { ran: command };
  }, { host: '127.0.0.1', port: 7199, checkSuperuser, authFailureDelayMs: DELAY_MS });
  const address = await server.start();
  const client = async () => {
    const socket = await env.net.connect(address);
    const received: { id: number | null; ok: boolean; error?: { type: string; message: string } }[] = [];
    const lines = new LineSplitter();
    socket.on('data', (c) => received.push(...lines.push(c).map((l) => JSON.parse(l))));
    return { received, send: (m: object) => socket.write(Buffer.from(`${JSON.stringify(m)}\n`)) };
  };
  return { server, calls, client };
}

test('with authentication on, a request without credentials or with wrong ones is refused after the delay and never runs', async () => {
  const env = createSimEnv(1);
  const { server, calls, client } = await setup(env);
  const c = await client();
  c.send({ id: 1, command: 'drain' });
  c.send({ id: 2, command: 'decommission', user: 'cassandra', password: 'wrong' });
  c.send({ id: 3, command: 'nosuchcommand', user: 'nobody', password: 'cassandra' });
  await settle();
  assert.equal(c.received.length, 0, 'no answer before the delay');
  await runFor(env, 3 * DELAY_MS + 10);
  assert.deepEqual(c.received.map((r) => [r.id, r.ok, r.error?.type, r.error?.message]), [
    [1, false, 'AuthenticationError', ADMIN_CREDENTIALS_REQUIRED],
    [2, false, 'AuthenticationError', ADMIN_CREDENTIALS_INVALID],
    [3, false, 'AuthenticationError', ADMIN_CREDENTIALS_INVALID],
  ]);
  assert.deepEqual(calls, []);
  await server.close();
});

test("a superuser's credentials run the command at once; refusals on other connections wait their turn, one delay each", async () => {
  const env = createSimEnv(2);
  const { server, calls, client } = await setup(env);
  const guessers = await Promise.all([client(), client(), client()]);
  guessers.forEach((g, i) => g.send({ id: i, command: 'drain', user: 'cassandra', password: `guess${i}` }));
  const admin = await client();
  admin.send({ id: 9, command: 'status', user: 'cassandra', password: 'cassandra' });
  await settle();
  assert.deepEqual(admin.received, [{ id: 9, ok: true, result: { ran: 'status' } }]);
  await runFor(env, DELAY_MS + 10);
  assert.equal(guessers.flatMap((g) => g.received).length, 1, 'one refusal per delay across connections');
  await runFor(env, 2 * DELAY_MS);
  assert.equal(guessers.flatMap((g) => g.received).length, 3);
  assert.deepEqual(calls, ['status']);
  await server.close();
});

test('a connection pipelining more requests than may wait is answered once and closed', async () => {
  const env = createSimEnv(4);
  const { server, client } = await setup(env);
  const c = await client();
  for (let i = 0; i <= adminRequestsPendingMax; i++) c.send({ id: i, command: 'drain' });
  await settle();
  assert.equal(c.received.length, 1);
  assert.match(c.received[0]!.error!.message, /^more than 64 requests pending on one connection$/);
  await runFor(env, (adminRequestsPendingMax + 1) * DELAY_MS);
  assert.equal(c.received.length, adminRequestsPendingMax + 1, 'the ones waiting are still answered');
  await server.close();
});

test('no SuperuserCheck for an authenticator without logins: requests run without credentials', async () => {
  const env = createSimEnv(3);
  const server = new AdminServer(env, async (command) => command, { host: '127.0.0.1', port: 7199 });
  const socket = await env.net.connect(await server.start());
  const received: unknown[] = [];
  const lines = new LineSplitter();
  socket.on('data', (c) => received.push(...lines.push(c).map((l) => JSON.parse(l))));
  socket.write(Buffer.from('{"id":1,"command":"status"}\n'));
  await settle();
  assert.deepEqual(received, [{ id: 1, ok: true, result: 'status' }]);
  await server.close();
});

test('credentials in the wire request: both or neither, strings, bounded', () => {
  assert.deepEqual(parseAdminRequest('{"id":1,"command":"x","user":"a","password":"b"}'), { id: 1, command: 'x', args: [], user: 'a', password: 'b' });
  assert.equal(parseAdminRequest('{"id":1,"command":"x","user":"a"}'), '"user" and "password" must be strings, given together');
  assert.equal(parseAdminRequest('{"id":1,"command":"x","user":"a","password":7}'), '"user" and "password" must be strings, given together');
  const long = 'é'.repeat(adminCredentialBytesMax / 2 + 1);
  assert.match(parseAdminRequest(`{"id":1,"command":"x","user":"a","password":"${long}"}`) as string, /at most 1024 bytes/);
});
