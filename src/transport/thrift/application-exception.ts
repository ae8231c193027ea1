/**
 * TApplicationException: the reply for a call the server could not run as a call (unknown
 * method, unreadable arguments, an internal failure). Written as an EXCEPTION message whose body
 * is the struct {1: string message, 2: i32 type}; read back by clients as an error.
 */
import type { MessageHeader, ThriftReader } from './thrift-reader.js';
import { ThriftWriter } from './thrift-writer.js';
import { MessageType, TType } from './thrift-wire.js';

export class ThriftApplicationError extends Error {
  constructor(readonly type: number, message: string) {
    super(message);
    this.name = 'TApplicationException';
  }
}

export function applicationExceptionReply(call: Pick<MessageHeader, 'name' | 'seqid'>, type: number, message: string): Buffer {
  const w = new ThriftWriter().frame().messageBegin(call.name, MessageType.EXCEPTION, call.seqid);
  w.fieldBegin(TType.STRING, 1).string(message);
  w.fieldBegin(TType.I32, 2).i32(type);
  w.fieldStop();
  return w.finishFrame();
}

export function readApplicationException(r: ThriftReader): ThriftApplicationError {
  let message = '';
  let type = 0;
  for (;;) {
    const f = r.fieldBegin();
    if (f.type === TType.STOP) break;
    if (f.id === 1 && f.type === TType.STRING) message = r.string();
    else if (f.id === 2 && f.type === TType.I32) type = r.i32();
    else r.skip(f.type);
  }
  return new ThriftApplicationError(type, message);
}
