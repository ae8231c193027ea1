import { posix } from 'node:path';
import { crashImage } from './crash-image.js';
import type { FileStat, FileSystem, OpenFlags, Timers } from './env.js';
import { fsError, type FsErrorCode } from './fs-error.js';
import { MemDir, MemFile, type MemNode } from './memory-inode.js';
import { SeededRandom } from './seeded-random.js';

/**
 * An in-memory `FileSystem` with node:fs semantics (flags, fd positions, error codes) and power-loss
 * simulation: `crash()` keeps only what was made durable — file bytes by fsync, directory entries
 * (creations, renames, unlinks, including mkdir) by fsyncDirSync on the parent — the pessimistic
 * POSIX model that catches a missing directory sync. Faults: failing fsyncs or writes, bit flips,
 * torn appends. Paths are POSIX; relative ones resolve against `/`.
 */

export interface MemoryFileSystemOptions {
  /** Decides how much of an unsynced tail a torn write keeps. Default: seed 0. */
  readonly random?: SeededRandom;
  /** With `fsyncLatencyMs` > 0, asynchronous fsyncs complete through these timers. */
  readonly timers?: Timers;
  readonly fsyncLatencyMs?: number;
}

export interface CrashOptions {
  /** Keep a random prefix (possibly empty or whole) of each file's unsynced appended bytes. */
  readonly tornWrites?: boolean;
}

type PathPredicate = (path: string) => boolean;

interface Fault {
  readonly matches: PathPredicate;
  readonly code: FsErrorCode;
}

interface OpenFile {
  readonly node: MemNode;
  /** Absolute path at open time (what fault predicates see). */
  readonly path: string;
  readonly readable: boolean;
  readonly writable: boolean;
  readonly append: boolean;
  position: number;
}

const FLAGS: Readonly<Record<OpenFlags, { read: boolean; write: boolean; create: boolean; exclusive: boolean; truncate: boolean; append: boolean }>> = {
  r: { read: true, write: false, create: false, exclusive: false, truncate: false, append: false },
  'r+': { read: true, write: true, create: false, exclusive: false, truncate: false, append: false },
  w: { read: false, write: true, create: true, exclusive: false, truncate: true, append: false },
  wx: { read: false, write: true, create: true, exclusive: true, truncate: true, append: false },
  a: { read: false, write: true, create: true, exclusive: false, truncate: false, append: true },
};

const FIRST_FD = 3;

function statOf(node: MemNode): FileStat {
  return node.kind === 'file'
    ? { size: node.size, isDirectory: false, isFile: true }
    : { size: 0, isDirectory: true, isFile: false };
}

function checkRange(buffer: Uint8Array, offset: number, length: number): void {
  if (offset < 0 || length < 0 || offset + length > buffer.length) {
    const err = new RangeError(`offset ${offset} + length ${length} is outside a buffer of ${buffer.length} bytes`);
    throw Object.assign(err, { code: 'ERR_OUT_OF_RANGE' });
  }
}

export class MemoryFileSystem implements FileSystem {
  private root = new MemDir();
  private readonly fds = new Map<number, OpenFile>();
  private nextFd = FIRST_FD;
  /** Bumped by crash(): fsyncs started before it belong to a dead process and never land. */
  private epoch = 0;
  private fsyncFault: Fault | null = null;
  private writeFault: Fault | null = null;
  private readonly random: SeededRandom;

  constructor(private readonly options: MemoryFileSystemOptions = {}) {
    this.random = options.random ?? new SeededRandom(0);
  }

  // ---- fault injection and crash simulation -------------------------------------------------

  /** Makes fsync, fsyncSync and fsyncDirSync of matching absolute paths fail (null: stop). */
  failFsync(matches: PathPredicate | null, code: FsErrorCode = 'EIO'): void {
    this.fsyncFault = matches === null ? null : { matches, code };
  }

