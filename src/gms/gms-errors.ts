/** The typed errors of the gossip layer. */
import { ErrorCode, IliumError } from '../errors/index.js';

/** A gossip payload that does not follow its grammar (truncated, garbled, out of range). */
export class GossipCodecError extends IliumError {
  constructor(
    readonly what: string,
    readonly offset: number,
    detail: string,
  ) {
    super(ErrorCode.PROTOCOL_ERROR, `malformed ${what} at byte ${offset}: ${detail}`);
  }
}
