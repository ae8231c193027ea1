/**
 * Random divergence among replicas for model-based coordinator tests: each write (a value, a
 * column tombstone or a partition deletion) lands on a random non-empty subset of the nodes'
 * local stores, behind the coordinator's back, while a model keeps what reconciliation must give.
 */
import { simAwait } from '../net-sim.js';
import { liveCell, tombstoneCell } from '../../../src/storage/model/index.js';
import type { SimCluster } from './sim-cluster.js';

export const MODEL_COLUMNS = ['a', 'b', 'c', 'd', 'e'];

export type CellModel = Map<string, { pd: bigint; cols: Map<string, { ts: bigint; value: string | null }> }>;

export async function divergeReplicas(c: SimCluster, ops: number, keyCount: number, columns = MODEL_COLUMNS): Promise<CellModel> {
  const rnd = c.env.random;
  const pick = (n: number) => Math.floor(rnd.next() * n);
  const model: CellModel = new Map();
  for (let op = 0; op < ops; op++) {
    const key = `k${pick(keyCount)}`;
    const ts = BigInt(pick(50) + 1);
    const column = columns[pick(columns.length)]!;
    const kind = rnd.next();
    const m = model.get(key) ?? { pd: -1n, cols: new Map() };
    model.set(key, m);
    let update;
    if (kind < 0.1) {
      update = { key: Buffer.from(key), partitionDeletion: { markedForDeleteAt: ts, localDeletionTime: c.nowSec() }, rangeTombstones: [], cells: [] };
      if (ts > m.pd) m.pd = ts;
    } else {
      const value = kind < 0.3 ? null : `v${op}`;
      update = { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [value === null ? tombstoneCell(c.name(column), ts, c.nowSec()) : liveCell(c.name(column), Buffer.from(value), ts)] };
      const old = m.cols.get(column);
      // Newest wins; on a tie a tombstone beats a value, between values the greater bytes.
      const wins = old === undefined || ts > old.ts || (ts === old.ts && (value === null || (old.value !== null && Buffer.compare(Buffer.from(value), Buffer.from(old.value)) > 0)));
      if (wins) m.cols.set(column, { ts, value });
    }
    const holders = c.nodes.map((_, i) => i).filter(() => rnd.next() < 0.5);
    for (const i of holders.length === 0 ? [pick(c.nodes.length)] : holders) await simAwait(c.env, c.node(i).local.apply([{ cf: c.cf, update }]));
  }
  return model;
}

/** The live columns of a key in the model, in column order, as `col=value`. */
export function liveColumns(model: CellModel, key: string, columns = MODEL_COLUMNS): string[] {
  const m = model.get(key);
  if (m === undefined) return [];
  return columns.filter((col) => {
    const v = m.cols.get(col);
    return v !== undefined && v.value !== null && v.ts > m.pd;
  }).map((col) => `${col}=${m.cols.get(col)!.value}`);
}
