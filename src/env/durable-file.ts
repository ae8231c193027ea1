import type { FileSystem } from './env.js';

/**
 * Replaces `dir/name` with `bytes` so that power loss leaves either the old content or the new,
 * never a mix: the bytes go to `name.tmp`, are fsynced, renamed over the file, and the rename is
 * made durable by syncing the directory.
 */
export function replaceFileDurable(fs: FileSystem, dir: string, name: string, bytes: Uint8Array): void {
  const path = `${dir}/${name}`;
  const tmp = `${path}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    for (let written = 0; written < bytes.length; ) written += fs.writeSync(fd, bytes, written, bytes.length - written, written);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, path);
  fs.fsyncDirSync(dir);
}
