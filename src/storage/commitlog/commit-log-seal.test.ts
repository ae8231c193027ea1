/**
 * A full segment is sealed (fsynced before its successor gets a byte) off the event loop
 * (issue 20, item 4): no synchronous fsync at rollover, adds go on meanwhile, and a crash while
 * the seal is in flight replays as a torn tail of the last file, never as corruption.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryFileSystem } from '../../env/memory-file-system.js';
import { createRealEnv } from '../../env/real-env.js';
import type { Mutation } from '../model/partition-update.js';
import { CommitLog } from './commit-log.js';
import { replayCommitLog } from './commit-log-replayer.js';
import { ProbedFileSystem, envWith, freshDir, sampleMutation } from '../../../test/support/storage/commit-log-samples.js';

/** Counts the synchronous fsyncs (the ones that would hold the event loop). */
class SyncCountingFs extends ProbedFileSystem {
  syncFsyncs = 0;
  override fsyncSync(fd: number): void {
    this.syncFsyncs++;
    super.fsyncSync(fd);
  }
}

test('rollover seals the full segment with an asynchronous fsync; adds made meanwhile land in the next segment after it', async () => {
  const fs = new SyncCountingFs();
  fs.fsyncDelayMs = 30;
  const env = envWith(fs);
  const { dir, cleanup } = freshDir(env, 'seal');
  try {
    const log = CommitLog.open({ env, dir, sync: 'periodic', syncPeriodMs: 10_000, segmentSizeBytes: 4096 });
    const acks: Promise<unknown>[] = [];
    for (let i = 0; i < 200; i++) acks.push(log.add(sampleMutation(i)));
    assert.ok(log.activeSegmentIds().length >= 3, `${log.activeSegmentIds().length} segments`);
    await Promise.all(acks);
    await log.close();
    // The fallback (a segment filled before its predecessor's seal returned) is the only sync fsync.
    const segments = log.activeSegmentIds().length;
    assert.ok(fs.syncFsyncs <= segments - 2, `${fs.syncFsyncs} synchronous fsyncs for ${segments} segments`);
    // Each segment file is opened only after the fsync of the one before completed.
    const opens = fs.events.flatMap((e, i) => (e.kind === 'open' && /CommitLog-/.test(e.path) ? [{ i, fd: e.fd }] : []));
    for (let s = 1; s < opens.length; s++) {
      const prevFd = opens[s - 1]!.fd;
      const sealed = fs.events.findIndex((e, i) => i < opens[s]!.i && e.kind === 'fsync-done' && e.fd === prevFd);
      assert.ok(sealed >= 0, `segment ${s} opened before segment ${s - 1} was synced`);
    }
    const replayed: Mutation[] = [];
    replayCommitLog({ env, dir, onMutation: (m) => replayed.push(m) });
    assert.deepStrictEqual(replayed, Array.from({ length: 200 }, (_, i) => sampleMutation(i)));
  } finally {
    cleanup();
  }
});

test('without the delay, rollover uses no synchronous fsync at all', async () => {
  const fs = new SyncCountingFs();
  const env = envWith(fs);
  const { dir, cleanup } = freshDir(env, 'seal-fast');
  try {
    const log = CommitLog.open({ env, dir, sync: 'batch', segmentSizeBytes: 4096 });
    for (let i = 0; i < 200; i++) await log.add(sampleMutation(i));
    assert.ok(log.activeSegmentIds().length >= 3);
    await log.close();
    assert.equal(fs.syncFsyncs, 0);
  } finally {
    cleanup();
  }
});

test('a crash while a seal is in flight replays cleanly: a prefix of the adds, nothing skipped as corruption', () => {
  const fs = new MemoryFileSystem();
  const env = { ...createRealEnv(), fs };
  fs.mkdirSync('/log');
  const log = CommitLog.open({ env, dir: '/log', sync: 'periodic', syncPeriodMs: 10_000, segmentSizeBytes: 4096 });
  for (let i = 0; i < 60; i++) void log.add(sampleMutation(i)).catch(() => undefined);
  assert.ok(log.activeSegmentIds().length >= 2);
  fs.crash({ tornWrites: true }); // before any fsync resolved: the sealing one never lands
  const replayed: Mutation[] = [];
  const report = replayCommitLog({ env, dir: '/log', onMutation: (m) => replayed.push(m) });
  assert.deepStrictEqual(replayed, Array.from({ length: replayed.length }, (_, i) => sampleMutation(i)));
  assert.equal(report.skipped.length, 0);
});
