/**
 * Damage on disk, engine level (issue 16 part 3): nothing is deleted at start without a log line,
 * incomplete SSTable sets are quarantined and their generations never reused, Summary and Filter
 * are rebuilt, other damage follows disk_failure_policy, a corrupt chunk read at run time is logged
 * with its file and position, and a failed commit log asks the node for commit_failure_policy's
 * action.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpSync, existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommitLogStoppedError, CorruptionError, WriteFailureError } from '../errors/index.js';
import { cellName } from './model/cell-name.js';
import { liveCell } from './model/cell.js';
import type { DiskFailurePolicy, FailureAction, LogLevel } from './disk-failure.js';
import { StorageEngine, type StorageEngineConfig } from './storage-engine.js';
import { type TableDef, tableDirName } from './table-def.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';
import { FaultyFileSystem } from '../../test/support/faulty-fs.js';

const T: TableDef = { id: '7b7b7b7b-0000-4000-8000-00000000d4a6', keyspace: 'ks', name: 'damage', partitioner: BYTE_ORDER, gcGraceSeconds: 0 };
const ALL = { slices: [{ start: Buffer.alloc(0), end: Buffer.from([0xff]) }], reversed: false };
const ROWS = 300;

interface Logged {
  readonly event: string;
  readonly fields: Record<string, unknown>;
  readonly level: LogLevel;
}

function recorder(): { lines: Logged[]; cfg: Pick<StorageEngineConfig, 'log' | 'onFailure'>; actions: FailureAction[] } {
  const lines: Logged[] = [];
  const actions: FailureAction[] = [];
  return { lines, actions, cfg: { log: (event, fields, level = 'info') => lines.push({ event, fields, level }), onFailure: (a) => actions.push(a) } };
}

const key = (i: number): Buffer => Buffer.from(`k${String(i).padStart(5, '0')}`);
const write = (e: StorageEngine, i: number): Promise<void> =>
  e.apply(T.id, { key: key(i), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('c')]), Buffer.from(`v${i}`.repeat(20)), 1n)] });

function countRows(e: StorageEngine): number {
  let n = 0;
  for (let i = 0; i < ROWS; i++) if (e.read(T.id, key(i), ALL) !== null) n++;
  return n;
}

const tableDir = (dir: string): string => join(dir, 'data', T.keyspace, tableDirName(T));
const gens = (dir: string): number[] => [...new Set(readdirSync(dir).filter((f) => f.startsWith('ila-')).map((f) => Number(f.split('-')[1])))].sort((a, b) => a - b);

/** A data directory with ROWS rows flushed into one SSTable (generation 1), closed cleanly. */
async function flushedDir(dir: string, policy: DiskFailurePolicy = 'stop'): Promise<void> {
  const { env } = tempEnv();
  const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], options: { commitlogSync: 'batch', compression: 'none', diskFailurePolicy: policy } });
  for (let i = 0; i < ROWS; i++) await write(e, i);
  await e.close();
}

