/**
 * The node's gossip generation, kept across restarts as Cassandra keeps it in system.local: each
 * start takes the current second, or one more than the last start's when that is not lower (a
 * restart within the same second, a clock stepped back), so peers always see a restart as a new
 * incarnation. Stored in `<dataDir>/gossip-generation` (decimal text), written before gossip
 * starts: temporary file, sync, rename, directory sync.
 */
import { generationAt } from '../gms/index.js';
import { type Env, replaceFileDurable } from '../env/index.js';

export const GOSSIP_GENERATION_FILE = 'gossip-generation';

export function nextGossipGeneration(env: Env, dataDir: string): number {
  const path = `${dataDir}/${GOSSIP_GENERATION_FILE}`;
  let previous: number | undefined;
  if (env.fs.existsSync(path)) {
    const n = Number(env.fs.readFileSync(path).toString('utf8').trim());
    if (Number.isSafeInteger(n) && n > 0) previous = n;
  }
  const generation = generationAt(env.clock.nowMs(), previous);
  replaceFileDurable(env.fs, dataDir, GOSSIP_GENERATION_FILE, Buffer.from(`${generation}\n`, 'utf8'));
  return generation;
}
