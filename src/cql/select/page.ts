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
    const take = Math.min(rows.length, partitionLeft, this.remaining);
    if (take <= 0) return;
    // One push per row: a spread of a large array overflows the call stack (issue 16).
    for (let i = 0; i < take; i++) this.rows.push(rows[i]!);
    this.last = { key, clustering: rows[take - 1]!.clustering, partitionRowsLeft: partitionLeft - take };
  }
}
