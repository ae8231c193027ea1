/**
 * Runs Thrift calls against a service implementation: the message's method is looked up in the
 * compiled IDL, its arguments are read into the implementation's positional parameters, the
 * result or the thrown ThriftException is written as the method's result struct.
 *
 * What a client gets when the call cannot run as asked:
 * - an unknown method: TApplicationException UNKNOWN_METHOD ("Invalid method name: 'x'")
 * - unreadable arguments (wrong field type, missing required field, bad enum value, invalid
 *   UTF-8, truncated bytes): InvalidRequestException naming the field when the method declares
 *   it, TApplicationException PROTOCOL_ERROR otherwise; nothing has run
 * - an exception the method does not declare: InvalidRequestException if declared, otherwise
 *   TApplicationException INTERNAL_ERROR
 * - any other failure: TApplicationException INTERNAL_ERROR with its message, logged
 *
 * A result is written in steps (struct-codec.ts's `writeSteps`), which the connection runs,
 * yielding the loop between them, and it writes the frame once complete: a list of 20,001
 * KeySlices is ~20 steps; a small result is complete at the first.
 */
import type { MessageHeader, ThriftConnectionHandler, ThriftReader, ThriftReply } from '../../transport/thrift/index.js';
import type { Steps } from '../../util/steps.js';
import { ApplicationExceptionType, MessageType, ThriftProtocolError, ThriftWriter, applicationExceptionReply } from '../../transport/thrift/index.js';
import type { TransportLogger } from '../../transport/server/transport-logger.js';
import type { CompiledIdl, MethodCodec } from '../idl/struct-codec.js';
import { ThriftException, toThriftException } from '../service/thrift-exceptions.js';

type Implementation = Record<string, unknown>;

export class ServiceDispatcher implements ThriftConnectionHandler {
  constructor(
    private readonly idl: CompiledIdl,
    private readonly impl: object,
    private readonly logger: TransportLogger,
    private readonly onClosed?: () => void,
  ) {}

  async handle(header: MessageHeader, args: ThriftReader): Promise<ThriftReply | null> {
    const m = this.idl.methods.get(header.name);
    if (m === undefined || (header.type !== MessageType.CALL && header.type !== MessageType.ONEWAY)) {
      const why = m === undefined ? `Invalid method name: '${header.name}'` : `message type ${header.type} is not a call`;
      return applicationExceptionReply(header, m === undefined ? ApplicationExceptionType.UNKNOWN_METHOD : ApplicationExceptionType.INVALID_MESSAGE_TYPE, why);
    }
    let values: Record<string, unknown>;
    try {
      values = m.args.read(args);
    } catch (e) {
      if (!(e instanceof ThriftProtocolError)) throw e;
      if (m.throws.has('InvalidRequestException')) return this.exceptionReply(header, m, new ThriftException('InvalidRequestException', e.message));
      return applicationExceptionReply(header, ApplicationExceptionType.PROTOCOL_ERROR, e.message);
    }
    const fn = (this.impl as Implementation)[m.jsName];
    if (typeof fn !== 'function') return applicationExceptionReply(header, ApplicationExceptionType.UNKNOWN_METHOD, `Method '${header.name}' is not implemented`);
    let result: unknown;
    try {
      result = await (fn as (...a: unknown[]) => unknown).apply(this.impl, m.argNames.map((n) => values[n]));
    } catch (raw) {
      const e = toThriftException(raw);
      if (e instanceof ThriftException) return this.exceptionReply(header, m, e);
      this.logger.error(`thrift ${header.name} failed`, raw);
      return applicationExceptionReply(header, ApplicationExceptionType.INTERNAL_ERROR, `Internal error processing ${header.name}: ${(raw as Error)?.message ?? String(raw)}`);
    }
    if (m.oneway) return null;
    return this.resultSteps(header, m, result);
  }

  /** The reply frame of `result`, written in steps; INTERNAL_ERROR when it does not fit the IDL (found in the step that reaches it). */
  private *resultSteps(header: MessageHeader, m: MethodCodec, result: unknown): Steps<Buffer> {
    const w = new ThriftWriter().frame().messageBegin(header.name, MessageType.REPLY, header.seqid);
    try {
      yield* m.result.writeSteps(w, m.returnsValue ? { success: result } : {});
    } catch (e) {
      this.logger.error(`thrift ${header.name} produced a result that does not fit the IDL`, e);
      return applicationExceptionReply(header, ApplicationExceptionType.INTERNAL_ERROR, `Internal error processing ${header.name}: ${(e as Error).message}`);
    }
    return w.finishFrame();
  }

  closed(): void {
    this.onClosed?.();
  }

  /** The service's login state, when it has one (ThriftSession.mustLogIn): frames stay small before it. */
  mustLogIn(): boolean {
    return (this.impl as { mustLogIn?: () => boolean }).mustLogIn?.() === true;
  }

  private exceptionReply(header: MessageHeader, m: MethodCodec, e: ThriftException): Buffer {
    let field = m.throws.get(e.thriftName);
    let why = e.why;
    if (field === undefined && m.throws.has('InvalidRequestException')) {
      field = m.throws.get('InvalidRequestException');
      why = e.why === undefined ? e.thriftName : `${e.thriftName}: ${e.why}`;
    }
    if (field === undefined) return applicationExceptionReply(header, ApplicationExceptionType.INTERNAL_ERROR, e.message);
    const w = new ThriftWriter().frame().messageBegin(header.name, MessageType.REPLY, header.seqid);
    m.result.write(w, { [field]: why === undefined ? {} : { why } });
    return w.finishFrame();
  }
}