describe('damage on disk at start', () => {
  it('a TOC-less set (a flush cut short) is quarantined with a WARN line, its rows replayed from the commit log, its generation never reused', async () => {
    const { env, dir, cleanup } = tempEnv('ilium-damage-');
    try {
      // The moment before the flush: the rows are in the commit log only.
      const before = join(dir, 'before');
      const e0 = await StorageEngine.open({ env, dataDir: before, tables: [T], options: { commitlogSync: 'batch', compression: 'none' } });
      for (let i = 0; i < ROWS; i++) await write(e0, i);
      cpSync(before, join(dir, 'crashed'), { recursive: true });
      await e0.close();
      // The flush wrote every component and died before its TOC.
      const crashed = tableDir(join(dir, 'crashed'));
      for (const f of readdirSync(tableDir(before))) if (f.startsWith('ila-') && !f.endsWith('TOC.txt')) cpSync(join(tableDir(before), f), join(crashed, f));
      const half = gens(crashed);
      assert.deepEqual(half, [1]);
      const rec = recorder();
      const e = await StorageEngine.open({ env, dataDir: join(dir, 'crashed'), tables: [T], ...rec.cfg });
      assert.equal(countRows(e), ROWS, 'every row is back from the commit log');
      const q = rec.lines.find((l) => l.event === 'sstables_quarantined');
      assert.ok(q !== undefined && q.level === 'warn', 'the move is logged at WARN');
      assert.ok((q.fields.files as string[]).includes('ila-1-Data.db'), 'the log line names the files');
      assert.deepEqual(readdirSync(join(crashed, 'quarantine')).sort(), (q.fields.files as string[]).sort(), 'every file is in quarantine/, none deleted');
      await e.flush();
      assert.ok(gens(crashed).every((g) => g > 1), `new generations ${gens(crashed).join(',')} are above the quarantined 1`);
      await e.close();
    } finally {
      cleanup();
    }
  });

  it('a corrupt Statistics.db is rebuilt by reading every partition (logged); counts and bounds match the original', async () => {
    const { env, dir, cleanup } = tempEnv('ilium-damage-');
    try {
      await flushedDir(dir);
      const e0 = await StorageEngine.open({ env, dataDir: dir, tables: [T] });
      const before = e0.table(T.id).sstables[0]!.stats;
      await e0.close();
      const path = join(tableDir(dir), 'ila-1-Statistics.db');
      const bytes = readFileSync(path);
      bytes[9] = bytes[9]! ^ 0x04;
      writeFileSync(path, bytes);
      const rec = recorder();
      const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], ...rec.cfg });
      assert.deepEqual(rec.lines.find((l) => l.event === 'sstable_components_rebuilt')?.fields.rebuilt, ['Statistics.db']);
      const after = e.table(T.id).sstables[0]!.stats;
      const same = (s: typeof before) => ({ ...s, createdAtMs: 0, commitLogUpperBound: null });
      assert.deepEqual(same(after), same(before), 'everything but the creation time and the commit-log bound (recorded nowhere else)');
      assert.equal(countRows(e), ROWS);
      await e.close();
    } finally {
      cleanup();
    }
  });

  it('a missing Filter.db and a corrupt Summary.db are rebuilt from Index.db, logged, and the data reads back', async () => {
    const { env, dir, cleanup } = tempEnv('ilium-damage-');
    try {
      await flushedDir(dir);
      const td = tableDir(dir);
      unlinkSync(join(td, 'ila-1-Filter.db'));
      const summary = join(td, 'ila-1-Summary.db');
      const bytes = readFileSync(summary);
      bytes[6] = bytes[6]! ^ 0x40;
      writeFileSync(summary, bytes);
      const rec = recorder();
      const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], ...rec.cfg });
      const line = rec.lines.find((l) => l.event === 'sstable_components_rebuilt');
      assert.deepEqual(line?.fields.rebuilt, ['Summary.db', 'Filter.db']);
      assert.equal(countRows(e), ROWS);
      await e.close();
      // The rebuilt set is whole: the next start rebuilds nothing.
      const again = recorder();
      const e2 = await StorageEngine.open({ env, dataDir: dir, tables: [T], ...again.cfg });
      assert.equal(again.lines.filter((l) => l.event === 'sstable_components_rebuilt').length, 0);
      assert.equal(countRows(e2), ROWS);
      await e2.close();
    } finally {
      cleanup();
    }
  });

  for (const policy of ['die', 'stop_paranoid', 'stop', 'best_effort', 'ignore'] as const) {
    it(`a corrupt CompressionInfo.db (not rebuildable) at start, disk_failure_policy ${policy}`, async () => {
      const { env, dir, cleanup } = tempEnv('ilium-damage-');
      try {
        await flushedDir(dir);
        const stats = join(tableDir(dir), 'ila-1-CompressionInfo.db');
        const bytes = readFileSync(stats);
        bytes[8] = bytes[8]! ^ 0x01;
        writeFileSync(stats, bytes);
        const rec = recorder();
        const open = StorageEngine.open({ env, dataDir: dir, tables: [T], options: { diskFailurePolicy: policy }, ...rec.cfg });
        if (policy === 'best_effort' || policy === 'ignore') {
          const e = await open;
          const skipped = rec.lines.find((l) => l.event === 'sstable_corrupt_skipped');
          assert.equal(skipped?.level, 'error');
          assert.equal(skipped?.fields.file, stats);
          assert.ok(!e.table(T.id).sstables.some((r) => r.generation === 1), 'the damaged sstable is not read');
          assert.ok(existsSync(stats), 'and not deleted');
          await e.close();
        } else {
          await assert.rejects(open, CorruptionError);
          assert.equal(rec.lines.find((l) => l.event === 'sstable_corrupt_at_start')?.fields.file, stats);
        }
      } finally {
        cleanup();
      }
    });
  }
});

