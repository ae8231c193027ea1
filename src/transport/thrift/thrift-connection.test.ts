/**
 * Frames before a login on the Thrift server (simulated network): while the handler says the
 * peer must log in, a frame above the pre-login bound is answered TApplicationException
 * PROTOCOL_ERROR and the connection closed; after the login the configured frame limit applies.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../../env/index.js';
import { RecordingLogger } from '../server/transport-logger.js';
import { ThriftApplicationError } from './application-exception.js';
import { ThriftClientConnection } from './thrift-client-connection.js';
import type { ThriftConnectionHandler, ThriftReply } from './thrift-connection.js';
import type { MessageHeader, ThriftReader } from './thrift-reader.js';
import { ThriftServer, type ThriftServerOptions } from './thrift-server.js';
import { ThriftWriter } from './thrift-writer.js';
import { ApplicationExceptionType, MessageType, TType } from './thrift-wire.js';

/** Answers every call with an empty result; `login` logs the connection in when `required`. */
class LoginHandler implements ThriftConnectionHandler {
  private loggedIn = false;
  constructor(private readonly required: boolean) {}
  mustLogIn(): boolean {
    return this.required && !this.loggedIn;
  }
  handle(header: MessageHeader, args: ThriftReader): Promise<Buffer | null> {
    args.skip(TType.STRUCT);
    if (header.name === 'login') this.loggedIn = true;
    return Promise.resolve(new ThriftWriter().frame().messageBegin(header.name, MessageType.REPLY, header.seqid).fieldStop().finishFrame());
  }
}

async function setup(required: boolean, more: Partial<ThriftServerOptions> = {}) {
  const env = createSimEnv(3);
  const logger = new RecordingLogger();
  const server = new ThriftServer(env, () => new LoginHandler(required), { host: '127.0.0.1', port: 9160, maxFrameBytes: 64 * 1024, preLoginFrameBytes: 1024, logger, ...more });
  const address = await server.start();
  return { env, address, server, logger, open: () => ThriftClientConnection.open(env, address, 64 * 1024) };
}

/** A call whose argument struct carries one binary field of `bytes` bytes. */
function call(c: ThriftClientConnection, method: string, bytes: number): Promise<ThriftReader> {
  return c.call(method, (w) => w.fieldBegin(TType.STRING, 1).binary(Buffer.alloc(bytes)).fieldStop(), () => new ThriftWriter());
}

test('before a required login: a frame above the bound is answered PROTOCOL_ERROR and the connection closed', async () => {
  const { open, server } = await setup(true);
  const c = await open();
  await call(c, 'describe_version', 100);
  await assert.rejects(call(c, 'describe_keyspaces', 4000), (e: unknown) => {
    assert.ok(e instanceof ThriftApplicationError);
    assert.equal(e.type, ApplicationExceptionType.PROTOCOL_ERROR);
    assert.match(e.message, /exceeds the 1024 byte limit before login; closing the connection/);
    return true;
  });
  while (!c.closed || server.connectionCount > 0) await new Promise((r) => setImmediate(r));
});

test('after the login (or with no login required) frames up to the configured limit are read', async () => {
  for (const required of [true, false]) {
    const { open } = await setup(required);
    const c = await open();
    if (required) await call(c, 'login', 100);
    await call(c, 'batch_mutate', 32 * 1024);
    // Above the configured limit: answered and skipped, the connection goes on.
    await assert.rejects(call(c, 'batch_mutate', 80 * 1024), /exceeds the 65536 byte limit \(thrift_framed_transport_size_in_mb\)/);
    await call(c, 'describe_version', 10);
    assert.equal(c.closed, false);
  }
});

