import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { RealNetwork } from './real-network.js';
import type { Env, FileStat, FileSystem, OpenFlags, Processes, TimerHandle, Timers } from './env.js';

const statOf = (s: fs.Stats): FileStat => ({ size: s.size, isDirectory: s.isDirectory(), isFile: s.isFile() });

/** The node:fs implementation of `FileSystem`. */
export class RealFileSystem implements FileSystem {
  openSync(path: string, flags: OpenFlags): number {
    return fs.openSync(path, flags);
  }
  closeSync(fd: number): void {
    fs.closeSync(fd);
  }
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    return fs.readSync(fd, buffer, offset, length, position);
  }
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
    return new Promise((resolve, reject) => fs.read(fd, buffer, offset, length, position, (err, n) => (err ? reject(err) : resolve(n))));
  }
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number {
    return fs.writeSync(fd, buffer, offset, length, position);
  }
  fsync(fd: number): Promise<void> {
    return new Promise((resolve, reject) => fs.fsync(fd, (err) => (err ? reject(err) : resolve())));
  }
  fsyncSync(fd: number): void {
    fs.fsyncSync(fd);
  }
  fsyncDirSync(path: string): void {
    const fd = fs.openSync(path, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
  async fsyncDir(path: string): Promise<void> {
    const dir = await fs.promises.open(path, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
  ftruncateSync(fd: number, length: number): void {
    fs.ftruncateSync(fd, length);
  }
  fstatSync(fd: number): FileStat {
    return statOf(fs.fstatSync(fd));
  }
  statSync(path: string): FileStat {
    return statOf(fs.statSync(path));
  }
  existsSync(path: string): boolean {
    return fs.existsSync(path);
  }
  readdirSync(path: string): string[] {
    return fs.readdirSync(path).sort();
  }
  mkdirSync(path: string): void {
    fs.mkdirSync(path, { recursive: true });
  }
  renameSync(from: string, to: string): void {
    fs.renameSync(from, to);
  }
  unlinkSync(path: string): void {
    fs.unlinkSync(path);
  }
  linkSync(existing: string, newPath: string): void {
    fs.linkSync(existing, newPath);
  }
  rmSync(path: string): void {
    fs.rmSync(path, { recursive: true, force: true });
  }
  readFileSync(path: string): Buffer {
    return fs.readFileSync(path);
  }
  writeFileSync(path: string, data: Uint8Array): void {
    fs.writeFileSync(path, data);
  }
}

/** Node's own timers (exported so a node can tell real time, where worker threads may run, from a simulation). */
export class RealTimers implements Timers {
  setTimeout(fn: () => void, delayMs: number): TimerHandle {
    const t = setTimeout(fn, delayMs);
    return { cancel: () => clearTimeout(t) };
  }
  setInterval(fn: () => void, periodMs: number): TimerHandle {
    const t = setInterval(fn, periodMs);
    t.unref();
    return { cancel: () => clearInterval(t) };
  }
  setImmediate(fn: () => void): TimerHandle {
    const t = setImmediate(fn);
    return { cancel: () => clearImmediate(t) };
  }
}

/** Signal 0 asks the kernel whether the process exists without touching it. */
const realProcesses: Processes = {
  selfPid: process.pid,
  isAlive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
    }
  },
};

/** The production `Env`: the OS clock, node timers, crypto randomness, node:fs and node:net. */
export function createRealEnv(): Env {
  const origin = process.hrtime.bigint();
  const originMicros = BigInt(Date.now()) * 1000n;
  return {
    clock: {
      nowMs: () => Date.now(),
      // Microsecond wall clock: the epoch origin plus monotonic progress, so it never runs backwards
      // within a process even if the OS clock steps.
      nowMicros: () => originMicros + (process.hrtime.bigint() - origin) / 1000n,
      monotonicNs: () => process.hrtime.bigint(),
    },
    timers: new RealTimers(),
    random: { next: () => Math.random(), bytes: (n) => randomBytes(n) },
    fs: new RealFileSystem(),
    net: new RealNetwork(),
    processes: realProcesses,
  };
}
