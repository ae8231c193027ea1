import { ErrorCode, IliumError } from '../../errors/index.js';

/**
 * A client message broke the protocol: bad framing, a truncated or malformed body, a message
 * not allowed in the connection's state. Answered with a PROTOCOL_ERROR on the request's stream.
 */
export class ProtocolViolation extends IliumError {
  constructor(message: string) {
    super(ErrorCode.PROTOCOL_ERROR, message);
  }
}
