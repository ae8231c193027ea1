/**
 * `npm run sim`: the deterministic simulation from the command line.
 *   --seed=N            one seed; its trace is printed when it fails (or with --trace)
 *   --seeds=A..B        seeds A to B inclusive
 *   --count=N --from=S  N seeds from S (default 100 from 1)
 *   --large             larger scenarios (more clients, operations and faults)
 *   --broken-quorum-reads  a deliberately broken coordinator (QUORUM reads ask one replica), to
 *                       see a failure as it is reported
 *   --broken-quorum-scans  the same for range scans
 * Prints progress and `N passed, N failed`; exits 1 on a failure, naming the seed and the replay
 * command.
 */
import { runScenario } from './run-scenario.js';
import { generateScenario, type ScenarioSize } from './scenario.js';

interface Args {
  readonly seeds: readonly number[];
  readonly size: ScenarioSize;
  readonly trace: boolean;
  readonly broken: boolean;
  readonly brokenScans: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  let from = 1;
  let count = 100;
  let seeds: number[] | null = null;
  let size: ScenarioSize = 'small';
  let trace = false;
  let broken = false;
  let brokenScans = false;
  const int = (v: string, name: string): number => {
    if (!/^\d+$/.test(v)) throw new Error(`${name} needs a non-negative integer, got ${v}`);
    return Number(v);
  };
  for (const a of argv) {
    const [k, v = ''] = a.split('=', 2) as [string, string?];
    if (k === '--seed') seeds = [int(v, k)];
    else if (k === '--seeds') {
      const m = /^(\d+)\.\.(\d+)$/.exec(v);
      if (m === null) throw new Error(`--seeds needs A..B, got ${v}`);
      const [a0, b0] = [Number(m[1]), Number(m[2])];
      seeds = Array.from({ length: Math.max(0, b0 - a0 + 1) }, (_, i) => a0 + i);
    } else if (k === '--count') count = int(v, k);
    else if (k === '--from') from = int(v, k);
    else if (k === '--large') size = 'large';
    else if (k === '--trace') trace = true;
    else if (k === '--broken-quorum-reads') broken = true;
    else if (k === '--broken-quorum-scans') brokenScans = true;
    else throw new Error(`unknown argument ${a} (use --seed=N, --seeds=A..B, --count=N --from=S, --large, --trace)`);
  }
  return { seeds: seeds ?? Array.from({ length: count }, (_, i) => from + i), size, trace, broken, brokenScans };
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const failed: number[] = [];
  const started = Date.now();
  for (const [i, seed] of args.seeds.entries()) {
    const r = await runScenario(generateScenario(seed, args.size), { brokenQuorumReads: args.broken, brokenQuorumScans: args.brokenScans });
    const bad = r.problems.length > 0;
    if (bad) failed.push(seed);
    if (bad || args.trace || args.seeds.length === 1) {
      if (bad || args.trace) console.log(r.trace.join('\n'));
      console.log(`seed ${seed}: ${bad ? 'FAILED' : 'passed'} (${r.stats.ops} ops, ${r.stats.acked} acknowledged mutations, ${r.stats.cas} LWT ops, ${r.stats.simMs} simulated ms)`);
    }
    if (bad) for (const p of r.problems) console.log(`  ${p}`);
    if ((i + 1) % 50 === 0 || i + 1 === args.seeds.length) {
      const s = (Date.now() - started) / 1000;
      console.log(`${i + 1}/${args.seeds.length} seeds, ${failed.length} failed, ${s.toFixed(1)} s (${((i + 1) / s).toFixed(1)} seeds/s)`);
    }
  }
  console.log(`${args.seeds.length - failed.length} passed, ${failed.length} failed`);
  for (const seed of failed) console.log(`failing seed ${seed}: replay with npm run sim -- --seed=${seed}${args.size === 'large' ? ' --large' : ''}${args.broken ? ' --broken-quorum-reads' : ''}${args.brokenScans ? ' --broken-quorum-scans' : ''}`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
