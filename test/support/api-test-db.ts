/**
 * Test support for the API's tests: an embedded database in a temporary directory with a manual
 * clock (batch commit-log sync), reopenable on the same directory, removed on close.
 */
import type { Env } from '../../src/env/index.js';
import { type ManualClock, tempEnv } from './temp-env.js';
import type { Ilium } from '../../src/api/ilium.js';
import { type PartitionerName, open } from '../../src/api/open.js';

export interface TestDb {
  readonly db: Ilium;
  readonly clock: ManualClock;
  readonly env: Env;
  /** Closes and opens the same directory again. */
  reopen(): Promise<TestDb>;
  close(): Promise<void>;
}

export async function openTestDb(partitioner: PartitionerName = 'Murmur3Partitioner', raw = false): Promise<TestDb> {
  const t = tempEnv('ilium-api-');
  const make = async (): Promise<TestDb> => {
    const db = await open({ dataDir: t.dir, env: t.env, partitioner, commitlogSync: 'batch', raw });
    return {
      db,
      clock: t.clock,
      env: t.env,
      reopen: async () => {
        await db.close();
        return make();
      },
      close: async () => {
        await db.close();
        t.cleanup();
      },
    };
  };
  return make();
}

/** Runs `fn` on a fresh database and always cleans up. */
export async function withTestDb(fn: (t: TestDb) => Promise<void>, partitioner?: PartitionerName, raw?: boolean): Promise<void> {
  let t = await openTestDb(partitioner, raw);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}
