/** Hinted handoff on the simulated Env: storage, durability, delivery, throttling and the window. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv, type SimEnv } from '../env/index.js';
import { RecordingNetLogger, runFor, simAwait } from '../../test/support/net-sim.js';
import { HintsService, DEFAULT_HINTS_OPTIONS, type HintsLiveness, type HintsOptions } from './hints-service.js';
import { HintsStore } from './hints-store.js';

const DIR = '/data/hints';
const A = '11111111-1111-1111-1111-111111111111';
const B = '22222222-2222-2222-2222-222222222222';

/** Liveness the test sets by hand. */
class Liveness implements HintsLiveness {
  readonly down = new Map<string, number>();
  isAlive(t: string): boolean {
    return !this.down.has(t);
  }
  downSinceMs(t: string): number | null {
    return this.down.get(t) ?? null;
  }
  readonly dcs = new Map<string, string>();
  datacenterOf(t: string): string | null {
    return this.dcs.get(t) ?? null;
  }
}

/** Records deliveries; fails on demand. */
class Receiver {
  readonly got: { target: string; text: string; atMs: number }[] = [];
  failAt: number | null = null;
  constructor(private readonly env: SimEnv) {}
  deliver = async (target: string, payload: Uint8Array): Promise<void> => {
    if (this.failAt !== null && this.got.length === this.failAt) {
      this.failAt = null;
      throw new Error('replica timed out');
    }
    this.got.push({ target, text: Buffer.from(payload).toString(), atMs: this.env.clock.nowMs() });
  };
}

function service(env: SimEnv, live: Liveness, rx: Receiver, options: Partial<HintsOptions> = {}) {
  const logger = new RecordingNetLogger();
  const s = new HintsService(env, DIR, live, { deliver: rx.deliver }, { ...DEFAULT_HINTS_OPTIONS, throttleBytesPerSec: 0, ...options }, logger);
  return { s, logger };
}

const far = (env: SimEnv) => env.clock.nowMs() + 3600_000;
const texts = (rx: Receiver, target?: string) => rx.got.filter((g) => target === undefined || g.target === target).map((g) => g.text);

test('hints for a down replica are delivered in order when it comes back, and their files deleted', async () => {
  const env = createSimEnv(1);
  const live = new Liveness();
  const rx = new Receiver(env);
  const { s } = service(env, live, rx);
  live.down.set(A, env.clock.nowMs());
  for (let i = 0; i < 5; i++) assert.equal(s.hint(A, Buffer.from(`a${i}`), far(env)), true);
  assert.equal(s.hint(B, Buffer.from('b0'), far(env)), true);
  assert.deepEqual(s.pendingTargets(), [A, B]);
  live.down.delete(A);
  const r = await simAwait(env, s.dispatch(A));
  assert.deepEqual(r, { delivered: 5, expired: 0, damaged: 0, completed: true });
  assert.deepEqual(texts(rx), ['a0', 'a1', 'a2', 'a3', 'a4']);
  assert.deepEqual(s.pendingTargets(), [B], 'A has no files left');
  assert.equal(s.store.pendingBytes(A), 0);
  await s.stop();
  assert.equal(env.fs.openFdCount(), 0, 'no descriptor left open');
});

test('a failed delivery stops the run; the next run resumes at the hint that failed, sending none twice', async () => {
  const env = createSimEnv(2);
  const live = new Liveness();
  const rx = new Receiver(env);
  const { s } = service(env, live, rx);
  for (let i = 0; i < 6; i++) s.hint(A, Buffer.from(`h${i}`), far(env));
  rx.failAt = 3;
  const first = await simAwait(env, s.dispatch(A));
  assert.equal(first.completed, false);
  assert.equal(first.delivered, 3);
  assert.match(String(first.error), /timed out/);
  const second = await simAwait(env, s.dispatch(A));
  assert.deepEqual(second, { delivered: 3, expired: 0, damaged: 0, completed: true });
  assert.deepEqual(texts(rx), ['h0', 'h1', 'h2', 'h3', 'h4', 'h5']);
  assert.equal(s.stats.failedRuns, 1);
  await s.stop();
});