  /** Makes writes (writeSync, writeFileSync) to matching absolute paths fail (null: stop). */
  failWrites(matches: PathPredicate | null, code: FsErrorCode = 'ENOSPC'): void {
    this.writeFault = matches === null ? null : { matches, code };
  }

  /** Flips bit `bit` of the byte at `offset`, in the current and the durable content. */
  corrupt(path: string, offset: number, bit = 0): void {
    const node = this.lookup(path, 'open');
    if (node.kind !== 'file') throw fsError('EISDIR', 'open', path);
    node.flipBit(offset, bit & 7);
  }

  /**
   * Power loss: every descriptor is gone and the tree becomes what was durable. Faults stay set.
   */
  crash(options: CrashOptions = {}): void {
    const torn = options.tornWrites === true ? (n: number) => this.random.int(n + 1) : null;
    this.root = crashImage(this.root, torn);
    this.fds.clear();
    this.epoch++;
  }

  /**
   * Power loss of one directory tree only (one simulated node's data in a shared file system):
   * descriptors opened under it are gone and the tree becomes what was durable — nothing, when its
   * own entry was never made durable. Everything else is untouched.
   */
  crashPath(path: string, options: CrashOptions = {}): void {
    const { dir, name } = this.lookupParent(path, 'crash');
    const node = dir.entries.get(name);
    if (node === undefined) throw fsError('ENOENT', 'crash', path);
    if (node.kind !== 'dir') throw fsError('ENOTDIR', 'crash', path);
    const torn = options.tornWrites === true ? (n: number) => this.random.int(n + 1) : null;
    dir.replaceEntry(name, crashImage(node, torn));
    const prefix = `${posix.resolve('/', path)}/`;
    for (const [fd, f] of this.fds) if (f.path.startsWith(prefix)) this.fds.delete(fd);
  }

  /** Descriptors currently open (for leak checks in tests). */
  openFdCount(): number {
    return this.fds.size;
  }

  // ---- descriptors ---------------------------------------------------------------------------

  openSync(path: string, flags: OpenFlags): number {
    const mode = FLAGS[flags];
    let node: MemNode;
    if (mode.create) {
      const { dir, name } = this.lookupParent(path, 'open');
      const existing = dir.entries.get(name);
      if (existing !== undefined && mode.exclusive) throw fsError('EEXIST', 'open', path);
      if (existing?.kind === 'dir') throw fsError('EISDIR', 'open', path);
      if (existing === undefined) {
        node = new MemFile();
        dir.entries.set(name, node);
      } else {
        node = existing;
        if (mode.truncate) existing.truncate(0);
      }
    } else {
      node = this.lookup(path, 'open');
      if (node.kind === 'dir' && mode.write) throw fsError('EISDIR', 'open', path);
    }
    const fd = this.nextFd++;
    this.fds.set(fd, { node, path: posix.resolve('/', path), readable: mode.read, writable: mode.write, append: mode.append, position: 0 });
    return fd;
  }

  closeSync(fd: number): void {
    if (!this.fds.delete(fd)) throw fsError('EBADF', 'close');
  }

  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number {
    checkRange(buffer, offset, length); // node validates arguments before making the call
    const file = this.descriptor(fd, 'read');
    if (file.node.kind === 'dir') throw fsError('EISDIR', 'read');
    if (!file.readable) throw fsError('EBADF', 'read');
    // Like node: a null or negative position reads at (and advances) the descriptor's offset.
    const useCursor = position === null || position < 0;
    const n = file.node.read(useCursor ? file.position : position, buffer, offset, length);
    if (useCursor) file.position += n;
    return n;
  }

