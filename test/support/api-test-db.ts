/**
 * Test support for the API's tests, on either backend:
 *  - 'embedded': `open()` on a temporary directory with a manual clock (batch commit-log sync);
 *  - 'remote': a real `ilium start` child process (ilium-process.ts) on a temporary directory and
 *    `connect()` to it over the CQL native protocol;
 *  - 'thrift': the same node reached with `connect({ protocol: 'thrift' })` on its Thrift port.
 * Both are reopenable on the same data (remote: the node is stopped and started again) and
 * removed on close. `elapse(s)` lets TTLs run out: the manual clock moves on embedded; remote
 * waits for real (so remote tests keep their TTLs to a second or two; a TTL counts from the whole second of the write, so give it 2 s when a read right after must still see the data).
 */
import { type ManualClock, tempEnv } from './temp-env.js';
import { type IliumProcess, startIliumProcess } from './ilium-process.js';
import type { Ilium } from '../../src/api/ilium.js';
import { type PartitionerName, open } from '../../src/api/open.js';
import { connect } from '../../src/api/remote/connect.js';

export type BackendKind = 'embedded' | 'remote' | 'thrift';
export const BACKENDS: readonly BackendKind[] = ['embedded', 'remote', 'thrift'];
/** The backends that carry CQL (`ks.table()`): not Thrift. */
export const CQL_BACKENDS: readonly BackendKind[] = ['embedded', 'remote'];

export interface TestDb {
  readonly db: Ilium;
  readonly backend: BackendKind;
  /** Lets `seconds` pass for TTLs. */
  elapse(seconds: number): Promise<void>;
  /** Closes and opens the same data again. */
  reopen(): Promise<TestDb>;
  close(): Promise<void>;
}

export async function openTestDb(partitioner: PartitionerName = 'Murmur3Partitioner', raw = false, backend: BackendKind = 'embedded'): Promise<TestDb> {
  return backend === 'embedded' ? openEmbedded(partitioner, raw) : openRemote(partitioner, raw, backend);
}

async function openEmbedded(partitioner: PartitionerName, raw: boolean): Promise<TestDb> {
  const t = tempEnv('ilium-api-');
  const clock: ManualClock = t.clock;
  const make = async (): Promise<TestDb> => {
    const db = await open({ dataDir: t.dir, env: t.env, partitioner, commitlogSync: 'batch', raw });
    return {
      db,
      backend: 'embedded',
      elapse: async (s) => clock.advanceSeconds(s),
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

async function openRemote(partitioner: PartitionerName, raw: boolean, backend: 'remote' | 'thrift'): Promise<TestDb> {
  const configYaml = `partitioner: org.apache.cassandra.dht.${partitioner}\n`;
  const first = await startIliumProcess({ configYaml });
  const make = async (node: IliumProcess): Promise<TestDb> => {
    let db: Ilium;
    try {
      db = backend === 'remote'
        ? await connect({ contactPoints: [`${node.host}:${node.port}`], raw })
        : await connect({ protocol: 'thrift', contactPoints: [`${node.host}:${node.thriftPort!}`], raw });
    } catch (e) {
      node.dispose();
      throw e;
    }
    return {
      db,
      backend,
      elapse: (s) => new Promise((resolve) => setTimeout(resolve, s * 1000)),
      reopen: async () => {
        await db.close();
        await node.stop();
        return make(await startIliumProcess({ dataDir: node.dataDir, configYaml }));
      },
      close: async () => {
        await db.close();
        await node.stop();
        first.dispose();
        if (node !== first) node.dispose();
      },
    };
  };
  return make(first);
}

/** Runs `fn` on a fresh database and always cleans up. */
export async function withTestDb(fn: (t: TestDb) => Promise<void>, partitioner?: PartitionerName, raw?: boolean, backend?: BackendKind): Promise<void> {
  let t = await openTestDb(partitioner, raw, backend);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}
