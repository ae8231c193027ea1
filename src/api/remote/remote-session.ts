/**
 * The remote backend's CQL session over one cassandra-driver Client: every statement prepared
 * (so the driver routes it to the replica owning its partition key: token-aware), rows returned
 * as arrays of raw column bytes (views select `<type>AsBlob(col)`), pages fetched lazily so a
 * reader can stop early, batches as one logged BATCH, and every driver error turned into Ilium's
 * typed error (driver-errors.ts).
 */
import cassandra from 'cassandra-driver';
import { fromDriverError } from './driver-errors.js';

/** One CQL row: each selected column's bytes, null when the column has no value. */
export type RawRow = readonly (Buffer | null)[];

export interface BatchEntry {
  readonly query: string;
  readonly params: readonly unknown[];
}

/** Rows per page while scanning. */
const PAGE_ROWS = 500;

export class RemoteSession {
  constructor(readonly client: cassandra.Client) {}

  /** All rows of a statement (every page). */
  async rows(query: string, params: readonly unknown[] = []): Promise<RawRow[]> {
    const out: RawRow[] = [];
    await this.scan(query, params, (r) => {
      out.push(r);
      return true;
    });
    return out;
  }

  /** Visits rows page by page until `visit` returns false or the rows end. */
  async scan(query: string, params: readonly unknown[], visit: (row: RawRow) => boolean): Promise<void> {
    let pageState: string | undefined;
    for (;;) {
      const rs = await this.call(() => this.client.execute(query, params as unknown[], { prepare: true, fetchSize: PAGE_ROWS, pageState }));
      const width = rs.columns?.length ?? 0;
      for (const row of rs.rows) {
        const values: (Buffer | null)[] = [];
        for (let i = 0; i < width; i++) values.push(toBytes(row.get(i)));
        if (!visit(values)) return;
      }
      if (rs.pageState === null || rs.pageState === undefined || rs.rows.length === 0) return;
      pageState = rs.pageState;
    }
  }

  /** A statement without rows (writes, schema changes). */
  async run(query: string, params: readonly unknown[] = []): Promise<void> {
    await this.call(() => this.client.execute(query, params as unknown[], { prepare: true }));
  }

  /** Statements as one logged BATCH (one alone is sent as itself). */
  async batch(entries: readonly BatchEntry[]): Promise<void> {
    if (entries.length === 0) return;
    if (entries.length === 1) return this.run(entries[0]!.query, entries[0]!.params);
    await this.call(() => this.client.batch(entries.map((e) => ({ query: e.query, params: e.params as unknown[] })), { prepare: true, logged: true }));
  }

  close(): Promise<void> {
    return this.client.shutdown();
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw fromDriverError(e);
    }
  }
}

/** Selected bytes: views select blobs, so values are Buffers (or null); anything else is a bug in a view. */
function toBytes(v: unknown): Buffer | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return v;
  throw new TypeError(`the remote backend selected a non-blob value (${typeof v})`);
}
