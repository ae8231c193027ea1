/**
 * `connect({ protocol: 'thrift' })` beyond the calls the API tests share with the other backends:
 * contact points, an unknown session keyspace, `ks.table()` refused, a node that never answers
 * (the call fails within the request timeout and the next call connects again), keyspaces used
 * side by side on their own connections.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { AuthenticationError, IliumError, InvalidRequestError, NotFoundError, ReadTimeoutError, UnauthorizedError, UnavailableError, WriteTimeoutError } from '../../errors/index.js';
import { ThriftException, toThriftException } from '../../thrift/service/thrift-exceptions.js';
import { type IliumProcess, startIliumProcess } from '../../../test/support/ilium-process.js';
import type { Row } from '../js-values.js';
import { connect } from './connect.js';
import { fromThriftError } from './thrift-errors.js';

let node: IliumProcess;

before(async () => {
  node = await startIliumProcess({});
});

after(async () => {
  await node?.stop();
  node?.dispose();
});

const thriftPoint = () => `${node.host}:${node.thriftPort!}`;

/** A server that reads every request and never answers; `closed` counts connections the client closed. */
async function silentServer(): Promise<{ server: Server; port: number; sockets: Socket[]; closed: () => number }> {
  const sockets: Socket[] = [];
  let closed = 0;
  const server = createServer((s) => {
    sockets.push(s);
    s.on('data', () => undefined);
    s.on('close', () => closed++);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, sockets, closed: () => closed };
}

test('the first contact point that answers is used; none answering names each', async () => {
  const { server, port } = await silentServer();
  const deadPort = port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await assert.rejects(
    connect({ protocol: 'thrift', contactPoints: [`127.0.0.1:${deadPort}`] }),
    (e: unknown) => e instanceof IliumError && e.message.includes(`127.0.0.1:${deadPort}`) && /no contact point answered over Thrift/.test(e.message),
  );
  const db = await connect({ protocol: 'thrift', contactPoints: [`127.0.0.1:${deadPort}`, thriftPoint()] });
  try {
    assert.equal(db.partitioner, 'Murmur3Partitioner');
  } finally {
    await db.close();
  }
});

test('an unknown session keyspace is refused at connect; ks.table() is refused with the reason', async () => {
  await assert.rejects(connect({ protocol: 'thrift', contactPoints: [thriftPoint()], keyspace: 'NoSuchKs' }), InvalidRequestError);
  await assert.rejects(connect({ protocol: 'udp' as 'cql', contactPoints: [thriftPoint()] }), /protocol must be 'cql' or 'thrift'/);
  const db = await connect({ protocol: 'thrift', contactPoints: [thriftPoint()] });
  try {
    await db.loadSchema('{"TableKs":{"Cf":{"comparator_type":"UTF8Type"}}}');
    await assert.rejects(db.keyspace('TableKs').table('Cf').select({}), (e: unknown) => e instanceof InvalidRequestError && /connect with protocol 'cql'/.test(e.message));
  } finally {
    await db.close();
  }
});

test('two keyspaces used at once each keep their own connection (no set_keyspace race)', async () => {
  const db = await connect({ protocol: 'thrift', contactPoints: [thriftPoint()] });
  try {
    await db.loadSchema('{"KsA":{"Cf":{"comparator_type":"UTF8Type"}},"KsB":{"Cf":{"comparator_type":"UTF8Type"}}}');
    const a = db.keyspace('KsA');
    const b = db.keyspace('KsB');
    await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).insert('Cf', `k${i}`, { n: String(i) })));
    const [ra, rb] = await Promise.all([a.getRange<Row>('Cf', { count: 100 }), b.getRange<Row>('Cf', { count: 100 })]);
    assert.equal(ra.size, 25);
    assert.equal(rb.size, 25);
    for (const [, row] of ra) assert.equal(Number(row.get('n')) % 2, 0);
    for (const [, row] of rb) assert.equal(Number(row.get('n')) % 2, 1);
  } finally {
    await db.close();
  }
});

test('a node that never answers: the call fails within the request timeout, the connection is closed', async () => {
  const { server, port, sockets, closed } = await silentServer();
  try {
    const started = Date.now();
    await assert.rejects(
      connect({ protocol: 'thrift', contactPoints: [`127.0.0.1:${port}`], requestTimeoutMs: 300 }),
      (e: unknown) => e instanceof IliumError && /within 300 ms/.test(e.message),
    );
    assert.ok(Date.now() - started < 5_000, 'failed in about the timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(sockets.length, 1);
    assert.equal(closed(), 1, 'the stuck connection was closed');
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("the 0.7 exceptions a node's typed errors become, and back: Unavailable, TimedOut, Authorization, SchemaDisagreement", () => {
  const cases: [unknown, string, (e: unknown) => boolean][] = [
    [new UnavailableError('Cannot achieve consistency level QUORUM', 'QUORUM', 2, 1), 'UnavailableException', (e) => e instanceof UnavailableError && e.consistency === 'ONE'],
    [new WriteTimeoutError('timed out', 'QUORUM', 1, 2, 'SIMPLE'), 'TimedOutException', (e) => e instanceof WriteTimeoutError],
    [new ReadTimeoutError('timed out', 'QUORUM', 1, 2, false), 'TimedOutException', (e) => e instanceof WriteTimeoutError],
    [new UnauthorizedError('User u has no MODIFY permission'), 'AuthorizationException', (e) => e instanceof UnauthorizedError && /no MODIFY permission/.test(e.message)],
    [new AuthenticationError('bad credentials'), 'AuthenticationException', (e) => e instanceof AuthenticationError],
    [new NotFoundError('absent'), 'NotFoundException', (e) => e instanceof NotFoundError],
    [new InvalidRequestError('unconfigured columnfamily X'), 'InvalidRequestException', (e) => e instanceof InvalidRequestError && e.message === 'unconfigured columnfamily X'],
  ];
  for (const [error, thriftName, back] of cases) {
    const wire = toThriftException(error);
    assert.ok(wire instanceof ThriftException && wire.thriftName === thriftName, `${String(error)} → ${thriftName}`);
    // Read back by the API's Thrift mode (a write, at the consistency it sends).
    assert.ok(back(fromThriftError(wire, 'batch_mutate', 'write', 'ONE')), `${thriftName} back`);
  }
  const read = fromThriftError(new ThriftException('TimedOutException'), 'get_slice', 'read', 'ONE');
  assert.ok(read instanceof ReadTimeoutError);
  const disagreement = fromThriftError(new ThriftException('SchemaDisagreementException'), 'system_add_keyspace', 'schema', 'ONE');
  assert.ok(disagreement instanceof IliumError && /do not agree on the schema/.test(disagreement.message));
});
