/**
 * A single register per key on the SimCluster's table `t` (column `v`), changed only by
 * compare-and-set through a node's coordinator: the tests' client of `DataStore.cas`.
 */
import type { Consistency } from '../../../src/locator/index.js';
import { liveCell } from '../../../src/storage/model/index.js';
import type { CasLevels, CasReader } from '../../../src/service/data-store.js';
import { type SimCluster, WHOLE } from './sim-cluster.js';

export type CasOutcome = { readonly applied: true } | { readonly applied: false; readonly current: string | null };

const DEFAULT_LEVELS: CasLevels = { serial: 'SERIAL', commit: 'QUORUM' };

/** Sets `v` to `next` if it is `expected` (null: absent), as one compare-and-set via node `via`. */
export function casRegister(c: SimCluster, via: number, key: string, expected: string | null, next: string, levels: CasLevels = DEFAULT_LEVELS): Promise<CasOutcome> {
  const k = Buffer.from(key);
  return c.node(via).proxy.cas<CasOutcome>(c.cf, k, levels, async (reader, timestamp) => {
    const current = await registerValue(c, reader, key);
    if (current !== expected) return { write: null, result: { applied: false, current } };
    const ts = timestamp ?? c.env.clock.nowMicros();
    const update = { key: k, partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('v'), Buffer.from(next), ts)] };
    return { write: { cf: c.cf, update }, result: { applied: true } };
  });
}

/** The register's value through node `via` at `cl` (SERIAL runs Paxos). */
export async function readRegister(c: SimCluster, via: number, key: string, cl: Consistency = 'SERIAL'): Promise<string | null> {
  const r = await c.node(via).proxy.read(c.cf, Buffer.from(key), WHOLE, cl, c.nowSec());
  return c.columns(r).get('v') ?? null;
}

async function registerValue(c: SimCluster, reader: CasReader, key: string): Promise<string | null> {
  const r = await reader.read(c.cf, Buffer.from(key), WHOLE, 'QUORUM', c.nowSec());
  return c.columns(r).get('v') ?? null;
}
