/**
 * Errors shaped like node:fs's (message, `code`, `errno`, `syscall`, `path`, `dest`), so code that
 * handles `err.code === 'ENOENT'` behaves the same on the simulated file system as on the real one.
 */
const DESCRIPTIONS = {
  ENOENT: [-2, 'no such file or directory'],
  EIO: [-5, 'i/o error'],
  EBADF: [-9, 'bad file descriptor'],
  EEXIST: [-17, 'file already exists'],
  ENOTDIR: [-20, 'not a directory'],
  EISDIR: [-21, 'illegal operation on a directory'],
  EINVAL: [-22, 'invalid argument'],
  ENOSPC: [-28, 'no space left on device'],
  ENOTEMPTY: [-39, 'directory not empty'],
  EPERM: [-1, 'operation not permitted'],
} as const;

export type FsErrorCode = keyof typeof DESCRIPTIONS;

/** node:fs's error shape; `dest` is set for two-path calls (rename, link). */
export interface FsError extends NodeJS.ErrnoException {
  dest?: string;
}

export function fsError(code: FsErrorCode, syscall: string, path?: string, dest?: string): FsError {
  const [errno, description] = DESCRIPTIONS[code];
  let message = `${code}: ${description}, ${syscall}`;
  if (path !== undefined) message += ` '${path}'`;
  if (dest !== undefined) message += ` -> '${dest}'`;
  const err: FsError = new Error(message);
  err.errno = errno;
  err.code = code;
  err.syscall = syscall;
  if (path !== undefined) err.path = path;
  if (dest !== undefined) err.dest = dest;
  return err;
}
