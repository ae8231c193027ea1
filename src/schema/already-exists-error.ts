/**
 * The one schema error with its own native-protocol code: creating a keyspace or column family
 * that exists. Clients (cqlsh's IF NOT EXISTS handling, drivers) switch on ALREADY_EXISTS and
 * read the keyspace/table from the error payload, so both are carried here.
 */
import { ErrorCode, IliumError } from '../errors/index.js';

export class AlreadyExistsError extends IliumError {
  readonly keyspace: string;
  /** Empty when the keyspace itself exists (the protocol's convention). */
  readonly table: string;

  constructor(keyspace: string, table: string, message: string) {
    super(ErrorCode.ALREADY_EXISTS, message);
    this.keyspace = keyspace;
    this.table = table;
  }
}
