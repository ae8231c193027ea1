import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Env } from '../../env/env.js';
import { createRealEnv } from '../../env/real-env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { Mutation } from '../model/partition-update.js';
import { CommitLog } from './commit-log.js';
import { replayCommitLog, type ReplayOptions } from './commit-log-replayer.js';
import { freshDir, sampleMutation } from '../../../test/support/storage/commit-log-samples.js';
import type { ReplayReport } from './replay-report.js';
import {
  ENTRY_HEADER_BYTES,
  ENTRY_TRAILER_BYTES,
  SEGMENT_HEADER_BYTES,
  frameEntry,
  segmentFileName,
  segmentSalt,
} from './segment-format.js';

interface Written {
  readonly ms: Mutation[];
  readonly positions: CommitLogPosition[];
  readonly segmentIds: number[];
  /** The bytes of every segment as written, by id. */
  readonly files: Map<number, Buffer>;
}

/** Writes `counts[i]` mutations into segment i (forcing a new segment between groups). */
async function writeLog(env: Env, dir: string, counts: readonly number[]): Promise<Written> {
  const log = CommitLog.open({ env, dir, sync: 'batch' });
  const ms: Mutation[] = [];
  const positions: CommitLogPosition[] = [];
  for (const [g, n] of counts.entries()) {
    if (g > 0) log.forceNewSegment();
    for (let i = 0; i < n; i++) {
      const m = sampleMutation(ms.length);
      ms.push(m);
      positions.push(await log.add(m));
    }
  }
  const segmentIds = log.activeSegmentIds();
  await log.close();
  const files = new Map(segmentIds.map((id) => [id, env.fs.readFileSync(pathOf(dir, id))]));
  return { ms, positions, segmentIds, files };
}

const pathOf = (dir: string, id: number) => `${dir}/${segmentFileName(id)}`;

function replay(env: Env, dir: string, extra: Partial<ReplayOptions> = {}): { ms: Mutation[]; positions: CommitLogPosition[]; report: ReplayReport } {
  const ms: Mutation[] = [];
  const positions: CommitLogPosition[] = [];
  const report = replayCommitLog({ env, dir, onMutation: (m, p) => (ms.push(m), positions.push(p)), ...extra });
  return { ms, positions, report };
}

/** Restores every segment file to its written bytes (undoing the previous case's damage). */
function restore(env: Env, dir: string, w: Written): void {
  for (const [id, bytes] of w.files) env.fs.writeFileSync(pathOf(dir, id), bytes);
}

function flipBit(env: Env, path: string, offset: number, bit = 3): void {
  const b = env.fs.readFileSync(path);
  b[offset] = b[offset]! ^ (1 << bit);
  env.fs.writeFileSync(path, b);
}

