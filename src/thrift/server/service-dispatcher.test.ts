// The Thrift server, the dispatcher and Ilium's client together over real loopback sockets,
// with a small service implementation standing in for the node's session.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRealEnv } from '../../env/index.js';
import { RecordingLogger } from '../../transport/server/transport-logger.js';
import { ApplicationExceptionType, MessageType, ThriftApplicationError, ThriftClientConnection, ThriftServer, ThriftWriter } from '../../transport/thrift/index.js';
import { connectThrift } from '../client/connect-thrift.js';
import { loadCassandraIdl } from '../idl/cassandra-idl.js';
import { ThriftException, notFound } from '../service/thrift-exceptions.js';
import { InvalidRequestError } from '../../errors/index.js';
import { ServiceDispatcher } from './service-dispatcher.js';

const idl = loadCassandraIdl();
const env = createRealEnv();

/** Keyspace per connection; a column store of one column family; a few failure modes. */
function fakeService(): object {
  const cells = new Map<string, Buffer>();
  let keyspace: string | undefined;
  return {
    describeVersion: async () => '19.4.0',
    setKeyspace: async (ks: string) => { keyspace = ks; },
    describeClusterName: async () => `cluster of ${keyspace ?? 'nobody'}`,
    insert: async (key: Buffer, parent: { columnFamily: string }, column: { name: Buffer; value: Buffer }) => {
      if (parent.columnFamily !== 'Users') throw new InvalidRequestError(`unconfigured columnfamily ${parent.columnFamily}`);
      cells.set(`${key.toString()}/${column.name.toString()}`, column.value);
    },
    get: async (key: Buffer, path: { column?: Buffer }) => {
      const v = cells.get(`${key.toString()}/${path.column?.toString()}`);
      if (v === undefined) throw notFound();
      return { column: { name: path.column, value: v, timestamp: 1n } };
    },
    truncate: async () => { throw notFound(); },
    describePartitioner: async () => { throw new Error('disk on fire'); },
  };
}

async function withServer(fn: (port: number, logger: RecordingLogger) => Promise<void>): Promise<void> {
  const logger = new RecordingLogger();
  const server = new ThriftServer(env, () => new ServiceDispatcher(idl, fakeService(), logger), { host: '127.0.0.1', port: 0, maxFrameBytes: 64 * 1024, logger });
  const { port } = await server.start();
  try {
    await fn(port, logger);
  } finally {
    await server.close();
  }
}

test('calls, results and declared exceptions travel both ways', () => withServer(async (port) => {
  const c = await connectThrift({ port, idl });
  try {
    assert.equal(await c.describeVersion(), '19.4.0');
    await c.setKeyspace('Twitter');
    assert.equal(await c.describeClusterName(), 'cluster of Twitter');
    await c.insert(Buffer.from('5'), { columnFamily: 'Users' }, { name: Buffer.from('screen_name'), value: Buffer.from('buttonscat'), timestamp: 1n });
    const got = await c.get(Buffer.from('5'), { columnFamily: 'Users', column: Buffer.from('screen_name') });
    assert.equal(got.column?.value.toString(), 'buttonscat');
    await assert.rejects(c.get(Buffer.from('6'), { columnFamily: 'Users', column: Buffer.from('x') }), (e: unknown) => e instanceof ThriftException && e.thriftName === 'NotFoundException');
    await assert.rejects(c.insert(Buffer.from('5'), { columnFamily: 'Nope' }, { name: Buffer.from('a'), value: Buffer.alloc(0), timestamp: 1n }),
      (e: unknown) => e instanceof ThriftException && e.thriftName === 'InvalidRequestException' && e.why === 'unconfigured columnfamily Nope');
    // truncate does not declare NotFoundException: it arrives as InvalidRequestException.
    await assert.rejects(c.truncate('Users'), (e: unknown) => e instanceof ThriftException && e.thriftName === 'InvalidRequestException' && e.why === 'NotFoundException');
    await assert.rejects(c.describePartitioner(), (e: unknown) => e instanceof ThriftApplicationError && e.type === ApplicationExceptionType.INTERNAL_ERROR && /disk on fire/.test(e.message));
    await assert.rejects(c.describeRing('x'), (e: unknown) => e instanceof ThriftApplicationError && e.type === ApplicationExceptionType.UNKNOWN_METHOD);
  } finally {
    await c.close();
  }
}));

test('pipelined calls are answered in order; each connection has its own state', () => withServer(async (port) => {
  const [a, b] = await Promise.all([connectThrift({ port, idl }), connectThrift({ port, idl })]);
  try {
    const pending = [a.setKeyspace('A'), a.describeClusterName(), b.describeClusterName(), b.setKeyspace('B'), b.describeClusterName()];
    const results = await Promise.all(pending);
    assert.deepEqual(results, [undefined, 'cluster of A', 'cluster of nobody', undefined, 'cluster of B']);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}));

test('unknown methods, unreadable arguments and oversized frames get replies; the connection goes on', () => withServer(async (port, logger) => {
  const conn = await ThriftClientConnection.open(env, { host: '127.0.0.1', port });
  try {
    await assert.rejects(conn.call('drop_everything', (w) => w.fieldStop(), () => new ThriftWriter()),
      (e: unknown) => e instanceof ThriftApplicationError && e.type === ApplicationExceptionType.UNKNOWN_METHOD && e.message === "Invalid method name: 'drop_everything'");
    // get's key sent as an i32: InvalidRequestException (get declares it), naming the field.
    const reply = await conn.call('get', (w) => w.fieldBegin(8, 1).i32(5).fieldStop(), () => new ThriftWriter());
    const result = idl.methods.get('get')!.result.read(reply);
    assert.deepEqual(result, { ire: { why: 'get_args.key: expected binary, got i32' } });
    // describe_version declares nothing: a protocol error comes back as TApplicationException.
    await assert.rejects(conn.call('describe_version', (w) => w.fieldBegin(11, 1).binary(Buffer.from([1, 2])), () => new ThriftWriter()),
      (e: unknown) => e instanceof ThriftApplicationError && e.type === ApplicationExceptionType.PROTOCOL_ERROR);
    await assert.rejects(conn.call('insert', (w) => w.fieldBegin(11, 1).binary(Buffer.alloc(100_000)).fieldStop(), () => new ThriftWriter()),
      (e: unknown) => e instanceof ThriftApplicationError && e.type === ApplicationExceptionType.PROTOCOL_ERROR && /exceeds the 65536 byte limit/.test(e.message));
    const ok = await conn.call('describe_version', (w) => w.fieldStop(), () => new ThriftWriter());
    assert.deepEqual(idl.methods.get('describe_version')!.result.read(ok), { success: '19.4.0' });
    assert.ok(logger.entries.some((e) => /exceeds/.test(e.message)));
  } finally {
    await conn.close();
  }
}));

test('a stream that is not framed Thrift is closed; the server keeps serving', () => withServer(async (port, logger) => {
  const raw = await env.net.connect({ host: '127.0.0.1', port });
  const closed = new Promise<void>((resolve) => raw.on('close', () => resolve()));
  raw.write(new ThriftWriter().messageBegin('describe_version', MessageType.CALL, 1).fieldStop().toBuffer());
  await closed;
  assert.ok(logger.entries.some((e) => /unframed/.test(e.message)));
  const c = await connectThrift({ port, idl });
  assert.equal(await c.describeVersion(), '19.4.0');
  await c.close();
}));
