import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Env } from '../../env/env.js';
import { createRealEnv } from '../../env/real-env.js';
import { ConfigurationError, EngineStateError, InvalidRequestError, OverloadedError, WriteFailureError } from '../../errors/ilium-error.js';
import { liveCell } from '../model/cell.js';
import { comparePositions, type CommitLogPosition } from '../model/commit-log-position.js';
import type { Mutation } from '../model/partition-update.js';
import { CommitLog } from './commit-log.js';
import type { CommitLogOptions } from './commit-log-options.js';
import { replayCommitLog } from './commit-log-replayer.js';
import { ProbedFileSystem, envWith, freshDir, mutationArb, sampleMutation, type FsEvent } from '../../../test/support/storage/commit-log-samples.js';
import type { ReplayReport } from './replay-report.js';
import type { SyncMode } from './sync-policy.js';

const MODES: readonly SyncMode[] = ['periodic', 'batch', 'group'];

function replayAll(env: Env, dir: string): { ms: Mutation[]; positions: CommitLogPosition[]; report: ReplayReport } {
  const ms: Mutation[] = [];
  const positions: CommitLogPosition[] = [];
  const report = replayCommitLog({ env, dir, onMutation: (m, p) => (ms.push(m), positions.push(p)) });
  return { ms, positions, report };
}

