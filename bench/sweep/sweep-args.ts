/**
 * `bench:sweep`'s command line:
 *   --levels=1,2,4,…   concurrency levels (requests in flight), default 1,2,4,8,16,32,64,128,256
 *   --seconds=N        measured seconds per workload per level (default 5)
 *   --warmup=N         seconds of the same load first, not measured (default 1)
 *   --runs=N           sweeps over all levels (default 3); each figure is the median over runs
 *   --dist-level=N     the level whose whole latency distribution is kept (default 64, or the
 *                      highest level below it)
 *   --partitions=N     rows written before the sweep and read back (default 50000)
 *   --out=DIR          where the JSON goes (default docs/perf-data of this checkout)
 * A bad value throws a RangeError naming its option.
 */
import { parseArgs } from 'node:util';

export interface SweepOptions {
  readonly levels: readonly number[];
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly runs: number;
  readonly distributionLevel: number;
  readonly partitions: number;
  readonly out: string | undefined;
}

export const DEFAULT_LEVELS = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;

function positive(option: string, text: string, integer: boolean): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new RangeError(`--${option}: expected a positive ${integer ? 'integer' : 'number'}, got "${text}"`);
  }
  return n;
}

export function parseSweepArgs(argv: readonly string[]): SweepOptions {
  const { values: v } = parseArgs({
    args: [...argv],
    options: {
      levels: { type: 'string' },
      seconds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      runs: { type: 'string', default: '3' },
      'dist-level': { type: 'string' },
      partitions: { type: 'string', default: '50000' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const levels = v.levels === undefined ? [...DEFAULT_LEVELS] : v.levels.split(',').map((s) => positive('levels', s.trim(), true));
  const unique = [...new Set(levels)].sort((a, b) => a - b);
  if (unique.length !== levels.length) throw new RangeError(`--levels: a level is repeated in "${v.levels}"`);
  const warmupSeconds = Number(v.warmup);
  if (!(warmupSeconds >= 0)) throw new RangeError(`--warmup: expected seconds ≥ 0, got "${v.warmup}"`);
  let distributionLevel: number;
  if (v['dist-level'] === undefined) {
    distributionLevel = [...unique].reverse().find((l) => l <= 64) ?? unique[0]!;
  } else {
    distributionLevel = positive('dist-level', v['dist-level'], true);
    if (!unique.includes(distributionLevel)) throw new RangeError(`--dist-level: ${distributionLevel} is not one of the levels (${unique.join(',')})`);
  }
  return {
    levels: unique,
    seconds: positive('seconds', v.seconds, false),
    warmupSeconds,
    runs: positive('runs', v.runs, true),
    distributionLevel,
    partitions: positive('partitions', v.partitions, true),
    out: v.out,
  };
}