  /** Reads at once and resolves in a microtask: deterministic, as the simulation needs. */
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
    try {
      return Promise.resolve(this.readSync(fd, buffer, offset, length, position));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number {
    checkRange(buffer, offset, length);
    const file = this.descriptor(fd, 'write');
    if (!file.writable || file.node.kind === 'dir') throw fsError('EBADF', 'write');
    this.checkFault(this.writeFault, file.path, 'write');
    // O_APPEND writes land at the end even with an explicit position, as on Linux.
    const useCursor = position === null || position < 0;
    const at = file.append ? file.node.size : useCursor ? file.position : position;
    file.node.write(at, buffer, offset, length);
    if (useCursor || file.append) file.position = at + length;
    return length;
  }

  fsync(fd: number): Promise<void> {
    try {
      const file = this.descriptor(fd, 'fsync');
      this.checkFault(this.fsyncFault, file.path, 'fsync');
      return this.completeSync(file.node);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  fsyncSync(fd: number): void {
    const file = this.descriptor(fd, 'fsync');
    this.checkFault(this.fsyncFault, file.path, 'fsync');
    file.node.sync();
  }

  fsyncDirSync(path: string): void {
    const node = this.lookup(path, 'open');
    this.checkFault(this.fsyncFault, posix.resolve('/', path), 'fsync');
    node.sync();
  }

  /** Lands at once, like fsyncDirSync, and answers in a microtask (deterministic). */
  fsyncDir(path: string): Promise<void> {
    try {
      this.fsyncDirSync(path);
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err);
    }
  }

  ftruncateSync(fd: number, length: number): void {
    const file = this.descriptor(fd, 'ftruncate');
    if (!file.writable || file.node.kind === 'dir') throw fsError('EINVAL', 'ftruncate');
    file.node.truncate(length);
  }

  fstatSync(fd: number): FileStat {
    return statOf(this.descriptor(fd, 'fstat').node);
  }

  // ---- paths ---------------------------------------------------------------------------------

  statSync(path: string): FileStat {
    return statOf(this.lookup(path, 'stat'));
  }

  existsSync(path: string): boolean {
    try {
      this.lookup(path, 'access');
      return true;
    } catch {
      return false;
    }
  }

  readdirSync(path: string): string[] {
    const node = this.lookup(path, 'scandir');
    if (node.kind !== 'dir') throw fsError('ENOTDIR', 'scandir', path);
    return [...node.entries.keys()].sort();
  }

  mkdirSync(path: string): void {
    let dir = this.root;
    const parts = this.components(path);
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i]!;
      const next = dir.entries.get(name);
      if (next === undefined) {
        const created = new MemDir();
        dir.entries.set(name, created);
        dir = created;
      } else if (next.kind === 'dir') {
        dir = next;
      } else {
        throw fsError(i === parts.length - 1 ? 'EEXIST' : 'ENOTDIR', 'mkdir', path);
      }
    }
  }

  renameSync(from: string, to: string): void {
    const src = this.lookupParent(from, 'rename', from, to);
    const node = src.dir.entries.get(src.name);
    if (node === undefined) throw fsError('ENOENT', 'rename', from, to);
    const dst = this.lookupParent(to, 'rename', from, to);
    const existing = dst.dir.entries.get(dst.name);
    if (existing === node) return; // same inode: POSIX says do nothing
    if (existing !== undefined) {
      if (node.kind === 'file' && existing.kind === 'dir') throw fsError('EISDIR', 'rename', from, to);
      if (node.kind === 'dir' && existing.kind === 'file') throw fsError('ENOTDIR', 'rename', from, to);
      if (existing.kind === 'dir' && existing.entries.size > 0) throw fsError('ENOTEMPTY', 'rename', from, to);
    }
    if (node.kind === 'dir' && this.isWithin(to, node)) throw fsError('EINVAL', 'rename', from, to);
    dst.dir.entries.set(dst.name, node);
    src.dir.entries.delete(src.name);
  }

  unlinkSync(path: string): void {
    const { dir, name } = this.lookupParent(path, 'unlink');
    const node = dir.entries.get(name);
    if (node === undefined) throw fsError('ENOENT', 'unlink', path);
    if (node.kind === 'dir') throw fsError('EISDIR', 'unlink', path);
    dir.entries.delete(name);
  }

