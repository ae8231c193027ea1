import type { FileSystem } from '../../src/env/index.js';
import type { MemoryFileSystem } from '../../src/env/memory-file-system.js';

/**
 * The file-system handle of a process that can die: after `kill()` every call fails with EIO, as
 * a crashed process can no longer touch the disk, while the next "process" opens the underlying
 * MemoryFileSystem afresh. `crash()` kills the handle and drops everything not yet synced.
 */
export function processFs(fs: MemoryFileSystem): { fs: FileSystem; crash: () => void } {
  let dead = false;
  const handle = new Proxy(fs, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (dead) throw Object.assign(new Error('EIO: the process is dead'), { code: 'EIO' });
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    fs: handle,
    crash: () => {
      dead = true;
      fs.crash();
    },
  };
}
