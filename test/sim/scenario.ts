/**
 * A simulation scenario, drawn from one seed: the cluster (3–5 nodes, RF 3, a wall-clock skew per
 * node), each client's operations in order (writes, deletes and reads at ONE/QUORUM/ALL through a
 * chosen coordinator — a third of them as Thrift calls —, range scans at QUORUM over a run of keys in token order, compare-and-sets and
 * SERIAL reads of a register) and a fault schedule in
 * simulated milliseconds (loss, delay, duplication and reordering windows, partitions, a node's
 * power loss and restart). Pure data: the runner (`run-scenario.ts`) plays it on a SimEnv seeded
 * with the same seed, which also draws the faults' coin flips.
 */
import { SeededRandom } from '../../src/env/index.js';
import type { Consistency } from '../../src/locator/index.js';

export type DataCl = Extract<Consistency, 'ONE' | 'QUORUM' | 'ALL'>;

/**
 * Which interface a client's data operation goes through: the node's DataStore directly (what CQL
 * statements call), or the 0.7 Thrift operations over it (insert / remove / get_slice, what a
 * Thrift session calls: the node's `thrift`).
 */
export type Api = 'data' | 'thrift';

export interface DataOp { readonly kind: 'write' | 'delete' | 'read'; readonly key: string; readonly via: number; readonly cl: DataCl; readonly api: Api }
export interface RegisterOp { readonly kind: 'cas' | 'serial-read'; readonly key: string; readonly via: number }
/** Keys `from`..`to` (inclusive) of the scenario's keys sorted by token, scanned at QUORUM. */
export interface ScanOp { readonly kind: 'scan'; readonly from: number; readonly to: number; readonly via: number }

export type ClientOp = DataOp | RegisterOp | ScanOp | { readonly kind: 'pause'; readonly ms: number };

export type Fault =
  | { readonly kind: 'loss' | 'duplicate' | 'reorder'; readonly atMs: number; readonly untilMs: number; readonly p: number }
  | { readonly kind: 'delay'; readonly atMs: number; readonly untilMs: number; readonly maxMs: number }
  | { readonly kind: 'partition'; readonly atMs: number; readonly untilMs: number; readonly side: readonly number[] }
  | { readonly kind: 'crash'; readonly atMs: number; readonly untilMs: number; readonly node: number };

export interface Scenario {
  readonly seed: number;
  readonly size: ScenarioSize;
  readonly nodes: number;
  readonly rf: 3;
  readonly skewMs: readonly number[];
  readonly keys: readonly string[];
  readonly registers: readonly string[];
  readonly clients: readonly (readonly ClientOp[])[];
  readonly faults: readonly Fault[];
}

export type ScenarioSize = 'small' | 'large';

interface Shape {
  readonly clients: [number, number];
  readonly opsPerClient: [number, number];
  readonly keys: number;
  readonly faults: [number, number];
  readonly horizonMs: number;
}

const SHAPES: Record<ScenarioSize, Shape> = {
  small: { clients: [2, 3], opsPerClient: [4, 9], keys: 2, faults: [1, 3], horizonMs: 1_000 },
  large: { clients: [3, 5], opsPerClient: [25, 50], keys: 4, faults: [4, 9], horizonMs: 6_000 },
};

const CLS: readonly DataCl[] = ['ONE', 'QUORUM', 'QUORUM', 'ALL'];

/** How long a crashed node stays down before its restart: long enough for its work in flight to end. */
export const MIN_DOWN_MS = 2_500;

