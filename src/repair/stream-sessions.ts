/**
 * The streams this node receives, for `nodetool netstats` (Cassandra's StreamManager state as its
 * NetStats prints it) and the streaming metrics. Ilium streams by pulls (sync.ts): the receiving
 * node reads the ranges from the source page by page, so a session is one pull of one table's
 * ranges from one peer, registered for as long as it runs. What Cassandra counts in files and
 * bytes is counted here in token ranges (a range done is a "file" received) and the bytes of the
 * range-read answers; the byte total is only known when the last page has arrived.
 *
 * Memory: one small record per running pull (bounded by the pulls a node runs at once: one per
 * table and peer of a repair, bootstrap or range movement) and three counters.
 */
import type { Endpoint } from '../locator/index.js';

/** Cassandra's StreamOperation descriptions, and Ilium's for a pull another node asked for without saying why. */
export type StreamOperation = 'Repair' | 'Bootstrap' | 'Unbootstrap' | 'Restore replica count' | 'Range movement';

export interface StreamSessionView {
  /** Numbers the sessions of this node since start. */
  readonly id: number;
  readonly operation: StreamOperation;
  readonly peer: Endpoint;
  readonly keyspace: string;
  readonly table: string;
  readonly ranges: number;
  readonly rangesReceived: number;
  readonly partitionsReceived: number;
  readonly bytesReceived: number;
}

export interface StreamTotals {
  /** Pulls finished (or failed) since start. */
  readonly sessionsCompleted: number;
  readonly partitionsReceived: number;
  /** Bytes of range-read answers received by every pull since start (Cassandra's TotalIncomingBytes). */
  readonly bytesReceived: number;
}

interface Session {
  id: number;
  operation: StreamOperation;
  peer: Endpoint;
  keyspace: string;
  table: string;
  ranges: number;
  rangesReceived: number;
  partitionsReceived: number;
  bytesReceived: number;
}

/** One running pull's progress, reported by the puller. */
export interface StreamProgress {
  /** A range-read answer of `bytes` bringing `partitions` partitions. */
  page(bytes: number, partitions: number): void;
  /** A token range fully received. */
  rangeDone(): void;
  /** The pull ended (done or failed): it leaves the running list, its counts stay in the totals. */
  end(): void;
}

export class StreamSessions {
  private readonly running = new Map<number, Session>();
  private nextId = 1;
  private sessionsCompleted = 0;
  private partitions = 0;
  private bytes = 0;

  start(operation: StreamOperation, peer: Endpoint, keyspace: string, table: string, ranges: number): StreamProgress {
    const s: Session = { id: this.nextId++, operation, peer, keyspace, table, ranges, rangesReceived: 0, partitionsReceived: 0, bytesReceived: 0 };
    this.running.set(s.id, s);
    let ended = false;
    return {
      page: (bytes, partitions) => {
        s.bytesReceived += bytes;
        s.partitionsReceived += partitions;
        this.bytes += bytes;
        this.partitions += partitions;
      },
      rangeDone: () => {
        s.rangesReceived++;
      },
      end: () => {
        if (ended) return;
        ended = true;
        this.running.delete(s.id);
        this.sessionsCompleted++;
      },
    };
  }

  /** The pulls running now, oldest first. */
  active(): StreamSessionView[] {
    return [...this.running.values()].map((s) => ({ ...s }));
  }

  totals(): StreamTotals {
    return { sessionsCompleted: this.sessionsCompleted, partitionsReceived: this.partitions, bytesReceived: this.bytes };
  }
}
