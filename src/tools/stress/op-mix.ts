/**
 * Which operation comes next: the workload's kinds, and for `mixed` a weighted draw by
 * `--ratio` (write=1,read=3 → a quarter writes). Pure: the uniform source is the caller's.
 */
export const OP_KINDS = ['write', 'read'] as const;
export type OpKind = (typeof OP_KINDS)[number];

export type Workload = 'write' | 'read' | 'mixed';
export const WORKLOADS: readonly Workload[] = ['write', 'read', 'mixed'];

export type OpRatio = Readonly<Record<OpKind, number>>;

export interface OpMix {
  /** The kinds this workload can produce, in report order. */
  readonly kinds: readonly OpKind[];
  next(): OpKind;
}

export function makeOpMix(workload: Workload, ratio: OpRatio, uniform: () => number): OpMix {
  if (workload !== 'mixed') return { kinds: [workload], next: () => workload };
  const kinds = OP_KINDS.filter((k) => ratio[k] > 0);
  const total = kinds.reduce((sum, k) => sum + ratio[k], 0);
  return {
    kinds,
    next: () => {
      let x = uniform() * total;
      for (const k of kinds) {
        x -= ratio[k];
        if (x < 0) return k;
      }
      return kinds[kinds.length - 1]!;
    },
  };
}
