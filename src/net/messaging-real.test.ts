/** MessagingService over the real network: two nodes on 127.0.0.x loopback addresses, ephemeral ports. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRealEnv } from '../env/index.js';
import { RecordingNetLogger } from '../../test/support/net-sim.js';
import { partition } from './fault-filters.js';
import { endpoint } from './inet-address.js';
import { MessagingService } from './messaging-service.js';
import { MessagingTimeoutError, RemoteFailureError } from './net-errors.js';

function node(host: string, logger = new RecordingNetLogger()): MessagingService {
  return new MessagingService({ env: createRealEnv(), listen: endpoint(host, 0), clusterName: 'Loopback', logger, reconnectInitialMs: 20 });
}

test('requests, failures, large messages and a partition hook over real sockets', async () => {
  const a = node('127.0.0.1');
  const b = node('127.0.0.2');
  const aAddr = await a.start();
  const bAddr = await b.start();
  try {
    assert.equal(bAddr.host, '127.0.0.2');
    assert.ok(bAddr.port > 0);
    b.registerHandler('READ', (m, reply) => reply.respond(Buffer.concat([Buffer.from('b:'), m.payload])));
    b.registerHandler('MUTATION', () => {
      throw new Error('refused');
    });
    a.registerHandler('ECHO', (m, reply) => reply.respond(m.payload));

    const rsps = await Promise.all(Array.from({ length: 50 }, (_, i) => a.request(bAddr, { verb: 'READ', payload: Buffer.from(String(i)) })));
    assert.deepEqual(rsps.map((r) => Buffer.from(r.payload).toString()), Array.from({ length: 50 }, (_, i) => `b:${i}`));
    assert.deepEqual((await b.request(aAddr, { verb: 'ECHO', payload: Buffer.from('back') })).payload, Buffer.from('back'));

    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const bigRsp = await a.request(bAddr, { verb: 'READ', payload: big });
    assert.equal(bigRsp.payload.length, big.length + 2);

    await assert.rejects(a.request(bAddr, { verb: 'MUTATION', payload: Buffer.alloc(0) }), RemoteFailureError);

    const split = a.filters.add(partition([aAddr], [bAddr]));
    await assert.rejects(a.request(bAddr, { verb: 'READ', payload: Buffer.alloc(0) }, { timeoutMs: 100 }), MessagingTimeoutError);
    split();
    assert.equal(Buffer.from((await a.request(bAddr, { verb: 'READ', payload: Buffer.from('x') })).payload).toString(), 'b:x');
  } finally {
    await a.shutdown();
    await b.shutdown();
  }
});

test('a peer restarted on the same address is reconnected to', async () => {
  const a = node('127.0.0.1');
  let b = node('127.0.0.3');
  await a.start();
  const bAddr = await b.start();
  b.registerHandler('ECHO', (m, reply) => reply.respond(m.payload));
  try {
    assert.equal((await a.request(bAddr, { verb: 'ECHO', payload: Buffer.from('1') })).payload.length, 1);
    await b.shutdown();
    // Let A see its connection close (a message written into a dying connection is lost, as on TCP).
    await new Promise((r) => setTimeout(r, 100));
    b = new MessagingService({ env: createRealEnv(), listen: bAddr, clusterName: 'Loopback' });
    await b.start();
    b.registerHandler('ECHO', (m, reply) => reply.respond(m.payload));
    const rsp = await a.request(bAddr, { verb: 'ECHO', payload: Buffer.from('22') }, { timeoutMs: 5000 });
    assert.equal(Buffer.from(rsp.payload).toString(), '22');
  } finally {
    await a.shutdown();
    await b.shutdown();
  }
});
