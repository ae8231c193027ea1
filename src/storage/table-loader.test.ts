import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, unlinkSync } from 'node:fs';
import { writeJournal } from './compaction/compaction-journal.js';
import { cellName } from './model/cell-name.js';
import { liveCell } from './model/cell.js';
import { ChunkCache } from './sstable/index.js';
import { StorageEngine } from './storage-engine.js';
import { type TableDef, tableDirName } from './table-def.js';
import { loadSSTables } from './table-loader.js';
import { BYTE_ORDER, tempEnv } from '../../test/support/temp-env.js';

const T: TableDef = { id: '9a9a9a9a-0000-4000-8000-000000000009', keyspace: 'ks', name: 'loader', partitioner: BYTE_ORDER, gcGraceSeconds: 0 };

// Regression: a SIGKILL while compaction deleted its inputs left an input with its TOC but without
// its Data component; startup tried to open it to delete it and failed with CorruptionError.
test('a compaction input half-deleted by a crash is removed on load, the output kept', async () => {
  const { env, dir, cleanup } = tempEnv();
  try {
    const e = await StorageEngine.open({ env, dataDir: dir, tables: [T], options: { autoSnapshot: false } });
    for (const k of ['a', 'b']) {
      await e.apply(T.id, { key: Buffer.from(k), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('c')]), Buffer.from('v'), 1n)] });
      await e.flush();
    }
    await e.close();
    const tableDir = `${dir}/data/ks/${tableDirName(T)}`;
    writeJournal(env, tableDir, 2, [1]);
    unlinkSync(`${tableDir}/${readdirSync(tableDir).find((f) => f.startsWith('ila-1-') && f.endsWith('Data.db'))!}`);
    const { readers } = loadSSTables(env, tableDir, new ChunkCache(1 << 20), { policy: 'stop', log: () => undefined });
    assert.deepEqual(readers.map((r) => r.generation), [2]);
    assert.equal(readdirSync(tableDir).filter((f) => f.startsWith('ila-1-')).length, 0, 'every file of the input is gone');
    assert.equal(readdirSync(tableDir).filter((f) => f.endsWith('.journal')).length, 0, 'the journal is gone');
    for (const r of readers) r.close();
  } finally {
    cleanup();
  }
});