test('before a required login, partial frames of all connections together stay within the budget (beyond 4 KiB each): the one going over is closed, a logged-in client is served', async () => {
  const { env, address, server, open } = await setup(true, { preLoginFrameBytes: 60 * 1024, preLoginBufferedBytesMax: 100 * 1024 });
  const loggedIn = await open();
  await call(loggedIn, 'login', 100);
  // Each attacker announces a 50 KiB frame and sends 40 KiB of it: 36 KiB beyond its allowance.
  const partial = Buffer.alloc(4 + 40 * 1024);
  partial.writeInt32BE(50 * 1024, 0);
  const attackers = [];
  for (let i = 0; i < 4; i++) {
    const s = await env.net.connect(address);
    let closed = false;
    s.on('close', () => (closed = true));
    s.write(partial);
    attackers.push({ s, isClosed: () => closed });
  }
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  assert.deepEqual(attackers.map((a) => a.isClosed()), [false, false, true, true], 'two fit in 100 KiB, the next are closed');
  await call(loggedIn, 'describe_version', 10);
  // A closed attacker gives its bytes back.
  attackers[0]!.s.destroy();
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  const again = await env.net.connect(address);
  again.write(partial);
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  assert.equal(again.closed, false);
  assert.equal(server.connectionCount, 3);
});

/** Answers `large` in STEPS steps (each noted in `order`), any other call at once. */
class SteppedHandler implements ThriftConnectionHandler {
  static readonly STEPS = 5;
  constructor(private readonly order: string[]) {}
  handle(header: MessageHeader, args: ThriftReader): Promise<ThriftReply | null> {
    args.skip(TType.STRUCT);
    const order = this.order;
    const reply = (w: ThriftWriter) => w.frame().messageBegin(header.name, MessageType.REPLY, header.seqid);
    if (header.name !== 'large') return Promise.resolve(reply(new ThriftWriter()).fieldStop().finishFrame());
    function* steps(): Generator<void, Buffer, void> {
      const w = reply(new ThriftWriter()).fieldBegin(TType.LIST, 0).listBegin(TType.I32, SteppedHandler.STEPS);
      for (let i = 0; i < SteppedHandler.STEPS; i++) {
        order.push(`large step ${i}`);
        w.i32(i);
        if (i < SteppedHandler.STEPS - 1) yield;
      }
      return w.fieldStop().finishFrame();
    }
    return Promise.resolve(steps());
  }
}

test('a reply given as steps: one step per turn, other connections answered in between, its frame whole, replies in order', async () => {
  const env = createSimEnv(4);
  const order: string[] = [];
  const server = new ThriftServer(env, () => new SteppedHandler(order), { host: '127.0.0.1', port: 9160, logger: new RecordingLogger() });
  const address = await server.start();
  const c = await ThriftClientConnection.open(env, address, 64 * 1024);
  const other = await ThriftClientConnection.open(env, address, 64 * 1024);
  const noArgs = (w: ThriftWriter) => w.fieldStop();
  const large = c.call('large', noArgs, () => new ThriftWriter()).then((r) => {
    order.push('large answered');
    return r;
  });
  const after = c.call('small', noArgs, () => new ThriftWriter()).then(() => order.push('small after it, same connection'));
  const elsewhere = other.call('small', noArgs, () => new ThriftWriter()).then(() => order.push('small, another connection'));
  const r = await large;
  await elsewhere;
  await after;
  const answeredAt = order.indexOf('small, another connection');
  assert.ok(answeredAt > 0 && answeredAt < SteppedHandler.STEPS, `the other connection was answered between the steps: ${order.join(', ')}`);
  assert.deepEqual(order.filter((o) => !o.startsWith('small, another')), [...Array.from({ length: SteppedHandler.STEPS }, (_, i) => `large step ${i}`), 'large answered', 'small after it, same connection']);
  const f = r.fieldBegin();
  assert.deepEqual(f, { type: TType.LIST, id: 0 });
  const { size } = r.listBegin();
  assert.deepEqual(Array.from({ length: size }, () => r.i32()), [0, 1, 2, 3, 4]);
  // A connection closed while its reply is encoded: the steps stop there.
  order.length = 0;
  const gone = await ThriftClientConnection.open(env, address, 64 * 1024);
  void gone.call('large', noArgs, () => new ThriftWriter()).catch(() => undefined);
  // The simulated network runs a step per microtask: closed as soon as the first step ran.
  while (order.length === 0) await Promise.resolve();
  gone.destroy();
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  assert.ok(order.length < SteppedHandler.STEPS, `steps after the close: ${order.join(', ')}`);
  await server.close();
});
