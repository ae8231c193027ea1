import { type Env, mkdirDurable } from '../env/index.js';
import type { CommitLogPosition } from './model/commit-log-position.js';

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
    this.path = `${dir}/truncations.json`;
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
    const tmp = `${this.path}.tmp`;
    const data = Buffer.from(JSON.stringify(this.records), 'utf8');
    const fd = this.env.fs.openSync(tmp, 'w');
    try {
      this.env.fs.writeSync(fd, data, 0, data.length, 0);
      this.env.fs.fsyncSync(fd);
    } finally {
      this.env.fs.closeSync(fd);
    }
    this.env.fs.renameSync(tmp, this.path);
    this.env.fs.fsyncDirSync(this.dir);
  }
}
