/**
 * What the service helpers (postgres-service.ts, redis-service.ts) share: a free loopback port,
 * running a command to its end (its output kept for the error), installing a Debian package when
 * a program is missing, and running a command as the `postgres` user when we are root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing listens on at the moment (the kernel's pick for an ephemeral bind). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs `command` to its end; throws with its output when it fails. */
export function run(command: string, args: readonly string[], user?: string): string {
  const [file, argv] = user === undefined ? [command, args] : ['runuser', ['-u', user, '--', command, ...args]];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error?.message ?? ''}`);
  return r.stdout;
}

export const isRoot = (): boolean => process.getuid?.() === 0;

/** Installs Debian package `pkg` with apt-get (as root: the script runs on a fresh machine). */
export function aptInstall(pkg: string, progress: (line: string) => void): void {
  if (!isRoot()) throw new Error(`${pkg} is missing; install it (apt-get install -y ${pkg}) or run as root`);
  progress(`installing ${pkg} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): void => void execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    install();
  }
}

/** The first of `paths` that exists. */
export const firstExisting = (paths: readonly string[]): string | undefined => paths.find((p) => existsSync(p));

/** Resolves once `probe` succeeds; rejects after `timeoutMs` with its last error. */
export async function waitUntil(probe: () => Promise<unknown>, timeoutMs: number, what: string): Promise<void> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    try {
      await probe();
      return;
    } catch (e) {
      if (performance.now() > end) throw new Error(`${what} not ready in ${timeoutMs} ms: ${String(e)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