test('expired hints are dropped, not delivered', async () => {
  const env = createSimEnv(3);
  const rx = new Receiver(env);
  const { s } = service(env, new Liveness(), rx);
  s.hint(A, Buffer.from('short'), env.clock.nowMs() + 1_000);
  s.hint(A, Buffer.from('long'), far(env));
  env.clock.advanceToMicros((env.clock.nowMs() + 5_000) * 1000);
  const r = await simAwait(env, s.dispatch(A));
  assert.deepEqual(r, { delivered: 1, expired: 1, damaged: 0, completed: true });
  assert.deepEqual(texts(rx), ['long']);
  await s.stop();
});

test('no hints past the hint window, nor when hinted handoff is off', async () => {
  const env = createSimEnv(4);
  const live = new Liveness();
  const rx = new Receiver(env);
  const { s } = service(env, live, rx, { maxHintWindowMs: 60_000 });
  live.down.set(A, env.clock.nowMs());
  env.clock.advanceToMicros((env.clock.nowMs() + 59_000) * 1000);
  assert.equal(s.hint(A, Buffer.from('in window'), far(env)), true);
  env.clock.advanceToMicros((env.clock.nowMs() + 2_000) * 1000);
  assert.equal(s.hint(A, Buffer.from('past window'), far(env)), false);
  assert.equal(s.stats.refused, 1);
  await s.stop();
  const off = service(env, live, rx, { enabled: false }).s;
  assert.equal(off.hint(B, Buffer.from('x'), far(env)), false);
  await off.stop();
});

test('no hints for nodes of a data centre in hinted_handoff_disabled_datacenters; other data centres still hinted', async () => {
  const env = createSimEnv(5);
  const live = new Liveness();
  live.dcs.set(A, 'dc2');
  live.dcs.set(B, 'dc1');
  const rx = new Receiver(env);
  const { s } = service(env, live, rx, { disabledDatacenters: ['dc2'] });
  assert.equal(s.hint(A, Buffer.from('to dc2'), far(env)), false);
  assert.equal(s.hint(B, Buffer.from('to dc1'), far(env)), true);
  assert.deepEqual({ written: s.stats.written, refused: s.stats.refused }, { written: 1, refused: 1 });
  assert.deepEqual(s.pendingTargets(), [B]);
  await s.stop();
});

test('delivery is throttled to the configured bytes per second', async () => {
  const env = createSimEnv(5);
  const rx = new Receiver(env);
  // 20 hints of 100 payload bytes (129 bytes a record) at 1,000 bytes/s: ~2.45 s after the first.
  const { s } = service(env, new Liveness(), rx, { throttleBytesPerSec: 1_000 });
  for (let i = 0; i < 20; i++) s.hint(A, Buffer.alloc(100, 65 + i), far(env));
  const start = env.clock.nowMs();
  await simAwait(env, s.dispatch(A), 60_000, 5);
  const spans = rx.got.map((g) => g.atMs - start);
  assert.equal(spans.length, 20);
  assert.equal(spans[0], 0, 'the first hint goes at once');
  assert.ok(Math.abs(spans[19]! - 19 * 129) <= 10, `last hint at ${spans[19]} ms, want ~${19 * 129}`);
  await s.stop();
});

test('onAlive delivers at once; the periodic sweep finds hints left from before a restart', async () => {
  const env = createSimEnv(6);
  const live = new Liveness();
  const rx = new Receiver(env);
  const first = service(env, live, rx).s;
  live.down.set(A, env.clock.nowMs());
  first.hint(A, Buffer.from('before restart'), far(env));
  await simAwait(env, first.flush());
  // The process dies: power loss keeps only what was synced.
  env.fs.crash();
  const second = service(env, live, rx, { dispatchPeriodMs: 1_000 }).s;
  second.start();
  second.hint(A, Buffer.from('after restart'), far(env));
  await simAwait(env, new Promise((r) => env.timers.setTimeout(() => r(undefined), 3_000)));
  assert.deepEqual(texts(rx), [], 'nothing goes to a down replica');
  live.down.delete(A);
  second.onAlive(A);
  await simAwait(env, new Promise((r) => env.timers.setTimeout(() => r(undefined), 100)));
  assert.deepEqual(texts(rx), ['before restart', 'after restart']);
  await second.stop();
});