  linkSync(existing: string, newPath: string): void {
    const node = this.walk(this.components(existing), existing, 'link', newPath);
    if (node.kind === 'dir') throw fsError('EPERM', 'link', existing, newPath);
    const { dir, name } = this.lookupParent(newPath, 'link', existing, newPath);
    if (dir.entries.has(name)) throw fsError('EEXIST', 'link', existing, newPath);
    dir.entries.set(name, node);
  }

  rmSync(path: string): void {
    if (this.components(path).length === 0) {
      this.root.entries.clear();
      return;
    }
    try {
      const { dir, name } = this.lookupParent(path, 'rm');
      dir.entries.delete(name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  readFileSync(path: string): Buffer {
    const node = this.lookup(path, 'open');
    if (node.kind === 'dir') throw fsError('EISDIR', 'read');
    return node.contents();
  }

  writeFileSync(path: string, data: Uint8Array): void {
    const fd = this.openSync(path, 'w');
    try {
      this.writeSync(fd, data, 0, data.length, 0);
    } finally {
      this.closeSync(fd);
    }
  }

  // ---- helpers -------------------------------------------------------------------------------

  private descriptor(fd: number, syscall: string): OpenFile {
    const file = this.fds.get(fd);
    if (file === undefined) throw fsError('EBADF', syscall);
    return file;
  }

  private checkFault(fault: Fault | null, path: string, syscall: string): void {
    if (fault !== null && fault.matches(path)) throw fsError(fault.code, syscall, path);
  }

  /** Durability lands when the fsync completes, and never if the process "died" meanwhile. */
  private completeSync(node: MemNode): Promise<void> {
    const epoch = this.epoch;
    const land = (resolve: () => void, reject: (e: Error) => void) => {
      if (epoch !== this.epoch) return reject(fsError('EIO', 'fsync'));
      node.sync();
      resolve();
    };
    const latency = this.options.fsyncLatencyMs ?? 0;
    const timers = this.options.timers;
    if (timers !== undefined && latency > 0) {
      return new Promise((resolve, reject) => timers.setTimeout(() => land(resolve, reject), latency));
    }
    return Promise.resolve().then(() => new Promise<void>(land));
  }

  private components(path: string): string[] {
    return posix.resolve('/', path).split('/').filter((c) => c.length > 0);
  }

  private walk(parts: readonly string[], path: string, syscall: string, dest?: string): MemNode {
    let node: MemNode = this.root;
    for (const name of parts) {
      if (node.kind !== 'dir') throw fsError('ENOTDIR', syscall, path, dest);
      const next: MemNode | undefined = node.entries.get(name);
      if (next === undefined) throw fsError('ENOENT', syscall, path, dest);
      node = next;
    }
    return node;
  }

  private lookup(path: string, syscall: string): MemNode {
    return this.walk(this.components(path), path, syscall);
  }

  /** The directory holding `path`'s last component; errors name `errPath` (and `errDest`). */
  private lookupParent(path: string, syscall: string, errPath = path, errDest?: string): { dir: MemDir; name: string } {
    const parts = this.components(path);
    const name = parts.pop();
    if (name === undefined) throw fsError('EINVAL', syscall, errPath, errDest);
    const dir = this.walk(parts, errPath, syscall, errDest);
    if (dir.kind !== 'dir') throw fsError('ENOTDIR', syscall, errPath, errDest);
    return { dir, name };
  }

  /** Whether `path` names `dir` itself or lies below it (a directory cannot move into itself). */
  private isWithin(path: string, dir: MemDir): boolean {
    let node: MemNode = this.root;
    for (const name of this.components(path)) {
      if (node === dir) return true;
      if (node.kind !== 'dir') return false;
      const next: MemNode | undefined = node.entries.get(name);
      if (next === undefined) return false;
      node = next;
    }
    return node === dir;
  }
}
