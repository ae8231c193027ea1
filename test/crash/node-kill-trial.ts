/**
 * One kill -9 trial of a whole node (the trials script, trials.ts --level node): an `ilium start`
 * with `commitlog_sync` set to the mode takes prepared INSERTs from the npm cassandra-driver,
 * 64 in flight, each row (p, s, v) with s a sequence number, p = s mod 97 and v = "value-<s>";
 * a write counts as acknowledged when the driver's promise resolves. The chosen time after the
 * first acknowledgement the node gets SIGKILL; it restarts on the same directory and every acknowledged row must read back
 * with its value (a SELECT per partition, paged). The directory carries over from trial to trial,
 * so each restart replays on top of what the earlier ones left.
 */
import cassandra from 'cassandra-driver';
import type { CommitLogSync } from '../../src/storage/storage-options.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const PARTITIONS = 97;
const INFLIGHT = 64;
const INSERT = 'INSERT INTO trials.writes (p, s, v) VALUES (?, ?, ?)';

function clientOf(node: IliumProcess): cassandra.Client {
  return new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', isMetadataSyncEnabled: false, socketOptions: { readTimeout: 30_000 } });
}

/**
 * A node of the trials on `address` with `commitlog_sync: <mode>` (the window and period at their
 * defaults: group 2 ms, periodic 10 s); a fresh data directory unless `dataDir`.
 */
export function startTrialNode(address: string, mode: CommitLogSync, dataDir?: string): Promise<IliumProcess> {
  return startIliumProcess({ address, configYaml: `admin_address: ${address}\ncommitlog_sync: ${mode}\n`, ...(dataDir === undefined ? {} : { dataDir }) });
}

/** Creates the trials' table on a fresh node. */
export async function createTrialTable(node: IliumProcess): Promise<void> {
  const c = clientOf(node);
  try {
    await c.execute("CREATE KEYSPACE trials WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await c.execute('CREATE TABLE trials.writes (p int, s bigint, v text, PRIMARY KEY (p, s))');
  } finally {
    await c.shutdown();
  }
}

/** How long the first write may take to be acknowledged (driver connection and PREPARE included). */
const FIRST_ACK_TIMEOUT_MS = 30_000;

/**
 * Writes rows from `startSeq` on into `node` until it is killed `killAfterMs` after the first
 * write was acknowledged; resolves with the acknowledged sequence numbers once the process is gone.
 */
export async function writeUntilKilled(node: IliumProcess, startSeq: number, killAfterMs: number): Promise<number[]> {
  const c = clientOf(node);
  await c.connect();
  const acked: number[] = [];
  let next = startSeq;
  let killed = false;
  let firstAck!: () => void;
  const acknowledged = new Promise<void>((resolve) => (firstAck = resolve));
  const worker = async (): Promise<void> => {
    while (!killed) {
      const s = next++;
      try {
        await c.execute(INSERT, [s % PARTITIONS, cassandra.types.Long.fromNumber(s), `value-${s}`], { prepare: true });
        acked.push(s);
        firstAck();
      } catch {
        // unacknowledged: once the node is killed every write in flight fails, and may or may not be there
      }
    }
  };
  const workers = Array.from({ length: INFLIGHT }, worker);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), FIRST_ACK_TIMEOUT_MS)));
  const first = await Promise.race([acknowledged, late]);
  clearTimeout(timer);
  if (first !== 'late') await new Promise((r) => setTimeout(r, killAfterMs));
  // A write that resolves after SIGKILL was sent was answered before it arrived: acknowledged too.
  const kill = node.kill9();
  killed = true;
  await kill;
  await Promise.all(workers);
  await c.shutdown();
  if (first === 'late') throw new Error(`no write was acknowledged within ${FIRST_ACK_TIMEOUT_MS} ms:\n${node.output().slice(-2000)}`);
  return acked;
}

/**
 * Reads every partition of the table from `node`: the acknowledged sequence numbers it does not
 * hold (a wrong value counts as lost, the first one named in `wrong`).
 */
export async function lostRows(node: IliumProcess, acked: readonly number[]): Promise<{ lost: number[]; wrong: string | undefined }> {
  const c = clientOf(node);
  const present = new Set<number>();
  let wrong: string | undefined;
  try {
    for (let p = 0; p < PARTITIONS; p++) {
      let pageState: string | undefined;
      do {
        const rs = await c.execute('SELECT s, v FROM trials.writes WHERE p = ?', [p], { prepare: true, fetchSize: 5000, ...(pageState === undefined ? {} : { pageState }) });
        for (const row of rs.rows) {
          const s = (row['s'] as cassandra.types.Long).toNumber();
          if (row['v'] === `value-${s}`) present.add(s);
          else wrong ??= `row ${s} reads back as ${JSON.stringify(row['v'])}`;
        }
        pageState = rs.pageState ?? undefined;
      } while (pageState !== undefined);
    }
  } finally {
    await c.shutdown();
  }
  return { lost: acked.filter((s) => !present.has(s)), wrong };
}