test('flushed hints survive power loss; unflushed ones may be lost but never come back damaged', async () => {
  const env = createSimEnv(7);
  const store = new HintsStore(env, DIR, { maxFileBytes: 300 });
  for (let i = 0; i < 10; i++) store.append(A, { createdAtMs: 0, expiresAtMs: far(env), payload: Buffer.from(`durable-${i}`) });
  await simAwait(env, store.flush());
  for (let i = 0; i < 10; i++) store.append(A, { createdAtMs: 0, expiresAtMs: far(env), payload: Buffer.from(`volatile-${i}`) });
  env.fs.crash({ tornWrites: true });
  const live = new Liveness();
  const rx = new Receiver(env);
  const { s } = service(env, live, rx);
  const r = await simAwait(env, s.dispatch(A));
  assert.equal(r.damaged, 0);
  const got = texts(rx);
  assert.deepEqual(got.slice(0, 10), Array.from({ length: 10 }, (_, i) => `durable-${i}`));
  assert.deepEqual(got.slice(10), Array.from({ length: got.length - 10 }, (_, i) => `volatile-${i}`), 'a prefix of the rest, in order');
  await s.stop();
});

test('files rotate at the size limit and are read oldest first; a damaged file is quarantined and reported, later files still delivered', async () => {
  const env = createSimEnv(8);
  const live = new Liveness();
  const rx = new Receiver(env);
  const { s, logger } = service(env, live, rx, { maxFileBytes: 100 });
  for (let i = 0; i < 12; i++) s.hint(A, Buffer.from(`r${String(i).padStart(2, '0')}`), far(env));
  s.store.seal(A);
  const files = s.store.files(A);
  assert.ok(files.length >= 3, `${files.length} files`);
  env.fs.corrupt(files[1]!, 30);
  const damagedBytes = env.fs.readFileSync(files[1]!);
  const r = await simAwait(env, s.dispatch(A));
  assert.equal(r.damaged, 1);
  assert.equal(r.completed, true);
  const got = texts(rx);
  assert.ok(got.length < 12 && got.length >= 12 - 4, `${got.length} delivered`);
  assert.deepEqual(got, [...got].sort(), 'oldest first');
  assert.ok(got.includes('r11'), 'the files after the damaged one are delivered');
  const quarantined = `${DIR}/_quarantine/${A}-${files[1]!.slice(files[1]!.lastIndexOf('/') + 1)}`;
  assert.deepEqual(env.fs.readFileSync(quarantined), damagedBytes, 'the damaged file is kept whole, aside');
  const failure = logger.entries.find((e) => e.event === 'background_task_failed');
  assert.equal(failure?.fields['task'], 'hints-file');
  assert.equal(failure?.fields['errorClass'], 'CorruptionError');
  assert.match(String(failure?.fields['message']), /_quarantine/);
  assert.deepEqual(s.store.files(A), []);
  assert.deepEqual(s.pendingTargets(), [], 'the quarantine folder is no target');
  await s.stop();
});

test('target names that are not safe file names are refused', () => {
  const env = createSimEnv(9);
  const store = new HintsStore(env, DIR, { maxFileBytes: 1000 });
  assert.throws(() => store.append('../etc', { createdAtMs: 0, expiresAtMs: 0, payload: Buffer.alloc(1) }), RangeError);
});

test('background delivery that throws or fails is reported to the supervisor, not left an unhandled rejection', async () => {
  const env = createSimEnv(12);
  let calls = 0;
  // Alive for the sweep, then the liveness check inside the delivery run throws.
  const live: HintsLiveness = {
    isAlive: () => {
      if (++calls > 1) throw new TypeError('liveness oracle broke');
      return true;
    },
    downSinceMs: () => null,
    datacenterOf: () => null,
  };
  const rx = new Receiver(env);
  const logger = new RecordingNetLogger();
  const s = new HintsService(env, DIR, live, { deliver: rx.deliver }, { ...DEFAULT_HINTS_OPTIONS, throttleBytesPerSec: 0, dispatchPeriodMs: 1_000 }, logger);
  s.hint(A, Buffer.from('x'), far(env));
  s.start();
  await runFor(env, 1_500);
  const failure = logger.entries.find((e) => e.event === 'background_task_failed');
  assert.deepEqual([failure?.fields['task'], failure?.fields['errorClass']], ['hints-dispatch', 'TypeError']);
  assert.match(String(failure?.fields['message']), new RegExp(`^target ${A}: liveness oracle broke`));
  await s.stop();
});
