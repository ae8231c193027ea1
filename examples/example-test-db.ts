/** The examples' tests: each runs on a fresh embedded database in a temporary directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Ilium, type PartitionerName, open } from '../src/index.js';

export async function withExampleDb<T>(fn: (db: Ilium) => Promise<T>, partitioner?: PartitionerName): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ilium-example-test-'));
  const db = await open({ dataDir, partitioner, commitlogSync: 'batch' });
  try {
    return await fn(db);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
