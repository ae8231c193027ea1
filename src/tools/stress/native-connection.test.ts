/**
 * The native client's connection against servers that misbehave (a plain TCP listener on our
 * loopback address): one that never answers fails the connection within its response timeout
 * instead of hanging the run; one that closes rejects what was outstanding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Server, type Socket, createServer } from 'node:net';
import { createRealEnv } from '../../env/index.js';
import { NativeConnection, NativeConnectionError } from './native-connection.js';

const HOST = '127.0.43.22';

async function listen(onSocket: (s: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return { server, port: (server.address() as { port: number }).port };
}

test('a server that never answers: STARTUP fails with a timeout, not a hang', async () => {
  const sockets: Socket[] = [];
  const { server, port } = await listen((s) => void sockets.push(s.on('data', () => undefined)));
  const env = createRealEnv();
  const began = Date.now();
  try {
    await assert.rejects(NativeConnection.open(env.net, env.timers, { host: HOST, port }, 4, undefined, 200), (e: unknown) => e instanceof NativeConnectionError && /no response in 200 ms with 1 requests outstanding/.test(e.message));
    assert.ok(Date.now() - began < 2000, 'within the timeout, give or take a check');
  } finally {
    for (const s of sockets) s.destroy();
    server.close();
  }
});

test('a server that closes the connection: the outstanding request rejects', async () => {
  const { server, port } = await listen((s) => s.once('data', () => s.destroy()));
  const env = createRealEnv();
  try {
    await assert.rejects(NativeConnection.open(env.net, env.timers, { host: HOST, port }, 4), (e: unknown) => e instanceof NativeConnectionError && /closed by the node/.test(e.message));
  } finally {
    server.close();
  }
});
