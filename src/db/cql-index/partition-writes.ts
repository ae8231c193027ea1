/**
 * Which base partitions have a CQL-indexed write in flight (its entries may be written and its
 * data not yet): stale-entry removal skips those partitions, since an entry whose data is about
 * to land looks exactly like a stale one. Keys are `<table id>/<partition key hex>`; counts, since
 * writes of one partition overlap. Per instance (the node's SchemaKeeper holds the one its
 * operations share), never module state; a partition is forgotten when its last write ends.
 */
export class PartitionWrites {
  private readonly counts = new Map<string, number>();

  begin(id: string): void {
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
  }

  end(id: string): void {
    const n = (this.counts.get(id) ?? 1) - 1;
    if (n <= 0) this.counts.delete(id);
    else this.counts.set(id, n);
  }

  inFlight(id: string): boolean {
    return this.counts.has(id);
  }
}

export function partitionWriteId(tableId: string, key: Buffer): string {
  return `${tableId}/${key.toString('hex')}`;
}
