/**
 * The typed errors of internode messaging. Request callers see `MessagingTimeoutError` (no answer
 * in time: lost, dropped, partitioned or slow — indistinguishable, as on a real network),
 * `RemoteFailureError` (the peer answered FAILURE_RSP), `MessageTooLargeError` and
 * `MessagingClosedError`. `InternodeProtocolError` names why a connection was closed; it never
 * reaches a caller.
 */
import { ErrorCode, IliumError } from '../errors/index.js';
import type { FailureReason } from './failure.js';
import { endpointKey, type InetAddressAndPort } from './inet-address.js';
import type { VerbName } from './verbs.js';

export class MessagingTimeoutError extends IliumError {
  constructor(
    readonly verb: VerbName,
    readonly to: InetAddressAndPort,
    readonly timeoutMs: number,
  ) {
    super(ErrorCode.SERVER_ERROR, `${verb} to ${endpointKey(to)}: no response within ${timeoutMs} ms`);
  }
}

export class RemoteFailureError extends IliumError {
  constructor(
    readonly verb: VerbName,
    readonly from: InetAddressAndPort,
    readonly reason: FailureReason,
    readonly remoteErrorCode: number,
    readonly remoteMessage: string,
  ) {
    super(ErrorCode.SERVER_ERROR, `${verb} failed on ${endpointKey(from)} (${reason}): ${remoteMessage}`);
  }
}

export class MessageTooLargeError extends IliumError {
  constructor(verb: VerbName, bytes: number, maxBytes: number) {
    super(ErrorCode.INVALID, `${verb} message of ${bytes} bytes exceeds the internode frame limit of ${maxBytes}`);
  }
}

export class MessagingClosedError extends IliumError {
  constructor(what: string) {
    super(ErrorCode.SERVER_ERROR, `messaging service is shut down: ${what}`);
  }
}

/** A peer broke the protocol (bad magic, CRC mismatch, oversized frame, unreadable message). */
export class InternodeProtocolError extends IliumError {
  constructor(message: string) {
    super(ErrorCode.PROTOCOL_ERROR, message);
  }
}
