/** The admin protocol on the simulated network: answers in order, bad lines answered, never a crash. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv, type NetSocket } from '../../env/index.js';
import { InvalidRequestError } from '../../errors/index.js';
import { settle } from '../../../test/support/net-sim.js';
import { AdminServer } from './admin-server.js';
import { LineSplitter, MAX_ADMIN_LINE_BYTES, parseAdminRequest } from './admin-wire.js';

async function setup() {
  const env = createSimEnv(1);
  const calls: string[] = [];
  const server = new AdminServer(env, async (command, args) => {
    calls.push(`${command} ${args.join(' ')}`.trim());
    if (command === 'fail') throw new InvalidRequestError('no such thing');
    if (command === 'crash') throw new TypeError('a bug');
    if (command === 'slow') await new Promise((r) => setTimeout(r, 5));
    return { command, args };
  }, { host: '127.0.0.1', port: 7199 });
  const address = await server.start();
  const socket = await env.net.connect(address);
  const received: unknown[] = [];
  let closed = false;
  const lines = new LineSplitter();
  socket.on('data', (c) => received.push(...lines.push(c).map((l) => JSON.parse(l))));
  socket.on('close', () => (closed = true));
  return { server, socket, received, calls, isClosed: () => closed };
}

const send = (s: NetSocket, text: string) => s.write(Buffer.from(text));

test('requests are answered in order, split or coalesced, each with its id', async () => {
  const { server, socket, received } = await setup();
  send(socket, '{"id":1,"command":"slow"}\n{"id":2,"command":"status","ar');
  send(socket, 'gs":["a","b"]}\n');
  await new Promise((r) => setTimeout(r, 20));
  await settle();
  assert.deepEqual(received, [
    { id: 1, ok: true, result: { command: 'slow', args: [] } },
    { id: 2, ok: true, result: { command: 'status', args: ['a', 'b'] } },
  ]);
  await server.close();
});

test('typed errors keep their code; other failures are server errors; the connection lives on', async () => {
  const { server, socket, received } = await setup();
  send(socket, '{"id":1,"command":"fail"}\n{"id":2,"command":"crash"}\n{"id":3,"command":"ok"}\n');
  await settle();
  assert.deepEqual(received, [
    { id: 1, ok: false, error: { type: 'InvalidRequestError', code: 0x2200, message: 'no such thing' } },
    { id: 2, ok: false, error: { type: 'ServerError', code: 0, message: 'a bug' } },
    { id: 3, ok: true, result: { command: 'ok', args: [] } },
  ]);
  await server.close();
});

test('lines that are not requests are answered with a protocol error and reading goes on', async () => {
  const { server, socket, received, calls } = await setup();
  send(socket, 'not json\n[1]\n{"id":"x","command":"a"}\n{"id":1}\n{"id":1,"command":"a","args":[1]}\n\n{"id":9,"command":"fine"}\n');
  await settle();
  const errors = received.slice(0, 5) as { id: null; ok: false; error: { message: string } }[];
  assert.deepEqual(errors.map((e) => [e.id, e.ok]), Array(5).fill([null, false]));
  assert.deepEqual(errors.map((e) => e.error.message), [
    'the line is not JSON',
    'a request must be a JSON object',
    'a request needs an integer "id"',
    'a request needs a "command" string',
    '"args" must be a list of strings',
  ]);
  assert.deepEqual(received[5], { id: 9, ok: true, result: { command: 'fine', args: [] } });
  assert.deepEqual(calls, ['fine']);
  await server.close();
});

test('an oversized line is answered once and the connection closed', async () => {
  const { server, socket, received, isClosed } = await setup();
  send(socket, `{"id":1,"command":"${'x'.repeat(MAX_ADMIN_LINE_BYTES)}`);
  await settle();
  assert.equal(received.length, 1);
  assert.match((received[0] as { error: { message: string } }).error.message, /longer than/);
  assert.ok(isClosed());
  await server.close();
});

test('parseAdminRequest and LineSplitter edge cases', () => {
  assert.deepEqual(parseAdminRequest('{"id":3,"command":"x"}'), { id: 3, command: 'x', args: [] });
  const s = new LineSplitter(8);
  assert.deepEqual(s.push(Buffer.from('ab\ncd')), ['ab']);
  assert.deepEqual(s.push(Buffer.from('ef\n')), ['cdef']);
  assert.throws(() => s.push(Buffer.from('123456789')), RangeError);
});
