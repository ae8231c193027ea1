/**
 * What a Thrift call throws → Ilium's typed errors, so a call over Thrift fails with the classes
 * an embedded or CQL one does: each exception of the 0.7 service by its name (the server's `why`
 * kept as the message), TApplicationException and connection failures as an IliumError with the
 * SERVER_ERROR code. The 0.7 exceptions carry no replica counts, so Unavailable and the timeouts
 * report 0 for them and say so.
 */
import { AuthenticationError, ErrorCode, IliumError, InvalidRequestError, NotFoundError, ReadTimeoutError, UnauthorizedError, UnavailableError, WriteTimeoutError } from '../../errors/index.js';
import { ThriftException } from '../../thrift/service/thrift-exceptions.js';
import { ThriftApplicationError } from '../../transport/thrift/index.js';

/** Whether a call reads or writes: decides which timeout error a TimedOutException becomes. */
export type CallKind = 'read' | 'write' | 'schema';

const NO_COUNTS = '(the Thrift API does not say how many replicas answered)';

export function fromThriftError(e: unknown, method: string, kind: CallKind, consistency: string): unknown {
  if (e instanceof IliumError) return e;
  if (e instanceof ThriftException) {
    const why = e.why ?? '';
    switch (e.thriftName) {
      case 'NotFoundException':
        return new NotFoundError(why === '' ? `${method}: not found` : why);
      case 'InvalidRequestException':
        return new InvalidRequestError(why, { cause: e });
      case 'UnavailableException':
        return new UnavailableError(`${method}: not enough replicas alive for consistency ${consistency} ${NO_COUNTS}`, consistency, 0, 0);
      case 'TimedOutException':
        return kind === 'read'
          ? new ReadTimeoutError(`${method}: replicas did not answer in time at consistency ${consistency} ${NO_COUNTS}`, consistency, 0, 0, false)
          : new WriteTimeoutError(`${method}: replicas did not acknowledge in time at consistency ${consistency} ${NO_COUNTS}`, consistency, 0, 0, 'SIMPLE');
      case 'AuthenticationException':
        return new AuthenticationError(why);
      case 'AuthorizationException':
        return new UnauthorizedError(why);
      case 'SchemaDisagreementException':
        return new IliumError(ErrorCode.SERVER_ERROR, `${method}: the nodes do not agree on the schema yet; try again`, { cause: e });
    }
  }
  if (e instanceof ThriftApplicationError) return new IliumError(ErrorCode.SERVER_ERROR, `${method}: ${e.message}`, { cause: e });
  if (e instanceof Error) return new IliumError(ErrorCode.SERVER_ERROR, `${method}: ${e.message}`, { cause: e });
  return e;
}
