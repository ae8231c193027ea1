/**
 * Fuzzing the CQL server: 100k+ random and mutated frames over the simulated network (with
 * random TCP chunking), a smaller batch over real loopback TCP, and protocol v5 connections whose
 * mutated envelopes travel in segments (packed several to a segment, plain or lz4) with corrupted
 * segments among the killers. Every well-framed frame must
 * get exactly one answer on its stream and the connection must go on; frames that break the
 * framing are answered (or swallowed, for oversized bodies) and the connection closed; nothing
 * escapes the server's handlers; a canary connection keeps working throughout; declared sizes
 * never make the server allocate.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Env, type Network, SeededRandom, SimNetwork, createRealEnv, createSimEnv } from '../../env/index.js';
import { ErrorCode } from '../../errors/index.js';
import { buildFrame, HEADER_LENGTH } from '../protocol/index.js';
import { CqlServer } from './cql-server.js';
import { RecordingLogger } from './transport-logger.js';
import { CqlWireClient } from '../../../test/support/cql-wire-client.js';
import { FakeCqlHandler } from '../../../test/support/fake-cql-handler.js';
import { killerFrame, wellFramedFrame } from '../../../test/support/cql-fuzz.js';

const MAX_FRAME_MB = 1;
const MAX_FRAME_BYTES = MAX_FRAME_MB * 1024 * 1024;

interface FuzzStats {
  frames: number;
  answers: number;
  protocolErrors: number;
  otherErrors: number;
  results: number;
  killers: Record<string, number>;
  connections: number;
}

async function canaryCheck(canary: CqlWireClient): Promise<void> {
  const r = await canary.request({
    opcode: 'QUERY',
    query: "SELECT * FROM system.local WHERE key='local'",
    params: { consistency: 'ONE', values: [], skipMetadata: false },
  });
  assert.equal(r.response.opcode, 'RESULT', 'the canary connection still works');
}

/** Waits for `p` with a bound (real time), so a missing answer fails instead of hanging. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)));
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function fuzz(env: Env, net: Network, seed: number, targetFrames: number, perConnection: number, version = 4): Promise<FuzzStats> {
  const rng = new SeededRandom(seed);
  const fake = new FakeCqlHandler();
  const logger = new RecordingLogger();
  const server = new CqlServer(env, fake, { host: '127.0.0.1', port: 0, logger, nativeTransportMaxFrameSizeInMb: MAX_FRAME_MB });
  const address = await server.start();
  const canary = await CqlWireClient.connect(net, address);
  await canary.startup('lz4');
  const stats: FuzzStats = { frames: 0, answers: 0, protocolErrors: 0, otherErrors: 0, results: 0, killers: {}, connections: 0 };
  while (stats.frames < targetFrames) {
    const c = await CqlWireClient.connect(net, address);
    c.version = version;
    stats.connections++;
    // v5: segments begin with the answer to STARTUP, so every fuzzed envelope goes after one.
    if (version >= 5) await c.startup(rng.chance(0.5) ? 'lz4' : undefined);
    else if (rng.chance(0.5)) {
      const compression = [undefined, 'lz4', 'snappy'][rng.int(3)];
      await c.startup(compression);
    }
    const n = 1 + rng.int(perConnection);
    const batch: Buffer[] = [];
    for (let i = 0; i < n; i++) batch.push(wellFramedFrame(rng, i, version).bytes);
    c.sendRaw(c.framed(batch));
    stats.frames += n;
    await within(c.waitForUnsolicited(n), 20_000, `answers to ${n} frames (seed ${seed})`);
    assert.equal(c.unsolicited.length, n, 'one answer per well-framed frame');
    assert.ok(c.isOpen, 'well-framed frames never close the connection');
    for (const f of c.unsolicited) {
      stats.answers++;
      if (f.header.opcode === 0x00 && (f.header.flags & 1) === 0) {
        const code = f.body.readInt32BE(f.header.flags & 0x08 ? skipWarnings(f.body) : 0);
        if (code === ErrorCode.PROTOCOL_ERROR) stats.protocolErrors++;
        else stats.otherErrors++;
      } else if (f.header.opcode === 0x08) stats.results++;
    }
    if (rng.chance(0.5)) {
      const k = killerFrame(rng, MAX_FRAME_BYTES, version);
      stats.killers[k.kind] = (stats.killers[k.kind] ?? 0) + 1;
      stats.frames++;
      const before = c.unsolicited.length;
      c.sendRaw(k.bytes);
      if (k.kind === 'bad-version' || k.kind === 'negative-length' || k.kind === 'corrupt-segment') {
        await within(c.closed, 20_000, `close after ${k.kind}`);
        assert.equal(c.unsolicited.length + (c.unreadable ? 1 : 0), before + 1, `${k.kind} is answered before closing`);
      } else if (k.kind === 'oversized') {
        await within(c.waitForUnsolicited(before + 1), 20_000, 'answer to an oversized frame');
      }
    }
    c.close();
    await within(c.closed, 20_000, 'client close');
    if (stats.connections % 50 === 0) await canaryCheck(canary);
  }
  await canaryCheck(canary);
  // Server-side close of every fuzz connection has been seen; only the canary is left.
  for (let i = 0; i < 100 && server.connectionCount > 1; i++) await new Promise((r) => setTimeout(r, 10));
  assert.equal(server.connectionCount, 1, 'closed connections are released');
  assert.deepEqual(
    logger.entries.filter((e) => e.message.startsWith('connection handler failed')),
    [],
    'nothing escaped a connection handler',
  );
  assert.deepEqual(logger.entries.filter((e) => e.level === 'error' && !/non-Ilium/.test(e.message)), []);
  canary.close();
  await server.close();
  return stats;
}

/** Offset of the error code in an ERROR body that starts with warnings. */
function skipWarnings(body: Buffer): number {
  let at = 2;
  for (let n = body.readUInt16BE(0); n > 0; n--) at += 2 + body.readUInt16BE(at);
  return at;
}

