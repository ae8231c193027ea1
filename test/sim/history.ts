/**
 * What the simulation's clients did and saw. `start`/`end` are positions in one global event
 * order (a counter bumped as operations begin and complete), so "acknowledged before the read
 * started" is exact even within one simulated millisecond.
 */
import type { CasOp } from '../support/service/register-history.js';
import type { DataCl } from './scenario.js';

export interface MutationRecord {
  readonly kind: 'write' | 'delete';
  readonly id: string;
  readonly key: string;
  readonly cl: DataCl;
  /** The cell's timestamp (a write's value is this timestamp as text). */
  readonly ts: bigint;
  readonly start: number;
  end: number;
  acked: boolean;
}

export interface ReadRecord {
  readonly id: string;
  readonly key: string;
  readonly cl: DataCl;
  readonly start: number;
  end: number;
  /** The value's timestamp, null for no value; undefined while failed or in flight. */
  seen: bigint | null | undefined;
}

export class History {
  private seq = 0;
  readonly mutations: MutationRecord[] = [];
  readonly reads: ReadRecord[] = [];
  /** Per register key, its compare-and-sets and SERIAL reads (as CAS that expects the impossible). */
  readonly cas = new Map<string, CasOp[]>();

  tick(): number {
    return ++this.seq;
  }

  addCas(key: string, op: CasOp): void {
    const ops = this.cas.get(key) ?? [];
    ops.push(op);
    this.cas.set(key, ops);
  }
}
