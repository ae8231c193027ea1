import type { Env } from '../../env/index.js';
import { type CompactionJob, type CompactionResult, runCompactionJob } from '../compaction/compaction-job.js';
import { type FlushJob, runFlushJob } from '../flush-job.js';

/** Work that writes SSTables and may run off the request thread. */
export type BackgroundJob = ({ readonly kind: 'compact' } & CompactionJob) | FlushJob;

export type BackgroundResult<J extends BackgroundJob> = J extends FlushJob ? { generation: number } : CompactionResult;

export function runBackgroundJob(env: Env, job: BackgroundJob): Promise<CompactionResult | { generation: number }> {
  return job.kind === 'flush' ? runFlushJob(env, job) : runCompactionJob(env, job);
}
