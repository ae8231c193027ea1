import { closeSync, openSync, readFileSync, unlinkSync, writeSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '../errors/index.js';

/**
 * One node per data directory: two processes appending to one commit log would destroy it.
 * `<dataDir>/LOCK` holds the owner's pid. A lock whose process is gone (a node killed with -9) is
 * stale and taken over; a live owner makes the second node refuse to start (and any tool that
 * needs the directory to itself refuse to run, `remedy` saying what to do instead).
 */
export function lockDataDir(dataDir: string, remedy = 'stop that node or pass another --data'): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'LOCK');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => unlinkIfOurs(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new ConfigurationError(`data directory ${dataDir} is in use by process ${owner}; ${remedy}`);
      }
      unlinkSync(path); // stale: its process is gone
    }
  }
  throw new ConfigurationError(`could not lock data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkIfOurs(path: string): void {
  try {
    if (Number(readFileSync(path, 'utf8').trim()) === process.pid) unlinkSync(path);
  } catch {
    // Already gone: nothing to release.
  }
}
