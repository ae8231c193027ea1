/**
 * Where `ilium start` logs go and how they look (`--log-format`, `--log-level`, `--log-file`).
 * One pino logger feeds every destination:
 * - stderr: JSON lines (pino's, as before) unless stderr is a terminal or `--log-format pretty`
 *   asks for readable lines (`log-line-format.ts`); `--log-format json` forces JSON on a terminal;
 * - `--log-file FILE`: JSON lines rotated by size with pino-roll (FILE `logs/ilium.log` is written
 *   as `logs/ilium.1.log`, then `.2.log`…, the newest `LOG_FILES_KEPT` kept, `logs/current.log` a
 *   link to the one in use), loaded only when asked for.
 * stderr is written synchronously and a closed stderr (EPIPE: `ilium start 2>&1 | head -1`) is
 * tolerated: the line is dropped, the node goes on and still stops on a signal.
 */
import { accessSync, constants, mkdirSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pino } from 'pino';
import { ConfigurationError } from '../errors/index.js';
import type { NodeLogger } from '../server/index.js';
import { formatLogLine } from './log-line-format.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Rotated files kept besides the one being written. */
export const LOG_FILES_KEPT = 5;
/** Default rotation size of `--log-file`: bytes, or a number with k, m or g (KiB, MiB, GiB). */
export const LOG_FILE_SIZE_DEFAULT = '10m';
const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/**
 * `--log-file-size` in bytes: a plain number is bytes, k/m/g multiply by 1024, 1024² and 1024³.
 * Undefined when the text is none of these. (pino-roll itself reads a plain number as MiB, so the
 * bytes are handed to it with its `b` unit.)
 */
export function logFileSizeBytes(text: string): number | undefined {
  const m = /^(\d+)([kmg]?)$/i.exec(text);
  if (m === null) return undefined;
  const bytes = Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]!;
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}
/** Tries of a write to stderr that would block (a full non-blocking pipe) before the line is dropped. */
const STDERR_RETRIES_MAX = 1000;

export interface NodeLogOptions {
  /** Absent: pretty on a terminal, JSON otherwise. */
  readonly format?: LogFormat;
  readonly level?: LogLevelName;
  readonly file?: string;
  readonly fileSize?: string;
  /** Whether stderr is a terminal (process.stderr.isTTY; tests force it with ILIUM_LOG_TTY=1). */
  readonly stderrIsTTY: boolean;
}

export interface NodeLog {
  readonly log: NodeLogger;
  /** Writes out what the file destination still buffers (called on exit). */
  flush(): void;
}

export async function openNodeLog(opts: NodeLogOptions): Promise<NodeLog> {
  const pretty = (opts.format ?? (opts.stderrIsTTY ? 'pretty' : 'json')) === 'pretty';
  const level = opts.level ?? 'info';
  const stderr = { write: (line: string) => writeStderr(pretty ? formatLogLine(line) : line) };
  const streams: pino.StreamEntry[] = [{ level, stream: stderr }];
  let file: { flushSync(): void } | undefined;
  if (opts.file !== undefined) {
    const { default: roll } = await import('pino-roll');
    logDirectory(opts.file);
    const bytes = logFileSizeBytes(opts.fileSize ?? LOG_FILE_SIZE_DEFAULT);
    if (bytes === undefined) throw new ConfigurationError(`--log-file-size takes bytes or a number with k, m or g, got ${opts.fileSize}`);
    const rolled = await roll({ file: opts.file, size: `${bytes}b`, limit: { count: LOG_FILES_KEPT }, symlink: true });
    file = rolled;
    streams.push({ level, stream: rolled });
  }
  const p = pino({ name: 'ilium', level }, pino.multistream(streams));
  const log: NodeLogger = {
    debug: (event, fields) => p.debug({ event, ...fields }, event),
    info: (event, fields) => p.info({ event, ...fields }, event),
    warn: (event, fields) => p.warn({ event, ...fields }, event),
    error: (event, fields) => p.error({ event, ...fields }, event),
  };
  return { log, flush: () => file?.flushSync() };
}

/** Makes the log file's directory; one clear error, before any stream opens, when it cannot be written. */
function logDirectory(file: string): void {
  const dir = dirname(resolve(file));
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new ConfigurationError(`--log-file ${file}: cannot write in ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { cause: e });
  }
}

/** One line to fd 2, synchronously; dropped when stderr is gone or stays full. */
function writeStderr(text: string): void {
  let rest = Buffer.from(text, 'utf8');
  for (let tries = 0; rest.length > 0 && tries < STDERR_RETRIES_MAX; tries++) {
    try {
      rest = rest.subarray(writeSync(2, rest));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') return; // EPIPE, EBADF…: nobody reads it
    }
  }
}
