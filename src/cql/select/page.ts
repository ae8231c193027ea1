/** One page of a SELECT being collected: rows up to `want`, and where the last one came from (for the paging state). */
import type { ResultRow } from './result-row.js';

/** Collects one page: rows up to `want`, and where the last one came from. */
export class Page {
  readonly rows: ResultRow[] = [];
  last: { key: Buffer; clustering: readonly Buffer[] | null; partitionRowsLeft: number } | null = null;

  constructor(readonly want: number) {}

  get remaining(): number {
    return this.want - this.rows.length;
  }

  get full(): boolean {
    return this.rows.length >= this.want;
  }

  /** Adds a partition's rows (PER PARTITION LIMIT allowing `partitionLeft` more). */
  add(key: Buffer, rows: readonly ResultRow[], partitionLeft: number): void {
    const take = rows.slice(0, Math.min(partitionLeft, this.remaining));
    if (take.length === 0) return;
    this.rows.push(...take);
    this.last = { key, clustering: take[take.length - 1]!.clustering, partitionRowsLeft: partitionLeft - take.length };
  }
}
