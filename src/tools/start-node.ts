import { resolve } from 'node:path';
import { pino } from 'pino';
import { createRealEnv } from '../env/index.js';
import { openNodeStorage } from '../db/index.js';
import { Murmur3Partitioner } from '../dht/index.js';
import type { StorageOptions } from '../storage/storage-options.js';
import { lockDataDir } from './data-dir-lock.js';

export interface StartOptions {
  readonly dataDir: string;
  readonly storage: Partial<StorageOptions>;
}

/**
 * `ilium start`: opens a node's storage (stored schema, then the engine, replaying the commit log),
 * prints one startup line, and on SIGINT/SIGTERM flushes every memtable and exits. The CQL and
 * Thrift listeners attach here as they arrive.
 */
export async function startNode(opts: StartOptions): Promise<void> {
  const log = pino({ name: 'ilium' }, pino.destination(2));
  const env = createRealEnv();
  const began = env.clock.monotonicNs();
  const dataDir = resolve(opts.dataDir);
  const unlock = lockDataDir(dataDir);
  // The schema-aware open: replay must know every user table and KEYS index table, or their
  // unflushed writes would be skipped and their log segments marked clean (data loss).
  const { engine } = await openNodeStorage({
    env,
    dataDir,
    partitioner: new Murmur3Partitioner(),
    options: opts.storage,
    log: (event, fields) => log.info({ event, ...fields }, event),
  });
  // Signal handlers go in before the startup line: a supervisor may stop us the moment it sees it.
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ event: 'stopping', signal }, 'flushing memtables');
    engine.close().then(
      () => {
        unlock();
        process.exit(0);
      },
      (e: unknown) => {
        log.error({ event: 'stop_failed', error: String(e) }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const ms = Number(env.clock.monotonicNs() - began) / 1e6;
  const report = engine.replayReport;
  log.info({ event: 'started', dataDir, commitlogSync: engine.options.commitlogSync, replayedMutations: report?.entriesReplayed ?? 0, startupMs: Math.round(ms) }, 'node started');
  process.stdout.write(`Ilium node started in ${ms.toFixed(0)} ms: data ${dataDir}, commit log sync ${engine.options.commitlogSync}. Ctrl-C stops it.\n`);
  // Keep the process alive until a signal arrives.
  setInterval(() => undefined, 1 << 30);
}
