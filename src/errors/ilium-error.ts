import { ErrorCode, type ErrorCodeValue } from './error-codes.js';

/**
 * The base of every error Ilium raises on purpose. `code` is the native-protocol error code the
 * edge reports; `name` is a stable, documented identifier (see README "Error codes").
 */
export class IliumError extends Error {
  readonly code: ErrorCodeValue;

  constructor(code: ErrorCodeValue, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** A request the server understood but refuses: wrong type, bad name, unknown table… */
export class InvalidRequestError extends IliumError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.INVALID, message, options);
  }
}

/** A value that does not conform to its declared type (wrong length, invalid UTF-8, …). */
export class MarshalError extends InvalidRequestError {}

/** Configuration that cannot be used (unknown option, impossible value). */
export class ConfigurationError extends IliumError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.CONFIG_ERROR, message, options);
  }
}

/**
 * A data directory another live process holds (its LOCK names the process): a node, another
 * `open()`, or an `open()` of this very process not yet closed. `remedy` tells what to do instead.
 */
export class DataDirectoryInUseError extends ConfigurationError {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
    remedy: string,
  ) {
    super(`data directory ${dataDir} is in use by process ${pid} (its LOCK file ${lockFile}); ${remedy}`);
  }
}

/** Data on disk failed its checksum or grammar. The engine refuses it rather than serve it. */
export class CorruptionError extends IliumError {
  readonly file: string;
  readonly offset: number;

  constructor(file: string, offset: number, message: string) {
    super(ErrorCode.SERVER_ERROR, `${file} @${offset}: ${message}`);
    this.file = file;
    this.offset = offset;
  }
}

/** The engine can take no more writes right now (memtables full, flushes behind). Retry later. */
export class OverloadedError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.OVERLOADED, message);
  }
}

/** A write could not be made durable; the engine refuses writes until restarted. */
export class WriteFailureError extends IliumError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.WRITE_FAILURE, message, options);
  }
}

/**
 * commit_failure_policy stop_commit: the commit log stopped after a failure, and a write waited
 * (as Cassandra's do on a stopped commit log) until its time was up. Coded WRITE_TIMEOUT: the
 * coordinator answers it as a replica that never acknowledged.
 */
export class CommitLogStoppedError extends IliumError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ErrorCode.WRITE_TIMEOUT, message, options);
  }
}

/** The engine is closed or not yet open. */
export class EngineStateError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.SERVER_ERROR, message);
  }
}

/**
 * The requested column, super column or row does not exist (Thrift's NotFoundException: `get` of
 * an absent column). Not an error in CQL, where absence is an empty result.
 */
export class NotFoundError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.INVALID, message);
  }
}
