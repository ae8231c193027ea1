/**
 * A single register per key on a simulated cluster's table `t` (column `v`), changed only by
 * compare-and-set through a node's DataStore: the tests' client of `DataStore.cas`. Works on the
 * coordinator's SimCluster and on the simulation's ring of IliumNodes alike (`RegisterTable`).
 */
import type { Clock } from '../../../src/env/index.js';
import type { Consistency } from '../../../src/locator/index.js';
import type { ColumnFamilyDef } from '../../../src/schema/index.js';
import { liveCell } from '../../../src/storage/model/index.js';
import type { CasLevels, CasReader, DataStore, PartitionResult } from '../../../src/service/data-store.js';
import { WHOLE } from './sim-cluster.js';

/** What the register needs of a cluster: its table, node i's DataStore, cell names and values. */
export interface RegisterTable {
  readonly env: { readonly clock: Clock };
  readonly cf: ColumnFamilyDef;
  store(i: number): DataStore;
  name(column: string): Buffer;
  columns(r: PartitionResult | null): Map<string, string>;
  nowSec(): number;
}

export type CasOutcome = { readonly applied: true } | { readonly applied: false; readonly current: string | null };

const DEFAULT_LEVELS: CasLevels = { serial: 'SERIAL', commit: 'QUORUM' };

/** Sets `v` to `next` if it is `expected` (null: absent), as one compare-and-set via node `via`. */
export function casRegister(c: RegisterTable, via: number, key: string, expected: string | null, next: string, levels: CasLevels = DEFAULT_LEVELS): Promise<CasOutcome> {
  const k = Buffer.from(key);
  return c.store(via).cas<CasOutcome>(c.cf, k, levels, async (reader, timestamp) => {
    const current = await registerValue(c, reader, key);
    if (current !== expected) return { write: null, result: { applied: false, current } };
    const ts = timestamp ?? c.env.clock.nowMicros();
    const update = { key: k, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('v'), Buffer.from(next), ts)] };
    return { write: { cf: c.cf, update }, result: { applied: true } };
  });
}

/** The register's value through node `via` at `cl` (SERIAL runs Paxos). */
export async function readRegister(c: RegisterTable, via: number, key: string, cl: Consistency = 'SERIAL'): Promise<string | null> {
  const r = await c.store(via).read(c.cf, Buffer.from(key), WHOLE, cl, c.nowSec());
  return c.columns(r).get('v') ?? null;
}

async function registerValue(c: RegisterTable, reader: CasReader, key: string): Promise<string | null> {
  const r = await reader.read(c.cf, Buffer.from(key), WHOLE, 'QUORUM', c.nowSec());
  return c.columns(r).get('v') ?? null;
}
