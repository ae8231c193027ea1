/**
 * The exceptions of the Cassandra Thrift service (interface/cassandra.thrift), thrown by a
 * `CassandraService` and written by the dispatcher as the result field the IDL declares for the
 * method. `thriftName` is the IDL's exception name; `why` is the only field some of them carry.
 * `toThriftException` maps Ilium's typed errors onto them.
 */
import {
  AuthenticationError, ConfigurationError, InvalidRequestError, NotFoundError, OverloadedError, ReadTimeoutError, UnauthorizedError,
  UnavailableError, WriteTimeoutError,
} from '../../errors/index.js';
import { AlreadyExistsError } from '../../schema/index.js';

export type ThriftExceptionName =
  | 'NotFoundException' | 'InvalidRequestException' | 'UnavailableException' | 'TimedOutException'
  | 'AuthenticationException' | 'AuthorizationException' | 'SchemaDisagreementException';

export class ThriftException extends Error {
  constructor(readonly thriftName: ThriftExceptionName, readonly why?: string) {
    super(why === undefined ? thriftName : `${thriftName}: ${why}`);
    this.name = thriftName;
  }
}

export const notFound = (): ThriftException => new ThriftException('NotFoundException');
export const invalidRequest = (why: string): ThriftException => new ThriftException('InvalidRequestException', why);

/** An Ilium error as the Thrift exception a 0.7 client expects; anything else is returned as is
 * (the dispatcher answers it with TApplicationException INTERNAL_ERROR and logs it). */
export function toThriftException(err: unknown): unknown {
  if (err instanceof ThriftException) return err;
  if (err instanceof NotFoundError) return new ThriftException('NotFoundException');
  if (err instanceof UnavailableError) return new ThriftException('UnavailableException');
  if (err instanceof ReadTimeoutError || err instanceof WriteTimeoutError) return new ThriftException('TimedOutException');
  if (err instanceof AuthenticationError) return new ThriftException('AuthenticationException', err.message);
  if (err instanceof UnauthorizedError) return new ThriftException('AuthorizationException', err.message);
  if (err instanceof InvalidRequestError) return new ThriftException('InvalidRequestException', err.message);
  // 0.7 answered schema conflicts and bad options (its ConfigurationException) as invalid requests.
  if (err instanceof AlreadyExistsError || err instanceof ConfigurationError) return new ThriftException('InvalidRequestException', err.message);
  if (err instanceof OverloadedError) return new ThriftException('TimedOutException');
  return err;
}
