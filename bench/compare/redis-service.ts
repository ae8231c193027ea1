/**
 * A throwaway Redis server for bench:compare: Debian's `redis-server` (apt-installed when
 * missing), a child process on a free loopback port with its working directory a fresh temporary
 * one, RDB snapshots off and the append-only file on with the fsync policy asked (`always`:
 * fsync before replying; `everysec`); `stop` sends SIGTERM, waits for the exit and removes the
 * directory. Ready when it answers PING.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { aptInstall, firstExisting, freePort, run, waitUntil } from './service-support.js';

export interface RedisService {
  readonly host: string;
  readonly port: number;
  readonly version: string;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

export async function startRedis(o: { readonly appendfsync: 'always' | 'everysec'; readonly progress: (line: string) => void }): Promise<RedisService> {
  let bin = firstExisting(CANDIDATES);
  if (bin === undefined) {
    aptInstall('redis-server', o.progress);
    bin = firstExisting(CANDIDATES);
    if (bin === undefined) throw new Error('no redis-server after installing it');
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', o.appendfsync, '--daemonize', 'no', '--logfile', join(dir, 'redis.log')];
  const child = spawn(bin, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should this process die before `stop`, the server must not outlive it.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const probe = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // a refused connect while the server starts: waitUntil retries
  try {
    await waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (probe.status !== 'ready') await probe.connect();
      await probe.ping();
    }, 20_000, 'redis-server');
  } catch (e) {
    process.off('exit', killOnExit);
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw e;
  } finally {
    probe.disconnect();
  }
  return {
    host: '127.0.0.1',
    port,
    version: run(bin, ['--version']).trim(),
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
