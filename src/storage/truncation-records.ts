import { type Env, mkdirDurable, replaceFileDurable } from '../env/index.js';
import type { CommitLogPosition } from './model/commit-log-position.js';

const TRUNCATIONS_FILE = 'truncations.json';

/**
 * Durable replay floors: for each table, the commit-log position before which its entries must not
 * be replayed because they were truncated away — or compacted away entirely, leaving no SSTable
 * whose bound would say so.
 *
 *   file = "truncations.json"  { "<tableId>": { "segmentId": n, "offset": n, "atMs": n }, … }
 *   written to a temporary file, fsynced, renamed over the old one, directory fsynced.
 */
export interface TruncationRecord extends CommitLogPosition {
  readonly atMs: number;
}

export class TruncationRecords {
  private readonly path: string;
  private records: Record<string, TruncationRecord>;

  constructor(
    private readonly env: Env,
    private readonly dir: string,
  ) {
    mkdirDurable(env.fs, dir);
    this.path = `${dir}/${TRUNCATIONS_FILE}`;
    this.records = env.fs.existsSync(this.path) ? (JSON.parse(env.fs.readFileSync(this.path).toString('utf8')) as Record<string, TruncationRecord>) : {};
  }

  get(tableId: string): TruncationRecord | undefined {
    return this.records[tableId];
  }

  all(): TruncationRecord[] {
    return Object.values(this.records);
  }

  set(tableId: string, rec: TruncationRecord): void {
    this.records = { ...this.records, [tableId]: rec };
    replaceFileDurable(this.env.fs, this.dir, TRUNCATIONS_FILE, Buffer.from(JSON.stringify(this.records), 'utf8'));
  }
}
