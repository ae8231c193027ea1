/**
 * A throwaway PostgreSQL server for bench:compare: Debian's binaries (/usr/lib/postgresql/N/bin,
 * apt-installed when missing), `initdb` into a fresh temporary directory, `pg_ctl start` on a
 * free loopback port with its socket in that directory, `synchronous_commit` as asked; `stop`
 * stops it (fast shutdown) and removes the directory. PostgreSQL refuses to run as root, so as
 * root the directory is handed to the `postgres` user the Debian package creates and the
 * commands run as that user.
 */
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, firstExisting, freePort, isRoot, run } from './service-support.js';

export interface PostgresService {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
  readonly version: string;
  stop(): Promise<void>;
}

const ROOT = '/usr/lib/postgresql';

function binDir(): string | undefined {
  const versions = firstExisting([ROOT]) === undefined ? [] : readdirSync(ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return firstExisting(versions.map((v) => join(ROOT, v, 'bin')).filter((d) => firstExisting([join(d, 'pg_ctl')]) !== undefined));
}

export async function startPostgres(o: { readonly synchronousCommit: boolean; readonly progress: (line: string) => void }): Promise<PostgresService> {
  let bin = binDir();
  if (bin === undefined) {
    aptInstall('postgresql', o.progress);
    bin = binDir();
    if (bin === undefined) throw new Error(`no PostgreSQL under ${ROOT} after installing it`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const asUser = isRoot() ? 'postgres' : undefined;
  if (asUser !== undefined) {
    const uid = Number(run('id', ['-u', asUser]).trim());
    const gid = Number(run('id', ['-g', asUser]).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const user = 'bench';
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asUser);
    const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=on', '-c', `synchronous_commit=${o.synchronousCommit ? 'on' : 'off'}`];
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', settings.join(' '), '-w', '-t', '60', 'start'], asUser);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const version = run(join(bin, 'postgres'), ['--version']).trim();
  // Should this process die before `stop`, the server must not outlive it.
  const stopOnExit = (): void => {
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], asUser);
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);
  return {
    host: '127.0.0.1',
    port,
    user,
    database: 'postgres',
    version,
    stop: async () => {
      process.off('exit', stopOnExit);
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], asUser);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
