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

interface DriverEncoder {
  encode(value: unknown, type: unknown): Buffer | null;
}

/** Rows per page while scanning. */
const PAGE_ROWS = 500;

export class RemoteSession {
  /** Serializes values the driver decoded (collections, UDTs: no `<type>AsBlob` selects those) back to their bytes. */
  private readonly encoder: DriverEncoder;

  constructor(readonly client: cassandra.Client) {
    // The driver exports its Encoder without typings; protocol v4 frames values as Ilium does.
    const Encoder = (cassandra as unknown as { Encoder: new (version: number, options: unknown) => DriverEncoder }).Encoder;
    this.encoder = new Encoder(4, (client as unknown as { options: unknown }).options);
  }

  /** All rows of a statement (every page); `keyspace` is the session keyspace for unqualified names. */
  async rows(query: string, params: readonly unknown[] = [], keyspace?: string): Promise<RawRow[]> {
    const out: RawRow[] = [];
    await this.scan(query, params, (r) => {
      out.push(r);
      return true;
    }, keyspace);
    return out;
  }

  /** Visits rows page by page until `visit` returns false or the rows end. */
  async scan(query: string, params: readonly unknown[], visit: (row: RawRow) => boolean, keyspace?: string): Promise<void> {
    let pageState: string | undefined;
    for (;;) {
      const rs = await this.call(() => this.client.execute(query, params as unknown[], { prepare: true, fetchSize: PAGE_ROWS, pageState, ...(keyspace === undefined ? {} : { keyspace }) }));
      const columns = rs.columns ?? [];
      for (const row of rs.rows ?? []) {
        const values: (Buffer | null)[] = [];
        for (let i = 0; i < columns.length; i++) values.push(this.toBytes(row.get(i), columns[i]!.type));
        if (!visit(values)) return;
      }
      if (rs.pageState === null || rs.pageState === undefined || (rs.rows ?? []).length === 0) return;
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

  /** A selected value's bytes: blobs as they are, anything else serialized again by its type. */
  private toBytes(v: unknown, type: unknown): Buffer | null {
    if (v === null || v === undefined) return null;
    if (Buffer.isBuffer(v)) return v;
    return this.encoder.encode(v, type);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw fromDriverError(e);
    }
  }
}