async function withLog(
  env: Env,
  opts: Omit<CommitLogOptions, 'env' | 'dir'>,
  body: (log: CommitLog, dir: string) => Promise<void>,
): Promise<void> {
  const { dir, cleanup } = freshDir(env, opts.sync);
  try {
    const log = CommitLog.open({ env, dir, ...opts });
    try {
      await body(log, dir);
    } finally {
      await log.close().catch(() => undefined);
    }
  } finally {
    cleanup();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The entry added when `events.length` was `before` was acked at `ackAt`: an fsync covering its write completed in between. */
function assertFsyncBetweenWriteAndAck(events: readonly FsEvent[], before: number, ackAt: number): void {
  const w = events.findIndex((e, i) => i >= before && e.kind === 'write');
  assert.ok(w >= 0 && w < ackAt, `entry written before its ack (write ${w}, ack ${ackAt})`);
  const fd = (events[w] as { fd: number }).fd;
  const covered = events.some(
    (e, i) =>
      i > w &&
      e.kind === 'fsync-start' &&
      e.fd === fd &&
      events.some((d, j) => j < ackAt && d.kind === 'fsync-done' && d.id === e.id),
  );
  assert.ok(covered, `no fsync started after write ${w} and completed before ack ${ackAt}`);
}

describe('CommitLog', () => {
  for (const sync of MODES) {
    it(`${sync}: mutations survive close and replay in order, at the positions add() returned`, async () => {
      const env = createRealEnv();
      const ms = Array.from({ length: 3000 }, (_, i) => sampleMutation(i));
      const random = fc.sample(mutationArb, { numRuns: 300, seed: 7 });
      const all = [...ms, ...random];
      let positions: CommitLogPosition[] = [];
      await withLog(env, { sync, groupWindowMs: 2, syncPeriodMs: 20, segmentSizeBytes: 64 * 1024 }, async (log, dir) => {
        positions = await Promise.all(all.map((m) => log.add(m)));
        for (let i = 1; i < positions.length; i++) assert.ok(comparePositions(positions[i - 1]!, positions[i]!) < 0);
        assert.deepEqual(log.currentPosition(), positions[positions.length - 1]);
        assert.ok(log.activeSegmentIds().length > 3, 'rolled over several segments');
        await log.close();
        const got = replayAll(env, dir);
        assert.deepStrictEqual(got.ms, all);
        assert.deepStrictEqual(got.positions, positions);
        assert.equal(got.report.tornTail, null);
        assert.equal(got.report.entriesReplayed, all.length);
        assert.equal(got.report.segmentsReplayed, log.activeSegmentIds().length);
      });
    });
  }

  for (const sync of ['batch', 'group'] as const) {
    it(`${sync}: an add resolves only after an fsync that started after its write`, async () => {
      const fs = new ProbedFileSystem();
      fs.fsyncDelayMs = 3;
      const env = envWith(fs);
      await withLog(env, { sync, groupWindowMs: 4 }, async (log) => {
        const pending: Promise<void>[] = [];
        for (let i = 0; i < 300; i++) {
          const before = fs.events.length;
          pending.push(log.add(sampleMutation(i)).then(() => assertFsyncBetweenWriteAndAck(fs.events, before, fs.events.length)));
          if (i % 25 === 0) await sleep(1);
        }
        await Promise.all(pending);
        assert.ok(fs.fsyncs < 100, `adds arriving during an fsync share the next one (${fs.fsyncs} fsyncs)`);
      });
    });
  }

  it('group: entries wait for the window, then one write and one fsync cover them all', async () => {
    const fs = new ProbedFileSystem();
    const env = envWith(fs);
    await withLog(env, { sync: 'group', groupWindowMs: 25 }, async (log) => {
      const writesBefore = fs.events.filter((e) => e.kind === 'write').length;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: 500 }, (_, i) => log.add(sampleMutation(i))));
      assert.ok(performance.now() - t0 >= 20, 'acked no earlier than the window');
      assert.equal(fs.fsyncs, 1);
      assert.equal(fs.events.filter((e) => e.kind === 'write').length - writesBefore, 1);
    });
  });

  it('periodic: acks once handed to the OS in one write per turn; fsyncs on the period and on sync()', async () => {
    const fs = new ProbedFileSystem();
    const env = envWith(fs);
    await withLog(env, { sync: 'periodic', syncPeriodMs: 40 }, async (log) => {
      const writesBefore = fs.events.filter((e) => e.kind === 'write').length;
      await Promise.all(Array.from({ length: 500 }, (_, i) => log.add(sampleMutation(i))));
      assert.equal(fs.fsyncs, 0, 'acked before any fsync');
      assert.equal(fs.events.filter((e) => e.kind === 'write').length - writesBefore, 1, 'one write for the turn');
      await sleep(100);
      assert.equal(fs.fsyncs, 1, 'the period synced what was written, once');
      await log.add(sampleMutation(501));
      await log.sync();
      assert.equal(fs.fsyncs, 2);
    });
  });

  it('rolls over at the size limit and deletes segments once every table in them is flushed', async () => {
    const env = createRealEnv();
    await withLog(env, { sync: 'batch', segmentSizeBytes: 4096 }, async (log, dir) => {
      const positions = await Promise.all(Array.from({ length: 200 }, (_, i) => log.add(sampleMutation(i))));
      const ids = log.activeSegmentIds();
      assert.ok(ids.length >= 5, `${ids.length} segments`);
      for (const id of ids) assert.ok(env.fs.statSync(`${dir}/CommitLog-${id}.log`).size <= 4096);
      // Flushed up to an entry in the third segment: the two before it go, it stays (later entries).
      const mid = positions.find((p) => p.segmentId === ids[2])!;
      for (const t of ['t0', 't1', 't2']) log.discardCompletedSegments(t, mid);
      assert.deepEqual(log.activeSegmentIds(), ids.slice(2));
      // One table flushed everywhere is not enough…
      const end = log.currentPosition();
      log.discardCompletedSegments('t0', end);
      assert.deepEqual(log.activeSegmentIds(), ids.slice(2));
      // …all of them is, except for the active segment.
      log.discardCompletedSegments('t1', end);
      log.discardCompletedSegments('t2', end);
      assert.deepEqual(log.activeSegmentIds(), ids.slice(-1));
      assert.deepEqual(env.fs.readdirSync(dir), [`CommitLog-${ids[ids.length - 1]}.log`]);
    });
  });

  it('a full segment is fsynced before its successor is created', async () => {
    const fs = new ProbedFileSystem();
    await withLog(envWith(fs), { sync: 'periodic', segmentSizeBytes: 4096 }, async (log) => {
      await Promise.all(Array.from({ length: 200 }, (_, i) => log.add(sampleMutation(i))));
      const opens = fs.events.flatMap((e, i) => (e.kind === 'open' && e.path.endsWith('.log') ? [{ i, fd: e.fd }] : []));
      assert.ok(opens.length >= 5);
      for (let k = 1; k < opens.length; k++) {
        const prev = opens[k - 1]!;
        const next = opens[k]!;
        let lastWrite = -1;
        for (let i = prev.i; i < next.i; i++) if (fs.events[i]!.kind === 'write' && (fs.events[i] as { fd: number }).fd === prev.fd) lastWrite = i;
        const synced = fs.events.some((e, i) => i > lastWrite && i < next.i && e.kind === 'fsync-done' && e.fd === prev.fd);
        assert.ok(synced, `segment ${k} fsynced after its last write and before segment ${k + 1} was created`);
      }
    });
  });

  it('over totalSpaceBytesMax, asks for the tables dirty in the oldest segment to be flushed', async () => {
    const env = createRealEnv();
    const asked: string[][] = [];
    const opts = { sync: 'batch', segmentSizeBytes: 4096, totalSpaceBytesMax: 3 * 4096 } as const;
    await withLog(env, { ...opts, onSpacePressure: (t) => asked.push([...t]) }, async (log) => {
      await Promise.all(Array.from({ length: 200 }, (_, i) => log.add(sampleMutation(i, i < 20 ? 'old' : 'new'))));
      await sleep(1);
      assert.ok(asked.length > 0);
      assert.deepEqual([...asked[0]!].sort(), ['new', 'old'], 'the oldest segment holds entries 0..~41');
      log.discardCompletedSegments('old', log.currentPosition());
      log.discardCompletedSegments('new', log.currentPosition());
      asked.length = 0;
      await log.add(sampleMutation(1));
      log.forceNewSegment();
      await sleep(1);
      assert.deepEqual(asked, [], 'under the limit again');
    });
  });

  it('forceNewSegment starts a new segment only when the active one holds entries', async () => {
    const env = createRealEnv();
    await withLog(env, { sync: 'periodic' }, async (log) => {
      const [first] = log.activeSegmentIds();
      log.forceNewSegment();
      assert.deepEqual(log.activeSegmentIds(), [first]);
      const p = log.add(sampleMutation(1));
      log.forceNewSegment();
      await p;
      const ids = log.activeSegmentIds();
      assert.equal(ids.length, 2);
      assert.ok(ids[1]! > ids[0]!);
      assert.deepEqual(log.currentPosition(), { segmentId: ids[1], offset: 20 });
    });
  });

  it('after replay, a reopened log keeps old segments dirty for their tables and never reuses an id', async () => {
    const env = createRealEnv();
    const { dir, cleanup } = freshDir(env, 'reopen');
    try {
      const log1 = CommitLog.open({ env, dir, sync: 'batch', segmentSizeBytes: 4096 });
      await Promise.all(Array.from({ length: 200 }, (_, i) => log1.add(sampleMutation(i, i < 100 ? 'a' : 'b'))));
      const oldIds = log1.activeSegmentIds();
      await log1.close();
      assert.throws(() => CommitLog.open({ env, dir, sync: 'batch' }), EngineStateError);
      const { report } = replayAll(env, dir);
      assert.deepEqual(new Set(report.segments.flatMap((s) => [...s.tables.keys()])), new Set(['a', 'b']));
      const log2 = CommitLog.open({ env, dir, sync: 'batch', replayed: report });
      const ids = log2.activeSegmentIds();
      assert.deepEqual(ids.slice(0, -1), oldIds);
      assert.ok(ids[ids.length - 1]! > Math.max(...oldIds));
      log2.discardCompletedSegments('a', log2.currentPosition());
      assert.ok(log2.activeSegmentIds().length < ids.length, 'segments holding only "a" are gone');
      log2.discardCompletedSegments('b', log2.currentPosition());
      assert.deepEqual(log2.activeSegmentIds(), ids.slice(-1));
      await log2.close();
      const log3 = CommitLog.open({ env, dir, sync: 'batch', replayed: replayAll(env, dir).report });
      // log2's active segment held no entries: it is clean, so it is deleted at open.
      const ids3 = log3.activeSegmentIds();
      assert.equal(ids3.length, 1);
      assert.ok(ids3[0]! > ids[ids.length - 1]!);
      await log3.close();
    } finally {
      cleanup();
    }
  });

  it('refuses a mutation larger than half a segment, and keeps working', async () => {
    const env = createRealEnv();
    await withLog(env, { sync: 'batch', segmentSizeBytes: 8192 }, async (log, dir) => {
      const big: Mutation = {
        tableId: 't',
        update: { key: Buffer.from('k'), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(Buffer.from('c'), Buffer.alloc(5000), 1n)] },
      };
      await assert.rejects(log.add(big), (e: unknown) => e instanceof InvalidRequestError && /max_mutation_size/.test(e.message));
      await log.add(sampleMutation(1));
      await log.close();
      assert.deepStrictEqual(replayAll(env, dir).ms, [sampleMutation(1)]);
    });
  });

  it('refuses adds beyond unackedAddsMax with OverloadedError', async () => {
    const env = createRealEnv();
    await withLog(env, { sync: 'group', groupWindowMs: 20, unackedAddsMax: 10 }, async (log) => {
      const ok = Array.from({ length: 10 }, (_, i) => log.add(sampleMutation(i)));
      await assert.rejects(log.add(sampleMutation(10)), OverloadedError);
      await Promise.all(ok);
      await log.add(sampleMutation(11));
    });
  });

  it('rejects unusable options with ConfigurationError', () => {
    const env = createRealEnv();
    const dir = '/nonexistent-never-created';
    assert.throws(() => CommitLog.open({ env, dir, sync: 'periodic', segmentSizeBytes: 100 }), ConfigurationError);
    assert.throws(() => CommitLog.open({ env, dir, sync: 'sometimes' as SyncMode }), ConfigurationError);
    assert.throws(() => CommitLog.open({ env, dir, sync: 'group', groupWindowMs: 0 }), ConfigurationError);
  });

  it('refuses adds after close', async () => {
    const env = createRealEnv();
    await withLog(env, { sync: 'periodic' }, async (log) => {
      await log.close();
      await assert.rejects(log.add(sampleMutation(1)), EngineStateError);
    });
  });

  for (const sync of MODES) {
    it(`${sync}: after a failed fsync, that add and every later one fail with WriteFailureError`, async () => {
      const fs = new ProbedFileSystem();
      await withLog(envWith(fs), { sync, groupWindowMs: 2, syncPeriodMs: 30 }, async (log) => {
        await log.add(sampleMutation(0));
        await log.sync();
        fs.failFsync = true;
        const pending = Array.from({ length: 5 }, (_, i) => log.add(sampleMutation(i + 1)));
        const isFailure = (e: unknown) => e instanceof WriteFailureError && /unknown state after a failed sync; restart the node/.test(e.message);
        if (sync === 'periodic') {
          await Promise.all(pending); // acked on write…
          await sleep(80); // …and the periodic fsync fails
        } else {
          for (const p of pending) await assert.rejects(p, isFailure);
        }
        fs.failFsync = false;
        await assert.rejects(log.add(sampleMutation(9)), isFailure);
        await assert.rejects(log.sync(), isFailure);
        assert.throws(() => log.forceNewSegment(), WriteFailureError);
      });
    });
  }

  it('a failed write fails the log; so does a failed fsync when sealing a full segment', async () => {
    const fs = new ProbedFileSystem();
    await withLog(envWith(fs), { sync: 'periodic' }, async (log) => {
      fs.failWrite = true;
      await assert.rejects(log.add(sampleMutation(0)), (e: unknown) => e instanceof WriteFailureError && /failed write/.test(e.message));
      fs.failWrite = false;
      await assert.rejects(log.add(sampleMutation(1)), WriteFailureError);
    });
    const fs2 = new ProbedFileSystem();
    await withLog(envWith(fs2), { sync: 'periodic', segmentSizeBytes: 4096 }, async (log) => {
      await log.add(sampleMutation(0));
      fs2.failFsync = true;
      const adds = Array.from({ length: 60 }, (_, i) => log.add(sampleMutation(i)));
      const results = await Promise.allSettled(adds);
      assert.ok(results.some((r) => r.status === 'rejected' && r.reason instanceof WriteFailureError));
      assert.equal(results[results.length - 1]!.status, 'rejected');
    });
  });

  describe('addAll (the partitions of one batch)', () => {
    for (const sync of MODES) {
      it(`${sync}: writes what as many add() calls would, in order; one ack covers them all`, async () => {
        const env = createRealEnv();
        const ms = Array.from({ length: 400 }, (_, i) => sampleMutation(i));
        await withLog(env, { sync, groupWindowMs: 2, syncPeriodMs: 20, segmentSizeBytes: 16 * 1024 }, async (log, dir) => {
          const acks: Promise<void>[] = [];
          const positions: CommitLogPosition[] = [];
          for (let i = 0; i < ms.length; i += 20) {
            const { refused, acked, position } = log.addAll(ms.slice(i, i + 20));
            assert.equal(refused, null, 'none refused');
            assert.ok(acked !== null && position !== null);
            acks.push(acked);
            positions.push(position);
          }
          // Batches appended in one turn with nothing written between them share one acknowledgement.
          assert.ok(new Set(acks).size < acks.length, 'acknowledgements shared');
          await Promise.all(acks);
          for (let i = 1; i < positions.length; i++) assert.ok(comparePositions(positions[i - 1]!, positions[i]!) < 0);
          assert.deepEqual(log.currentPosition(), positions[positions.length - 1]);
          assert.ok(log.activeSegmentIds().length > 2, 'rolled over inside batches');
          await log.close();
          const got = replayAll(env, dir);
          assert.deepStrictEqual(got.ms, ms);
          // Each batch's position is the one just past its last entry.
          for (let b = 0; b < positions.length; b++) assert.deepStrictEqual(got.positions[b * 20 + 19], positions[b]);
        });
      });
    }

    it('periodic: a batch that filled the write buffer (written at once) is still acked', async () => {
      const env = createRealEnv();
      await withLog(env, { sync: 'periodic', syncPeriodMs: 10_000, writeBatchBytesMax: 64 }, async (log) => {
        const { acked } = log.addAll(Array.from({ length: 5 }, (_, i) => sampleMutation(i)));
        await acked;
      });
    });

    it('batch: acks only after an fsync that started after the write', async () => {
      const fs = new ProbedFileSystem();
      fs.fsyncDelayMs = 3;
      const env = envWith(fs);
      await withLog(env, { sync: 'batch' }, async (log) => {
        const before = fs.events.length;
        await log.addAll(Array.from({ length: 20 }, (_, i) => sampleMutation(i))).acked;
        assertFsyncBetweenWriteAndAck(fs.events, before, fs.events.length);
      });
    });

    it('an oversized mutation refuses only itself; the others are written', async () => {
      const env = createRealEnv();
      await withLog(env, { sync: 'batch', segmentSizeBytes: 8192 }, async (log, dir) => {
        const big: Mutation = {
          tableId: 't',
          update: { key: Buffer.from('k'), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(Buffer.from('c'), Buffer.alloc(5000), 1n)] },
        };
        const { refused, acked } = log.addAll([sampleMutation(1), big, sampleMutation(2)]);
        assert.ok(refused !== null);
        assert.equal(refused[0], null);
        assert.ok(refused[1] instanceof InvalidRequestError && /max_mutation_size/.test(refused[1].message));
        assert.equal(refused[2], null);
        await acked;
        const { refused: alone, acked: none } = log.addAll([big]);
        assert.ok(alone?.[0] instanceof InvalidRequestError);
        assert.equal(none, null);
        await log.close();
        assert.deepStrictEqual(replayAll(env, dir).ms, [sampleMutation(1), sampleMutation(2)]);
      });
    });

    it('refuses every mutation beyond unackedAddsMax and after close', async () => {
      const env = createRealEnv();
      await withLog(env, { sync: 'group', groupWindowMs: 20, unackedAddsMax: 2 }, async (log) => {
        const a = log.addAll([sampleMutation(0), sampleMutation(1), sampleMutation(2)]);
        const b = log.addAll([sampleMutation(3)]);
        const c = log.addAll([sampleMutation(4), sampleMutation(5)]);
        assert.ok(c.refused !== null && c.refused.every((e) => e instanceof OverloadedError));
        assert.equal(c.acked, null);
        await Promise.all([a.acked, b.acked]);
        await log.close();
        const d = log.addAll([sampleMutation(6)]);
        assert.ok(d.refused?.[0] instanceof EngineStateError);
      });
    });
  });
});
