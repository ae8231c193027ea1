/**
 * A ring change that cannot be applied: a bootstrap token already owned by another node, a host
 * id claimed by two addresses, a node given no tokens. Gossip and topology commands feed these
 * changes, so they are refused with a typed error and the previous ring snapshot stays in force.
 */
import { ErrorCode, IliumError } from '../errors/index.js';

export class TopologyError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.SERVER_ERROR, message);
  }
}
