import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { cellName } from '../model/cell-name.js';
import { liveCell } from '../model/cell.js';
import { StorageEngine } from '../storage-engine.js';
import type { TableDef } from '../table-def.js';
import { BYTE_ORDER, tempEnv } from '../../../test/support/temp-env.js';
import { INLINE_FLUSH_BYTES_MAX } from './background-executor.js';

const T: TableDef = { id: '11111111-2222-3333-4444-777777777777', keyspace: 'ks', name: 't', partitioner: BYTE_ORDER, gcGraceSeconds: 10 };
const put = (key: string, value: Buffer) => ({ key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([Buffer.from('c')]), value, 1n)] });

test('a small flush is written on the calling thread (no worker started); a large one in the worker', async () => {
  const { env, dir, cleanup } = tempEnv();
  try {
    const e = await StorageEngine.open({ env, dataDir: dir, options: { autoSnapshot: false }, tables: [T] });
    const workerOf = (): unknown => (e as unknown as { executor: { worker: unknown } }).executor.worker;
    try {
      await e.apply(T.id, put('small', Buffer.alloc(100, 1)));
      await e.flush(T.id);
      assert.equal(workerOf(), null, 'a system-table-sized flush starts no worker thread');
      await e.apply(T.id, put('large', Buffer.alloc(INLINE_FLUSH_BYTES_MAX + 1, 2)));
      await e.flush(T.id);
      assert.notEqual(workerOf(), null, 'a larger flush goes to the worker');
      // Both flushes wrote an SSTable (its Data component) in the table's directory.
      const tableDir = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('Data.db'));
      assert.equal(tableDir.length, 2, tableDir.join(', '));
    } finally {
      await e.close();
    }
  } finally {
    cleanup();
  }
});
