/**
 * Worker-thread entry: runs compaction jobs on the real file system, one message at a time, so
 * merging and writing SSTables uses the machine's other core instead of the request thread.
 *
 *   in:  { id, job: CompactionJob }
 *   out: { id, result: CompactionResult } | { id, error: string }
 */
import { parentPort } from 'node:worker_threads';
import { createRealEnv } from '../../env/index.js';
import { type CompactionJob, runCompactionJob } from './compaction-job.js';

const env = createRealEnv();
const port = parentPort;
if (!port) throw new Error('compaction-worker must run in a worker thread');
port.on('message', (msg: { id: number; job: CompactionJob }) => {
  runCompactionJob(env, msg.job).then(
    (result) => port.postMessage({ id: msg.id, result }),
    (e: unknown) => port.postMessage({ id: msg.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }),
  );
});
