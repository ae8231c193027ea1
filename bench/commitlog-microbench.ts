/**
 * Commit log throughput, not a test: adds/s of ~100-byte mutations with a fixed number of adds
 * outstanding (each ack immediately issues the next add), per sync mode, on the real disk.
 *
 *   node dist/bench/commitlog-microbench.js [count] [outstanding,…] [modes] [groupWindowMs]
 *   e.g. node dist/bench/commitlog-microbench.js 300000 256,4096 group,batch,periodic 15
 *
 * In group mode an add waits about a window, so expect at most outstanding / groupWindowMs adds/s.
 */
import { createRealEnv } from '../src/env/real-env.js';
import type { Mutation } from '../src/storage/model/partition-update.js';
import { CommitLog } from '../src/storage/commitlog/commit-log.js';
import { freshDir, sampleMutation } from '../test/support/storage/commit-log-samples.js';
import { encodeMutation } from '../src/storage/commitlog/mutation-codec.js';
import type { SyncMode } from '../src/storage/commitlog/sync-policy.js';

async function drive(log: CommitLog, pool: readonly Mutation[], count: number, outstanding: number): Promise<void> {
  let issued = 0;
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const issue = (): void => {
      const m = pool[issued++ % pool.length]!;
      log.add(m).then(() => {
        done++;
        if (issued < count) issue();
        else if (done === count) resolve();
      }, reject);
    };
    for (let k = 0; k < outstanding && issued < count; k++) issue();
  });
}

async function measure(mode: SyncMode, count: number, outstanding: number, groupWindowMs: number): Promise<number> {
  const env = createRealEnv();
  const pool = Array.from({ length: 1024 }, (_, i) => sampleMutation(i));
  const { dir, cleanup } = freshDir(env, `bench-${mode}`);
  try {
    const log = CommitLog.open({ env, dir, sync: mode, groupWindowMs });
    await drive(log, pool, Math.min(count, 20_000), outstanding); // warm-up
    const t0 = env.clock.monotonicNs();
    await drive(log, pool, count, outstanding);
    const seconds = Number(env.clock.monotonicNs() - t0) / 1e9;
    await log.close();
    return count / seconds;
  } finally {
    cleanup();
  }
}

async function main(): Promise<void> {
  const [countArg, outArg, modesArg, windowArg] = process.argv.slice(2);
  const count = Number(countArg ?? 300_000);
  const outstandings = (outArg ?? '256,4096').split(',').map(Number);
  const modes = (modesArg ?? 'group,batch,periodic').split(',') as SyncMode[];
  const groupWindowMs = Number(windowArg ?? 15);
  console.log(`mutation ≈ ${encodeMutation(sampleMutation(1)).length} bytes encoded (+12 framing); ${count} adds per run`);
  for (const mode of modes) {
    for (const outstanding of outstandings) {
      const rate = await measure(mode, count, outstanding, groupWindowMs);
      const window = mode === 'group' ? ` window=${groupWindowMs}ms` : '';
      console.log(`${mode.padEnd(8)} outstanding=${String(outstanding).padEnd(5)}${window}  ${Math.round(rate).toLocaleString('en')} adds/s`);
    }
  }
}

await main();
