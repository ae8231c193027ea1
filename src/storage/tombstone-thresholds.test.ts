/**
 * tombstone_warn_threshold and tombstone_failure_threshold at the engine: a read meeting more
 * tombstones than the warn threshold is logged; more than the failure threshold, aborted with
 * TombstoneOverwhelmingError (logged at ERROR); a scan counts across its partitions; the node's
 * own system keyspaces are exempt, as in Cassandra.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TombstoneOverwhelmingError } from '../errors/index.js';
import { cellName } from './model/cell-name.js';
import { liveCell, tombstoneCell } from './model/cell.js';
import type { LogLevel } from './disk-failure.js';
import { StorageEngine } from './storage-engine.js';
import type { TableDef } from './table-def.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';

const USER: TableDef = { id: '7b7b7b7b-0000-4000-8000-0000000070b5', keyspace: 'ks', name: 'graves', partitioner: BYTE_ORDER, gcGraceSeconds: 864_000 };
const LOCAL: TableDef = { id: '7b7b7b7b-0000-4000-8000-0000000070b6', keyspace: 'system', name: 'graves', partitioner: BYTE_ORDER, gcGraceSeconds: 864_000 };
const ALL = { slices: [{ start: Buffer.alloc(0), end: Buffer.from([0xff]) }], reversed: false };

/** Partition `key` with `live` live cells and `dead` deleted ones. */
async function fill(e: StorageEngine, t: TableDef, key: string, live: number, dead: number, nowSec: number): Promise<void> {
  const cells = [];
  for (let i = 0; i < live; i++) cells.push(liveCell(cellName([Buffer.from(`l${String(i).padStart(4, '0')}`)]), Buffer.from('v'), 1n));
  for (let i = 0; i < dead; i++) cells.push(tombstoneCell(cellName([Buffer.from(`d${String(i).padStart(4, '0')}`)]), 1n, nowSec));
  await e.apply(t.id, { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells });
}

test('reads over tombstone_warn_threshold are logged, over tombstone_failure_threshold aborted; scans count across partitions; system keyspaces exempt', async () => {
  const { env, dir, cleanup } = tempEnv('ilium-tombstones-');
  const lines: { event: string; fields: Record<string, unknown>; level: LogLevel }[] = [];
  try {
    const e = await StorageEngine.open({
      env, dataDir: dir, tables: [USER, LOCAL],
      options: { tombstoneWarnThreshold: 5, tombstoneFailureThreshold: 10, compactionInWorker: false },
      log: (event, fields, level = 'info') => lines.push({ event, fields, level }),
    });
    try {
      const now = Math.floor(env.clock.nowMs() / 1000);
      await fill(e, USER, 'few', 3, 4, now);
      await fill(e, USER, 'some', 3, 8, now);
      await fill(e, USER, 'many', 3, 11, now);
      await fill(e, LOCAL, 'many', 3, 50, now);

      assert.equal(e.read(USER.id, Buffer.from('few'), ALL)?.tombstones, 4);
      assert.deepEqual(lines.filter((l) => l.level !== 'info'), [], 'under both thresholds: nothing logged');

      assert.equal(e.read(USER.id, Buffer.from('some'), ALL)?.cells.length, 3, 'over the warn threshold the read is answered');
      const warned = lines.find((l) => l.event === 'tombstone_warning');
      assert.equal(warned?.level, 'warn');
      assert.equal(warned?.fields['message'], 'Read 3 live cells and 8 tombstone cells for query on ks.graves (see tombstone_warn_threshold)');

      assert.throws(() => e.read(USER.id, Buffer.from('many'), ALL), (err: unknown) => err instanceof TombstoneOverwhelmingError && err.tombstones === 11);
      const failed = lines.find((l) => l.event === 'tombstone_failure');
      assert.equal(failed?.level, 'error');
      assert.equal(failed?.fields['message'], 'Scanned over 11 tombstones during query on ks.graves; query aborted (see tombstone_failure_threshold)');

      // 4 + 8 in the first two partitions a scan meets: over 10 across them, though each alone is not.
      assert.throws(() => e.scan(USER.id, undefined, undefined, ALL, 2), TombstoneOverwhelmingError);
      // The node's own keyspace: no bound, no warning.
      const before = lines.length;
      assert.equal(e.read(LOCAL.id, Buffer.from('many'), ALL)?.tombstones, 50);
      assert.equal(lines.length, before);
    } finally {
      await e.close();
    }
  } finally {
    cleanup();
  }
});

test('-1 turns either threshold off', async () => {
  const { env, dir, cleanup } = tempEnv('ilium-tombstones-');
  const lines: string[] = [];
  try {
    const e = await StorageEngine.open({ env, dataDir: dir, tables: [USER], options: { tombstoneWarnThreshold: -1, tombstoneFailureThreshold: -1, compactionInWorker: false }, log: (event) => lines.push(event) });
    try {
      await fill(e, USER, 'many', 1, 500, Math.floor(env.clock.nowMs() / 1000));
      assert.equal(e.read(USER.id, Buffer.from('many'), ALL)?.tombstones, 500);
      assert.ok(!lines.some((l) => l.startsWith('tombstone_')));
    } finally {
      await e.close();
    }
  } finally {
    cleanup();
  }
});
