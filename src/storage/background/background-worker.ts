/**
 * Worker-thread entry: runs flush and compaction jobs on the real file system, so writing and
 * merging SSTables uses the machine's other core instead of the request thread.
 *
 *   in:  { id, job: BackgroundJob }
 *   out: { id, result } | { id, error: string }
 */
import { parentPort } from 'node:worker_threads';
import { createRealEnv } from '../../env/index.js';
import { type BackgroundJob, runBackgroundJob } from './background-job.js';

const env = createRealEnv();
const port = parentPort;
if (!port) throw new Error('background-worker must run in a worker thread');
port.on('message', (msg: { id: number; job: BackgroundJob }) => {
  runBackgroundJob(env, msg.job).then(
    (result) => port.postMessage({ id: msg.id, result }),
    (e: unknown) => port.postMessage({ id: msg.id, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }),
  );
});