export function generateScenario(seed: number, size: ScenarioSize = 'small'): Scenario {
  const r = new SeededRandom(seed);
  // The interface of each data operation is drawn from its own stream, so adding it left every
  // seed's operations, keys, levels and faults as they were (regression seeds keep their scenario).
  const apis = new SeededRandom(seed * 2 + 1);
  const api = (): Api => (apis.chance(1 / 3) ? 'thrift' : 'data');
  const shape = SHAPES[size];
  const between = ([lo, hi]: [number, number]) => lo + r.int(hi - lo + 1);
  const pick = <T>(xs: readonly T[]): T => xs[r.int(xs.length)]!;
  const nodes = 3 + r.int(3);
  const skewed = r.chance(0.5);
  const skewMs = Array.from({ length: nodes }, () => (skewed ? r.int(1_001) - 500 : 0));
  const keys = Array.from({ length: shape.keys }, (_, i) => `k${i}`);
  const registers = ['r0'];
  const clients = Array.from({ length: between(shape.clients) }, () =>
    Array.from({ length: between(shape.opsPerClient) }, (): ClientOp => {
      const via = r.int(nodes);
      const x = r.next();
      if (x < 0.25) return { kind: 'pause', ms: 1 + r.int(Math.ceil((2 * shape.horizonMs) / shape.opsPerClient[1])) };
      if (x < 0.45) return { kind: 'write', key: pick(keys), via, cl: pick(CLS), api: api() };
      if (x < 0.55) return { kind: 'delete', key: pick(keys), via, cl: pick(CLS), api: api() };
      if (x < 0.72) return { kind: 'read', key: pick(keys), via, cl: pick(CLS), api: api() };
      if (x < 0.8) {
        const from = r.int(keys.length);
        return { kind: 'scan', from, to: from + r.int(keys.length - from), via };
      }
      if (x < 0.93) return { kind: 'cas', key: pick(registers), via };
      return { kind: 'serial-read', key: pick(registers), via };
    }),
  );
  const faults: Fault[] = [];
  const crashed = new Set<number>();
  for (let n = between(shape.faults); n > 0; n--) {
    const atMs = r.int(shape.horizonMs / 2);
    const untilMs = atMs + 100 + r.int(shape.horizonMs / 2);
    const x = r.next();
    if (x < 0.2) faults.push({ kind: 'loss', atMs, untilMs, p: 0.02 + r.next() * 0.2 });
    else if (x < 0.35) faults.push({ kind: 'delay', atMs, untilMs, maxMs: 5 + r.int(150) });
    else if (x < 0.5) faults.push({ kind: 'duplicate', atMs, untilMs, p: 0.05 + r.next() * 0.3 });
    else if (x < 0.65) faults.push({ kind: 'reorder', atMs, untilMs, p: 0.1 + r.next() * 0.4 });
    else if (x < 0.85) {
      const side = Array.from({ length: nodes }, (_, i) => i).filter(() => r.chance(0.5));
      if (side.length > 0 && side.length < nodes) faults.push({ kind: 'partition', atMs, untilMs, side });
    } else if (crashed.size < nodes - 1) {
      // Each node at most once (a node's crashes never overlap), and one node never crashes.
      const node = Array.from({ length: nodes }, (_, i) => i).filter((i) => !crashed.has(i))[r.int(nodes - crashed.size)]!;
      crashed.add(node);
      faults.push({ kind: 'crash', atMs, untilMs: atMs + MIN_DOWN_MS + r.int(1_000), node });
    }
  }
  return { seed, size, nodes, rf: 3, skewMs, keys, registers, clients, faults };
}

/** One line per part, for traces. */
export function describeScenario(s: Scenario): string[] {
  return [
    `seed ${s.seed} (${s.size}): ${s.nodes} nodes, RF ${s.rf}, skew ${s.skewMs.join('/')} ms, keys ${s.keys.join(',')}, registers ${s.registers.join(',')}`,
    ...s.faults.map((f) => `fault ${JSON.stringify(f)}`),
    ...s.clients.map((ops, i) => `client ${i}: ${ops.map(opText).join('; ')}`),
  ];
}

export function opText(o: ClientOp): string {
  if (o.kind === 'pause') return `pause ${o.ms}`;
  if (o.kind === 'scan') return `scan keys ${o.from}..${o.to} QUORUM via ${o.via}`;
  if ('cl' in o) return `${o.kind} ${o.key} ${o.cl} via ${o.via}${o.api === 'thrift' ? ' over Thrift' : ''}`;
  return `${o.kind} ${o.key} via ${o.via}`;
}