describe('replayCommitLog', () => {
  const env = createRealEnv();
  let dir = '';
  let cleanup = () => {};
  let w: Written;
  let last = 0;
  /** Start offsets of the entries in the last segment. */
  let lastStarts: number[] = [];

  before(async () => {
    ({ dir, cleanup } = freshDir(env, 'replay'));
    w = await writeLog(env, dir, [6, 5, 12]);
    last = w.segmentIds[2]!;
    const ends = w.positions.filter((p) => p.segmentId === last).map((p) => p.offset);
    lastStarts = [SEGMENT_HEADER_BYTES, ...ends.slice(0, -1)];
  });
  after(() => cleanup());

  it('replays a clean log completely, with counts per segment', () => {
    restore(env, dir, w);
    const got = replay(env, dir);
    assert.deepStrictEqual(got.ms, w.ms);
    assert.deepStrictEqual(got.positions, w.positions);
    assert.equal(got.report.segmentsReplayed, 3);
    assert.deepEqual(got.report.segments.map((s) => s.entries), [6, 5, 12]);
    assert.equal(got.report.tornTail, null);
    assert.deepEqual(got.report.skipped, []);
  });

  it('a cut at every offset within the last two entries is a torn tail: truncated, reported, then clean', () => {
    const full = w.files.get(last)!;
    const path = pathOf(dir, last);
    const lastPositions = w.positions.filter((p) => p.segmentId === last);
    const firstCut = lastPositions[lastPositions.length - 3]!.offset;
    for (let k = firstCut; k <= full.length; k++) {
      restore(env, dir, w);
      env.fs.writeFileSync(path, full.subarray(0, k));
      const whole = w.positions.filter((p) => p.segmentId !== last || p.offset <= k).length;
      const boundary = w.positions[whole - 1]!.offset;
      const got = replay(env, dir);
      assert.deepStrictEqual(got.ms, w.ms.slice(0, whole), `cut at ${k}`);
      if (k === boundary) assert.equal(got.report.tornTail, null, `cut at entry boundary ${k}`);
      else assert.deepEqual(got.report.tornTail, { segmentId: last, offset: boundary, droppedBytes: k - boundary });
      assert.equal(env.fs.statSync(path).size, boundary);
      const again = replay(env, dir);
      assert.equal(again.report.tornTail, null);
      assert.equal(again.ms.length, whole);
    }
  });

  it('random or zeroed bytes appended after the last entry are a torn tail', () => {
    const path = pathOf(dir, last);
    const full = w.files.get(last)!;
    for (const tail of [env.random.bytes(1), env.random.bytes(7), env.random.bytes(300), env.random.bytes(5000), Buffer.alloc(4096)]) {
      restore(env, dir, w);
      env.fs.writeFileSync(path, Buffer.concat([full, tail]));
      const got = replay(env, dir);
      assert.deepStrictEqual(got.ms, w.ms);
      assert.deepEqual(got.report.tornTail, { segmentId: last, offset: full.length, droppedBytes: tail.length });
      assert.deepEqual(env.fs.readFileSync(path), full);
    }
  });

  it('a bit flip in the last entry is indistinguishable from a torn write: treated as torn', () => {
    restore(env, dir, w);
    const at = lastStarts[lastStarts.length - 1]!;
    flipBit(env, pathOf(dir, last), at + ENTRY_HEADER_BYTES + 5);
    const got = replay(env, dir);
    assert.deepStrictEqual(got.ms, w.ms.slice(0, -1));
    assert.equal(got.report.tornTail?.offset, at);
  });

  it('a bit flip in a middle entry (valid entries follow) is corruption', () => {
    const at = lastStarts[4]!;
    for (const offset of [at + 1, at + 5, at + ENTRY_HEADER_BYTES + 10, lastStarts[5]! - 2]) {
      restore(env, dir, w);
      flipBit(env, pathOf(dir, last), offset);
      assert.throws(
        () => replay(env, dir),
        (e: unknown) => e instanceof CorruptionError && e.offset === at && e.file === pathOf(dir, last),
        `flip at ${offset}`,
      );
    }
  });

  it('with ignoreReplayErrors a corrupt entry is skipped and reported, the rest replayed', () => {
    restore(env, dir, w);
    flipBit(env, pathOf(dir, last), lastStarts[4]! + ENTRY_HEADER_BYTES + 10);
    const got = replay(env, dir, { ignoreReplayErrors: true });
    const lostIndex = w.positions.findIndex((p) => p.segmentId === last) + 4;
    assert.deepStrictEqual(got.ms, w.ms.filter((_, i) => i !== lostIndex));
    assert.equal(got.report.skipped.length, 1);
    assert.deepEqual(
      { ...got.report.skipped[0]!, reason: '' },
      { segmentId: last, path: pathOf(dir, last), offset: lastStarts[4]!, length: lastStarts[5]! - lastStarts[4]!, reason: '' },
    );
    assert.match(got.report.skipped[0]!.reason, /payload checksum mismatch/);
    assert.equal(got.report.tornTail, null);
  });

  it('damage in a segment that is not the last is corruption, even at its tail', () => {
    const middle = w.segmentIds[1]!;
    const full = w.files.get(middle)!;
    restore(env, dir, w);
    env.fs.writeFileSync(pathOf(dir, middle), full.subarray(0, full.length - 3));
    assert.throws(() => replay(env, dir), (e: unknown) => e instanceof CorruptionError && e.file === pathOf(dir, middle));
    const got = replay(env, dir, { ignoreReplayErrors: true });
    assert.equal(got.ms.length, w.ms.length - 1);
    assert.equal(got.report.skipped.length, 1);
    assert.equal(env.fs.statSync(pathOf(dir, middle)).size, full.length - 3, 'not truncated');
  });

  it('a bad header is corruption unless it is a last segment with nothing in it', () => {
    restore(env, dir, w);
    flipBit(env, pathOf(dir, w.segmentIds[0]!), 9);
    assert.throws(() => replay(env, dir), (e: unknown) => e instanceof CorruptionError && e.offset === 0);
    const skipping = replay(env, dir, { ignoreReplayErrors: true });
    assert.deepStrictEqual(skipping.ms, w.ms, 'entries found by resync past the bad header');
    restore(env, dir, w);
    flipBit(env, pathOf(dir, last), 2);
    assert.throws(() => replay(env, dir), CorruptionError, 'last segment, but valid entries follow');
  });

  it('a short, empty or zeroed last segment (crash right after creation) is torn and removed', () => {
    for (const content of [Buffer.alloc(0), Buffer.from([0x49, 0x4c, 0x43]), Buffer.alloc(SEGMENT_HEADER_BYTES), Buffer.alloc(100)]) {
      restore(env, dir, w);
      const path = pathOf(dir, last + 1);
      env.fs.writeFileSync(path, content);
      const got = replay(env, dir);
      assert.deepStrictEqual(got.ms, w.ms);
      assert.deepEqual(got.report.tornTail, { segmentId: last + 1, offset: 0, droppedBytes: content.length });
      assert.equal(env.fs.existsSync(path), false);
      assert.equal(replay(env, dir).report.tornTail, null);
    }
  });

  it('an entry whose checksums hold but whose payload does not decode is corruption', () => {
    restore(env, dir, w);
    const full = w.files.get(last)!;
    const junk = Buffer.from([0x05, 0xff, 0xfe]);
    const entry = Buffer.alloc(ENTRY_HEADER_BYTES + junk.length + ENTRY_TRAILER_BYTES);
    junk.copy(entry, ENTRY_HEADER_BYTES);
    frameEntry(entry, 0, ENTRY_HEADER_BYTES + junk.length, segmentSalt(last));
    env.fs.writeFileSync(pathOf(dir, last), Buffer.concat([full, entry]));
    assert.throws(() => replay(env, dir), (e: unknown) => e instanceof CorruptionError && /does not decode/.test(e.message));
    const got = replay(env, dir, { ignoreReplayErrors: true });
    assert.equal(got.ms.length, w.ms.length);
    assert.equal(got.report.skipped[0]?.offset, full.length);
  });

  it('an exception from onMutation aborts the replay as is', () => {
    restore(env, dir, w);
    const boom = new Error('memtable refused');
    assert.throws(() => replayCommitLog({ env, dir, onMutation: () => { throw boom; } }), (e) => e === boom);
  });

  it('a missing or empty directory replays nothing', () => {
    const { dir: empty, cleanup: rm } = freshDir(env, 'empty');
    try {
      assert.equal(replay(env, empty).report.segmentsReplayed, 0);
      assert.equal(replay(env, `${empty}/nope`).report.entriesReplayed, 0);
    } finally {
      rm();
    }
  });
});
