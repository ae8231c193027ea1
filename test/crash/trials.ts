/**
 * Durability trials (issue 16), many kill -9s per commit-log mode with the losses counted:
 *
 *   npm run trials -- --mode batch|group|periodic|all --trials N [--level node|engine]
 *                     [--address 127.0.0.1] [--seed S]
 *
 * `--level node` (the default): a real `ilium start` with `commitlog_sync: <mode>` takes prepared
 * INSERTs from the npm cassandra-driver and is killed with SIGKILL at a random moment (0.2–2 s
 * after the first write was acknowledged); it restarts on its directory and every row the driver
 * saw acknowledged must read back (node-kill-trial.ts). `--level engine`: the storage engine alone in a child
 * process, as kill-restart.test.ts runs it (engine-kill-trial.ts, crash-writer.ts). Trials of a
 * mode share one directory: each restart replays on top of the earlier ones.
 *
 * A process kill leaves what reached the OS, so every mode must lose nothing here — periodic
 * included (its window of loss is power loss: test/crash/power-loss.test.ts). Progress goes to
 * stderr, the summary to stdout (its last line one JSON object); exit code 1 when a row was lost.
 */
import { parseScriptArgs } from '../support/script-args.js';
import type { CommitLogSync } from '../../src/storage/storage-options.js';
import { TestRandom, tempEnv } from '../support/temp-env.js';
import { lostWrites, runAndKill } from './engine-kill-trial.js';
import { createTrialTable, lostRows, startTrialNode, writeUntilKilled } from './node-kill-trial.js';

const USAGE = 'usage: npm run trials -- --mode batch|group|periodic|all --trials N [--level node|engine] [--address A] [--seed S]';
const args = parseScriptArgs('trials', USAGE, {
  mode: { type: 'string', default: 'all' },
  trials: { type: 'string', default: '10' },
  level: { type: 'string', default: 'node' },
  address: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string', default: String(Date.now() % 1_000_000) },
});

const MODES: readonly CommitLogSync[] = ['batch', 'group', 'periodic'];
function usage(why: string): never {
  process.stderr.write(`trials: ${why}\n${USAGE}\n`);
  process.exit(2);
}
const modes = args.mode === 'all' ? MODES : MODES.includes(args.mode as CommitLogSync) ? [args.mode as CommitLogSync] : usage(`unknown --mode ${args.mode}`);
const TRIALS = Number(args.trials);
if (!Number.isInteger(TRIALS) || TRIALS < 1) usage(`--trials must be a positive integer, got ${args.trials}`);
if (args.level !== 'node' && args.level !== 'engine') usage(`unknown --level ${args.level}`);
const SEED = Number(args.seed);

interface ModeResult {
  readonly mode: CommitLogSync;
  readonly trials: number;
  readonly acknowledged: number;
  readonly lost: number;
  readonly wrong: string | undefined;
}

const progress = (s: string): void => void process.stderr.write(`${s}\n`);

/** One trial: writes until killed, returns the acknowledged sequence numbers. The check follows. */
interface Level {
  kill(trial: number, killAfterMs: number): Promise<number[]>;
  check(acked: readonly number[]): Promise<{ lost: number[]; wrong: string | undefined }>;
  close(): Promise<void>;
}

async function engineLevel(mode: CommitLogSync): Promise<Level> {
  const { dir, cleanup } = tempEnv(`ilium-trials-${mode}-`);
  return {
    kill: (trial, ms) => runAndKill(dir, mode, trial * 10_000_000, ms),
    check: (acked) => lostWrites(dir, acked),
    close: async () => cleanup(),
  };
}

async function nodeLevel(mode: CommitLogSync): Promise<Level> {
  const first = await startTrialNode(args.address, mode);
  await createTrialTable(first);
  let node = first;
  return {
    kill: (trial, ms) => writeUntilKilled(node, trial * 10_000_000, ms),
    check: async (acked) => {
      node = await startTrialNode(args.address, mode, first.dataDir);
      return lostRows(node, acked);
    },
    close: async () => {
      await node.stop();
      first.dispose();
    },
  };
}

async function runMode(mode: CommitLogSync, r: TestRandom): Promise<ModeResult> {
  const level = args.level === 'engine' ? await engineLevel(mode) : await nodeLevel(mode);
  const acked: number[] = [];
  let lost = 0;
  let wrong: string | undefined;
  try {
    for (let trial = 0; trial < TRIALS; trial++) {
      const killAfterMs = args.level === 'engine' ? 150 + r.int(900) : 200 + r.int(1800);
      const now = await level.kill(trial, killAfterMs);
      acked.push(...now);
      const check = await level.check(acked);
      lost = check.lost.length;
      wrong ??= check.wrong;
      progress(`${mode} trial ${trial + 1}/${TRIALS}: killed ${killAfterMs} ms after the first acknowledgement, ${now.length} writes acknowledged (${acked.length} so far), ${lost} lost${check.wrong === undefined ? '' : `, ${check.wrong}`}`);
      if (lost > 0) progress(`  lost: ${check.lost.slice(0, 10).join(', ')}${lost > 10 ? ', …' : ''}`);
    }
  } finally {
    await level.close();
  }
  return { mode, trials: TRIALS, acknowledged: acked.length, lost, wrong };
}

async function main(): Promise<number> {
  progress(`trials: ${TRIALS} kill -9s per mode at the ${args.level} level, seed ${SEED}`);
  const r = new TestRandom(SEED);
  const results: ModeResult[] = [];
  for (const mode of modes) results.push(await runMode(mode, r));
  for (const m of results) {
    process.stdout.write(`${m.mode.padEnd(8)} ${m.trials} kill -9 trials, ${m.acknowledged} acknowledged writes, ${m.lost} lost${m.wrong === undefined ? '' : `; ${m.wrong}`}\n`);
  }
  process.stdout.write(`${JSON.stringify({ trials: { level: args.level, seed: SEED, date: new Date().toISOString() }, results })}\n`);
  return results.every((m) => m.lost === 0 && m.wrong === undefined) ? 0 : 1;
}

process.exitCode = await main();
