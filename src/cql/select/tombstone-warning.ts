/**
 * tombstone_warn_threshold, as the client sees it. Cassandra 4.0's ReadCommand counts the live
 * rows and tombstones of each read it runs and, above the threshold, logs a warning and adds it to
 * the response's warnings (ClientWarn) — checked in apache/cassandra db/ReadCommand.java,
 * `MetricRecording.onClose`. The engine logs each such read already; this sends the client the
 * first one of its request (one warning per response, however many internal pages a long read
 * takes), in Cassandra's words:
 *   Read 5 live rows and 1200 tombstone cells for query SELECT * FROM ks.t WHERE k = 1 (see tombstone_warn_threshold)
 * The query is the read that met them, written as Cassandra writes a read command (`SELECT * FROM
 * ks.t` and the partition key, or the table alone for a scan step), cut at 512 characters.
 *
 * Only reads that ran on this node carry their tombstone count (PartitionResult.tombstones): on a
 * ring, a read served by other replicas is logged by them, and not sent to the client (as in
 * Cassandra 4.0, whose replicas send no warnings back).
 */
import { TOMBSTONE_EXEMPT_KEYSPACES } from '../../storage/storage-options.js';
import { decodePartitionKey } from '../../db/cql-layout/partition-key.js';
import { formatLiteral } from '../../marshal/index.js';
import type { TableRef } from '../execution/table-lookup.js';

/** Cassandra's `%1.512s`: the query is cut to its first 512 characters. */
const QUERY_CHARS_MAX = 512;

export class TombstoneWarning {
  private sent = false;

  constructor(
    private readonly table: TableRef,
    private readonly threshold: number,
    private readonly warn: (message: string) => void,
  ) {}

  /** Whether reads of this table are checked at all (a threshold of -1 and system tables are not). */
  get active(): boolean {
    return !this.sent && this.threshold >= 0 && !TOMBSTONE_EXEMPT_KEYSPACES.has(this.table.cf.keyspace);
  }

  /** One read met `tombstones` and gave `liveRows` rows: of partition `key`, or of a scan step when null. */
  note(key: Buffer | null, tombstones: number, liveRows: number): void {
    if (tombstones <= this.threshold || !this.active) return;
    this.sent = true;
    this.warn(`Read ${liveRows} live rows and ${tombstones} tombstone cells for query ${this.query(key).slice(0, QUERY_CHARS_MAX)} (see tombstone_warn_threshold)`);
  }

  private query(key: Buffer | null): string {
    const { cf } = this.table;
    const from = `SELECT * FROM ${cf.keyspace}.${cf.name}`;
    if (key === null) return from;
    const columns = cf.cql.partitionKey;
    const values = decodePartitionKey(cf.cql, key);
    return `${from} WHERE ${columns.map((c, i) => `${c.name} = ${formatLiteral(c.type, values[i]!)}`).join(' AND ')}`;
  }
}
