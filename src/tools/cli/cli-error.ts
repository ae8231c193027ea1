/**
 * A statement the shell refuses or cannot finish, with the message cassandra-cli prints for it.
 * Errors from the server arrive as ThriftException and are printed by `formatCliError`.
 */
import { ThriftException } from '../../thrift/service/thrift-exceptions.js';
import { CliSyntaxError } from './cli-cursor.js';

export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * The line printed for a failed statement: an InvalidRequestException's `why` (as cassandra-cli),
 * other Thrift exceptions as Thrift names them (`NotFoundException()`), syntax errors with their
 * position, anything else by its message. In a script, non-syntax errors start with the line.
 */
export function formatCliError(e: unknown, scriptLine: number | undefined): string {
  if (e instanceof CliSyntaxError) return `Syntax error at ${e.message}`;
  const prefix = scriptLine === undefined ? '' : `Line ${scriptLine} => `;
  if (e instanceof ThriftException) {
    const text = e.thriftName === 'InvalidRequestException' && e.why !== undefined ? e.why : `${e.thriftName}(${e.why === undefined ? '' : `why:${e.why}`})`;
    return prefix + text;
  }
  return prefix + (e instanceof Error ? e.message : String(e));
}
