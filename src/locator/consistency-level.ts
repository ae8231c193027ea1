/**
 * Cassandra's consistency levels by name, the one definition the layers above share (the CQL
 * layer re-exports it as its `Consistency`; the native protocol keeps its own wire codes in
 * src/transport, which imports nothing from here). The arithmetic is in `consistency.ts`.
 */

export const CONSISTENCY_LEVELS = ['ANY', 'ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_QUORUM', 'EACH_QUORUM', 'SERIAL', 'LOCAL_SERIAL', 'LOCAL_ONE'] as const;

export type Consistency = (typeof CONSISTENCY_LEVELS)[number];

export function isConsistency(s: string): s is Consistency {
  return (CONSISTENCY_LEVELS as readonly string[]).includes(s);
}

/** SERIAL and LOCAL_SERIAL: the Paxos levels of conditional updates and serial reads. */
export function isSerialConsistency(cl: Consistency): boolean {
  return cl === 'SERIAL' || cl === 'LOCAL_SERIAL';
}

/** The levels that count only replicas in the coordinator's data center. */
export function isDatacenterLocal(cl: Consistency): boolean {
  return cl === 'LOCAL_ONE' || cl === 'LOCAL_QUORUM' || cl === 'LOCAL_SERIAL';
}