test('fuzz: 100k+ random and mutated frames over the simulated network', { timeout: 300_000 }, async () => {
  const env = createSimEnv(2024);
  const net = new SimNetwork({ random: new SeededRandom(11), maxSegmentBytes: 1500 });
  const simEnv = { ...env, net };
  const started = Date.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const stats = await fuzz(simEnv, net, 20240601, 100_000, 400);
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(`sim fuzz: ${JSON.stringify(stats)} in ${Date.now() - started} ms, heap ${Math.round(heapBefore / 2 ** 20)} → ${Math.round(heapAfter / 2 ** 20)} MiB`);
  assert.ok(stats.frames >= 100_000);
  assert.ok(stats.protocolErrors > stats.frames / 4, 'most mutations are protocol errors');
  assert.ok(stats.results > 1000, 'and some are valid requests');
});

test('fuzz: a smaller batch over real loopback TCP', { timeout: 120_000 }, async () => {
  const env = createRealEnv();
  const stats = await fuzz(env, env.net, 777, 20_000, 300);
  console.log(`tcp fuzz: ${JSON.stringify(stats)}`);
  assert.ok(stats.frames >= 20_000);
});

test('fuzz: 20k+ random and mutated envelopes in v5 segments over the simulated network', { timeout: 300_000 }, async () => {
  const env = createSimEnv(2025);
  const net = new SimNetwork({ random: new SeededRandom(13), maxSegmentBytes: 1500 });
  const stats = await fuzz({ ...env, net }, net, 20250501, 20_000, 300, 5);
  console.log(`sim v5 fuzz: ${JSON.stringify(stats)}`);
  assert.ok(stats.frames >= 20_000);
  assert.ok((stats.killers['corrupt-segment'] ?? 0) > 5, 'corrupt segments were among the killers');
  assert.ok(stats.protocolErrors > stats.frames / 4, 'most mutations are protocol errors');
  assert.ok(stats.results > 200, 'and some are valid requests');
});

test('declared sizes allocate nothing: 300 connections each announcing a 1 MiB body, and lz4 bombs', async () => {
  const env = createSimEnv(9);
  const fake = new FakeCqlHandler();
  const server = new CqlServer(env, fake, { port: 9042, logger: new RecordingLogger(), nativeTransportMaxFrameSizeInMb: 1 });
  const address = await server.start();
  const before = process.memoryUsage();
  const clients: CqlWireClient[] = [];
  for (let i = 0; i < 300; i++) {
    const c = await CqlWireClient.connect(env.net, address);
    // Ready first: before it, a header above preAuthFrameBytesMax closes the connection (limits-before-auth.test.ts).
    await c.startup();
    const h = Buffer.alloc(HEADER_LENGTH + 10);
    h.set([4, 0, 0, 1, 0x05]);
    h.writeInt32BE(MAX_FRAME_BYTES, 5);
    c.sendRaw(h);
    clients.push(c);
  }
  await new Promise((r) => setImmediate(r));
  const after = process.memoryUsage();
  const grown = after.arrayBuffers + after.heapUsed - before.arrayBuffers - before.heapUsed;
  assert.ok(grown < 64 * 2 ** 20, `memory grew by ${grown} bytes for 300 × 1 MiB declared`);
  // An lz4 body claiming ~1 MiB from 5 bytes is refused before decompression.
  const c = clients[0]!;
  const d = await CqlWireClient.connect(env.net, address);
  await d.startup('lz4');
  const bomb = Buffer.from([0, 0x0f, 0xff, 0xff, 0, 1, 2, 3, 4]);
  const f = await d.requestRaw(buildFrame(4, false, 1, 3, 0x07, bomb), 3);
  assert.equal(f.body.readInt32BE(0), ErrorCode.PROTOCOL_ERROR);
  assert.ok(c.isOpen);
  for (const x of clients) x.close();
  d.close();
  await server.close();
});
