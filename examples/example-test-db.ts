/**
 * The examples' tests: each runs on a fresh database, embedded (a temporary directory) or remote
 * (a real `ilium start` child process reached with `connect()` over CQL, or over Thrift), so every
 * example is checked to give the same answers over every backend.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Ilium, type PartitionerName, open } from '../src/index.js';
import { type BackendKind, BACKENDS, openTestDb } from '../test/support/api-test-db.js';

export { BACKENDS, type BackendKind };

export async function withExampleDb<T>(fn: (db: Ilium) => Promise<T>, partitioner?: PartitionerName, backend: BackendKind = 'embedded'): Promise<T> {
  if (backend !== 'embedded') {
    const t = await openTestDb(partitioner, false, backend);
    try {
      return await fn(t.db);
    } finally {
      await t.close();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ilium-example-test-'));
  const db = await open({ dataDir, partitioner, commitlogSync: 'batch' });
  try {
    return await fn(db);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
