/**
 * How a failed `ilium` command reaches the person who ran it: one line, no stack trace, for what
 * they can fix (a setting, a path, a port: `IliumError`s, and file-system errors a start-up turned
 * into a `ConfigurationError` naming the setting with `fileSettingError`); the stack trace for
 * anything else, which is a bug. `ILIUM_DEBUG=1` prints the stack trace of every failure.
 *
 * Cassandra does the same at start-up (CassandraDaemon.activate, checked in 4.0): a
 * ConfigurationException prints its message alone, any other failure its stack trace too.
 */
import { resolve, sep } from 'node:path';
import { ConfigurationError, IliumError } from '../errors/index.js';

/** The line `ilium` prints on stderr for a failure `e` (without its trailing newline). */
export function failureLine(e: unknown, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const debug = env.ILIUM_DEBUG !== undefined && env.ILIUM_DEBUG !== '' && env.ILIUM_DEBUG !== '0';
  if (e instanceof IliumError && !debug) return `ilium: ${e.name}: ${oneLine(e.message)}`;
  return `ilium: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`;
}

/** A directory setting of the node and the command-line flag that overrides it (if any). */
export interface DirectorySetting {
  readonly path: string;
  /** The cassandra.yaml key (and flag), e.g. `data_file_directories (--data)`. */
  readonly setting: string;
}

/**
 * A file-system error (EACCES, ENOTDIR, EROFS, …) met while opening a node's directories, as a
 * ConfigurationError naming the setting whose directory holds the path; other errors unchanged.
 */
export function fileSettingError(e: unknown, settings: readonly DirectorySetting[]): unknown {
  const err = e as NodeJS.ErrnoException;
  if (typeof err?.code !== 'string' || typeof err.path !== 'string') return e;
  const why = FS_REASONS[err.code];
  if (why === undefined) return e;
  const path = resolve(err.path);
  const owner = settings.find((s) => within(path, resolve(s.path)) || within(resolve(s.path), path));
  const setting = owner?.setting ?? settings[0]?.setting ?? 'data_file_directories (--data)';
  const dir = owner === undefined ? path : resolve(owner.path);
  return new ConfigurationError(`cannot use ${dir} for ${setting}: ${why}${dir === path ? '' : ` at ${path}`}`, { cause: e });
}

const FS_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'a file is in the way of a directory',
  EISDIR: 'a directory is in the way of a file',
  ENOSPC: 'no space left on the device',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links in the path',
};

function within(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ').trim();
}
