/**
 * Which consistency levels a statement accepts, with Cassandra's messages (its ConsistencyLevel
 * validate* rules). Checked when a statement runs, before it reads or writes anything:
 *   reads                     any level but ANY (SERIAL / LOCAL_SERIAL are serial reads)
 *   writes                    any level but SERIAL / LOCAL_SERIAL
 *   counter writes            neither ANY nor a serial level
 *   conditional writes (IF)   a serial "serial consistency" (SERIAL by default), and a commit
 *                             consistency that is not serial
 * Whether enough replicas are alive for a level is the coordinator's question, not asked here.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type Consistency, isSerialConsistency as isSerial } from '../../locator/index.js';
import type { QueryOptions } from './query-options.js';

export function checkReadConsistency(options: QueryOptions): void {
  checkReadLevel(options.consistency);
}

/** A write without conditions; `counterTable` names the table when it holds counters. */
export function checkWriteConsistency(options: QueryOptions, counterTable: string | undefined): void {
  checkWriteLevel(options.consistency, counterTable);
}

/** The read rule on a level alone (Thrift's calls carry a level, not QueryOptions). */
export function checkReadLevel(cl: Consistency): void {
  if (cl === 'ANY') throw new InvalidRequestError('ANY ConsistencyLevel is only supported for writes');
}

/** The write rule on a level alone; `counterTable` names the table when it holds counters. */
export function checkWriteLevel(cl: Consistency, counterTable: string | undefined): void {
  if (counterTable !== undefined) {
    if (cl === 'ANY') throw new InvalidRequestError(`Consistency level ANY is not yet supported for counter table ${counterTable}`);
    if (isSerial(cl)) throw new InvalidRequestError('Counter operations are inherently non-serializable');
  } else if (isSerial(cl)) {
    throw new InvalidRequestError('You must use conditional updates for serializable writes');
  }
}

export function checkConditionalConsistency(options: QueryOptions): void {
  if (!isSerial(options.serialConsistency ?? 'SERIAL')) {
    throw new InvalidRequestError('Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL');
  }
  const cl = options.consistency;
  if (isSerial(cl)) {
    throw new InvalidRequestError(
      `${cl} is not supported as conditional update commit consistency. Use ANY if you mean "make sure it is accepted but I don't care how many replicas commit it for non-SERIAL reads"`,
    );
  }
}
