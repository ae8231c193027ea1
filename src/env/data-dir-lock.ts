/**
 * One owner per data directory (DESIGN §8). `ilium start`, `ilium schema load` and the API's
 * `open()` take `<dataDir>/LOCK` before they touch anything: two owners would replay and delete
 * one commit log, append to it side by side and write SSTables under colliding generations.
 *
 * LOCK file grammar (never change it: a node of another build reads it):
 *
 *   LOCK := pid "\n"      pid: the owner's process id in decimal
 *
 * The rule:
 *  - Taking: the content is written whole under a private name (`LOCK.<pid>.new`) and hard-linked
 *    to `LOCK`. A link either creates LOCK with its full content or fails with EEXIST, so nobody
 *    ever judges a half-written LOCK.
 *  - Held: the LOCK names a live process — another one, or this very process (a node or an
 *    `open()` here not yet closed). The file is the only record: there is no in-process registry.
 *  - Stale: the LOCK names a process that no longer exists (killed with -9, crashed), or no
 *    process at all (a LOCK emptied by a power loss: its content was never synced). It is taken
 *    over, and the caller learns whose it was so it can say so.
 *  - PID reuse: the OS recycles ids. After a reboot the LOCK of a node that died with the machine
 *    may name an unrelated process that now has its id; it counts as held. A wrong refusal costs
 *    the user deleting a file the error names; a wrong takeover would cost acknowledged writes.
 *  - Release: LOCK is removed only while it still names this process.
 *
 * Two processes taking over one stale LOCK at once: each renames LOCK to its own aside name and
 * checks that what it moved is the stale LOCK it judged. The one that moved the winner's fresh
 * LOCK instead links it back and looks again, so it finds the winner alive and refuses. (A third
 * process linking a LOCK in that instant would leave two owners; three processes racing for one
 * stale directory is outside what this guards.)
 */
import { join } from 'node:path';
import { ConfigurationError, DataDirectoryInUseError } from '../errors/index.js';
import type { Env, FileSystem } from './env.js';

export const LOCK_FILE_NAME = 'LOCK';

/** What a user of `open()` can do; the tools pass their own remedy. */
export const DEFAULT_IN_USE_REMEDY = 'stop that process or open another directory';
const SELF_REMEDY = 'that is this process: close the Ilium instance (or node) that has it open first, or open another directory';

/** Looks at LOCK, takes it or moves a stale one aside: a few rounds unless others keep racing. */
const lockRoundsMax = 4;

export interface DataDirLock {
  readonly lockFile: string;
  /** Whose stale LOCK was taken over ('unknown': it named no process); undefined when the directory was free. */
  readonly staleOwner: number | 'unknown' | undefined;
  /** Removes the LOCK while it still names this process; later calls do nothing. */
  release(): void;
}

/** Takes `<dataDir>/LOCK` (creating the directory), or throws `DataDirectoryInUseError`. */
export function lockDataDir(env: Pick<Env, 'fs' | 'processes'>, dataDir: string, remedy = DEFAULT_IN_USE_REMEDY): DataDirLock {
  const { fs, processes } = env;
  const self = processes.selfPid;
  fs.mkdirSync(dataDir);
  const lockFile = join(dataDir, LOCK_FILE_NAME);
  const mine = join(dataDir, `${LOCK_FILE_NAME}.${self}.new`);
  fs.writeFileSync(mine, Buffer.from(`${self}\n`));
  try {
    let staleOwner: number | 'unknown' | undefined;
    for (let round = 0; round < lockRoundsMax; round++) {
      if (linkUnlessExists(fs, mine, lockFile)) return heldLock(fs, lockFile, self, staleOwner);
      const owner = readOwner(fs, lockFile);
      if (owner === 'gone') continue; // released while we looked: link again
      if (owner !== 'unknown' && (owner === self || processes.isAlive(owner))) {
        throw new DataDirectoryInUseError(dataDir, owner, lockFile, owner === self ? SELF_REMEDY : remedy);
      }
      if (removeIfStill(fs, lockFile, owner, join(dataDir, `${LOCK_FILE_NAME}.${self}.stale`))) staleOwner = owner;
    }
    throw new ConfigurationError(`could not lock data directory ${dataDir}: its LOCK file ${lockFile} kept changing (other processes are starting on it); try again`);
  } finally {
    fs.unlinkSync(mine);
  }
}

function heldLock(fs: FileSystem, lockFile: string, self: number, staleOwner: number | 'unknown' | undefined): DataDirLock {
  let released = false;
  return {
    lockFile,
    staleOwner,
    release: () => {
      if (released) return;
      released = true;
      if (readOwner(fs, lockFile) === self) fs.unlinkSync(lockFile);
    },
  };
}

/** The pid a LOCK names; 'unknown' when it names none; 'gone' when there is no LOCK. */
function readOwner(fs: FileSystem, lockFile: string): number | 'unknown' | 'gone' {
  let text: string;
  try {
    text = fs.readFileSync(lockFile).toString('latin1');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw e;
  }
  const pid = /^(\d{1,10})\n?$/.exec(text) === null ? NaN : Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : 'unknown';
}

function linkUnlessExists(fs: FileSystem, from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/**
 * Moves LOCK aside and deletes it if it still is the stale one judged; a fresh LOCK moved by
 * mistake (another process took the stale one first) is linked back.
 */
function removeIfStill(fs: FileSystem, lockFile: string, judged: number | 'unknown', aside: string): boolean {
  try {
    fs.renameSync(lockFile, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  const moved = readOwner(fs, aside);
  const still = moved === judged;
  if (!still) linkUnlessExists(fs, aside, lockFile);
  fs.unlinkSync(aside);
  return still;
}
