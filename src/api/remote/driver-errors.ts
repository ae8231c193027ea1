/**
 * The driver's errors → Ilium's typed errors, so a remote call fails with the same classes an
 * embedded one does: a server ERROR frame by its protocol code (InvalidRequestError for 0x2200, …,
 * the server's message kept), NoHostAvailable with a server error inside as that error; anything
 * else (a connection that cannot be made) as an IliumError with the SERVER_ERROR code.
 */
import cassandra from 'cassandra-driver';
import { AuthenticationError, ConfigurationError, CqlSyntaxError, ErrorCode, type ErrorCodeValue, IliumError, InvalidRequestError, OverloadedError, TruncateError, UnauthorizedError } from '../../errors/index.js';
import { AlreadyExistsError } from '../../schema/index.js';

export function fromDriverError(e: unknown): unknown {
  if (e instanceof IliumError) return e;
  if (e instanceof cassandra.errors.ResponseError) return byCode(e.code as ErrorCodeValue, e.message, e);
  if (e instanceof cassandra.errors.NoHostAvailableError) {
    const inner = Object.values((e.innerErrors ?? {}) as Record<string, unknown>).find((x) => x instanceof cassandra.errors.ResponseError);
    if (inner !== undefined) return fromDriverError(inner);
    // a refused login (the driver wraps the server's 0x0100) or a node that wants one
    const auth = Object.values((e.innerErrors ?? {}) as Record<string, unknown>).find((x) => x instanceof cassandra.errors.AuthenticationError);
    if (auth !== undefined) return fromDriverError(auth);
    return new IliumError(ErrorCode.SERVER_ERROR, e.message, { cause: e });
  }
  if (e instanceof cassandra.errors.AuthenticationError) return new AuthenticationError(e.message);
  return e;
}

function byCode(code: ErrorCodeValue, message: string, cause: unknown): IliumError {
  switch (code) {
    case ErrorCode.INVALID:
      return new InvalidRequestError(message, { cause });
    case ErrorCode.CONFIG_ERROR:
      return new ConfigurationError(message, { cause });
    case ErrorCode.ALREADY_EXISTS: {
      const info = cause as { keyspace?: string; table?: string };
      return new AlreadyExistsError(info.keyspace ?? '', info.table ?? '', message);
    }
    case ErrorCode.SYNTAX_ERROR:
      return new CqlSyntaxError(message);
    case ErrorCode.UNAUTHORIZED:
      return new UnauthorizedError(message);
    case ErrorCode.BAD_CREDENTIALS:
      return new AuthenticationError(message);
    case ErrorCode.OVERLOADED:
      return new OverloadedError(message);
    case ErrorCode.TRUNCATE_ERROR:
      return new TruncateError(message, { cause });
    default:
      return new IliumError(code, message, { cause });
  }
}
