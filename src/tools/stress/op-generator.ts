/**
 * The sequence of operations a run performs, reproducible from `--seed`: operation i is a kind
 * (from the workload's mix) and a row (partition index, clustering index).
 *   write workload   rows in population order, wrapping around: i ↦ row i mod (partitions ×
 *                    rows per partition), so a run of that many writes fills every row once
 *                    (what a later read run expects to find)
 *   read, mixed      partition by the key distribution, clustering row uniform
 * Values are windows into one seeded random buffer: no allocation per operation.
 */
import { SeededRandom } from '../../env/index.js';
import { type DistSpec, type KeyDistribution, makeKeyDistribution } from './key-distribution.js';
import { makeOpMix, type OpKind, type OpMix, type OpRatio, type Workload } from './op-mix.js';

export interface StressOp {
  readonly kind: OpKind;
  readonly partition: number;
  readonly row: number;
}

export interface PopulationShape {
  readonly workload: Workload;
  readonly partitions: number;
  readonly rowsPerPartition: number;
  readonly rowSize: number;
  readonly dist: DistSpec;
  readonly ratio: OpRatio;
  readonly seed: number;
}

const VALUE_WINDOWS = 256;

export class OpGenerator {
  readonly mix: OpMix;
  private readonly keys: KeyDistribution;
  private readonly random: SeededRandom;
  private readonly valuePool: Buffer;

  constructor(private readonly shape: PopulationShape) {
    this.random = new SeededRandom(shape.seed);
    const uniform = (): number => this.random.next();
    this.mix = makeOpMix(shape.workload, shape.ratio, uniform);
    this.keys = makeKeyDistribution(shape.dist, shape.partitions, uniform);
    this.valuePool = this.random.fork().bytes(shape.rowSize + VALUE_WINDOWS);
  }

  /** Operation `i` (called once per i, in order). */
  next(i: number): StressOp {
    const kind = this.mix.next();
    const { partitions, rowsPerPartition } = this.shape;
    if (this.shape.workload === 'write') {
      const n = i % (partitions * rowsPerPartition);
      return { kind, partition: Math.floor(n / rowsPerPartition), row: n % rowsPerPartition };
    }
    const partition = this.keys.next();
    const row = rowsPerPartition === 1 ? 0 : this.random.int(rowsPerPartition);
    return { kind, partition, row };
  }

  /** The value written to a row (`--row-size` bytes, varying with the row). */
  value(op: StressOp): Buffer {
    const at = (op.partition * 31 + op.row) % VALUE_WINDOWS;
    return this.valuePool.subarray(at, at + this.shape.rowSize);
  }
}