describe('damage met at run time', () => {
  for (const policy of ['die', 'stop_paranoid', 'stop', 'best_effort', 'ignore'] as const) {
    it(`a corrupt chunk is logged with file and position; disk_failure_policy ${policy}`, async () => {
      const { env, dir, cleanup } = tempEnv('ilium-damage-');
      try {
        await flushedDir(dir);
        const rec = recorder();
        const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], options: { diskFailurePolicy: policy, compression: 'none' }, ...rec.cfg });
        const data = join(tableDir(dir), 'ila-1-Data.db');
        const bytes = readFileSync(data);
        const at = Math.floor(bytes.length / 2);
        bytes[at] = bytes[at]! ^ 0x20;
        writeFileSync(data, bytes);
        let failed = 0;
        for (let i = 0; i < ROWS; i++) {
          try {
            e.read(T.id, key(i), ALL);
          } catch (err) {
            assert.ok(err instanceof CorruptionError);
            failed++;
          }
        }
        assert.ok(failed > 0, 'some read met the damage');
        const line = rec.lines.find((l) => l.event === 'sstable_corruption');
        assert.equal(line?.level, 'error');
        assert.equal(line?.fields.file, data);
        assert.equal(typeof line?.fields.position, 'number');
        const expected: Record<DiskFailurePolicy, FailureAction[]> = { die: ['die'], stop_paranoid: ['stop_transports'], stop: [], best_effort: [], ignore: [] };
        assert.deepEqual([...new Set(rec.actions)], expected[policy]);
        // best_effort stops reading the damaged sstable at the first error; the others keep failing.
        assert.equal(failed === 1, policy === 'best_effort');
        await e.close();
      } finally {
        cleanup();
      }
    });
  }

  for (const [policy, action] of [['die', 'die'], ['stop_paranoid', 'stop_transports'], ['stop', 'stop_transports'], ['best_effort', 'none'], ['ignore', 'none']] as const) {
    it(`a flush that cannot make its SSTable durable, disk_failure_policy ${policy}: logged, writes stop, the node is asked to ${action}`, async () => {
      const { env, dir, cleanup } = tempEnv('ilium-damage-');
      try {
        const faulty = new FaultyFileSystem();
        const rec = recorder();
        // periodic sync with a long period: only the flush fsyncs while the fault is on.
        const e = await StorageEngine.open({ env: { ...env, fs: faulty }, dataDir: dir, tables: [T], options: { diskFailurePolicy: policy, commitlogSyncPeriodMs: 3_600_000, compactionInWorker: false }, ...rec.cfg });
        await write(e, 0);
        faulty.failFsync = true;
        await assert.rejects(e.flush(T.id));
        const line = rec.lines.find((l) => l.event === 'background_task_failed' && (l.fields as { task?: string }).task === 'flush');
        faulty.failFsync = false;
        assert.equal(line?.level, 'error');
        assert.deepEqual(rec.actions, action === 'none' ? [] : [action]);
        assert.equal(countRows(e), 1, 'reads are still served from the memtable');
        await e.close().catch(() => undefined);
      } finally {
        cleanup();
      }
    });
  }

  for (const [policy, action] of [['die', 'die'], ['stop', 'stop_transports'], ['stop_commit', 'none'], ['ignore', 'none']] as const) {
    it(`a failed commit-log write, commit_failure_policy ${policy}: logged once, writes fail, the node is asked to ${action}`, async () => {
      const { env, dir, cleanup } = tempEnv('ilium-damage-');
      try {
        const faulty = new FaultyFileSystem();
        const rec = recorder();
        const e = await StorageEngine.open({ env: { ...env, fs: faulty }, dataDir: dir, tables: [T], options: { commitFailurePolicy: policy, commitlogSync: 'batch', commitStoppedWaitMs: 100 }, ...rec.cfg });
        await write(e, 0);
        faulty.failFsync = true;
        await assert.rejects(write(e, 1), WriteFailureError);
        if (policy === 'stop_commit') {
          // Later writes wait on the stopped commit log (commitStoppedWaitMs), then time out.
          const t0 = Date.now();
          await assert.rejects(write(e, 2), CommitLogStoppedError);
          assert.ok(Date.now() - t0 >= 90, 'the write waited');
        } else {
          await assert.rejects(write(e, 2), WriteFailureError);
        }
        assert.equal(rec.lines.filter((l) => l.event === 'commit_log_failed' && l.level === 'error').length, 1);
        assert.deepEqual(rec.actions, action === 'none' ? [] : [action]);
        assert.equal(countRows(e), 1, 'reads are still served');
        await e.close().catch(() => undefined);
      } finally {
        cleanup();
      }
    });
  }
});
