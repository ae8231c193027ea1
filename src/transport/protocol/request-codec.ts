import { BodyWriter } from './body-writer.js';
import type { FrameCompressor } from './compression.js';
import { FrameFlag, buildFrame } from './frame-header.js';
import { Opcode } from './opcode.js';
import { writeQueryParameters } from './query-parameters.js';
import { BatchFlag } from './request-decoder.js';
import type { Request } from './requests.js';

/**
 * The client side of requests: encodes what `decodeRequest` decodes. Used by our tests, the fuzz
 * harness and tools; the server never calls it.
 */
const OPCODES: Readonly<Record<Request['opcode'], number>> = {
  STARTUP: Opcode.STARTUP,
  AUTH_RESPONSE: Opcode.AUTH_RESPONSE,
  OPTIONS: Opcode.OPTIONS,
  QUERY: Opcode.QUERY,
  PREPARE: Opcode.PREPARE,
  EXECUTE: Opcode.EXECUTE,
  BATCH: Opcode.BATCH,
  REGISTER: Opcode.REGISTER,
};

const BATCH_TYPE_CODES = { LOGGED: 0, UNLOGGED: 1, COUNTER: 2 } as const;

export function requestOpcode(r: Request): number {
  return OPCODES[r.opcode];
}

export function writeRequestBody(w: BodyWriter, r: Request, version = 4): void {
  switch (r.opcode) {
    case 'STARTUP':
      w.stringMap(r.options);
      return;
    case 'AUTH_RESPONSE':
      w.bytesValue(r.token);
      return;
    case 'OPTIONS':
      return;
    case 'QUERY':
      w.longString(r.query);
      writeQueryParameters(w, r.params, version);
      return;
    case 'PREPARE':
      w.longString(r.query);
      if (version >= 5) {
        w.int(r.keyspace === undefined ? 0 : 1);
        if (r.keyspace !== undefined) w.string(r.keyspace);
      }
      return;
    case 'EXECUTE':
      w.shortBytes(r.id);
      if (version >= 5) w.shortBytes(r.resultMetadataId ?? Buffer.alloc(0));
      writeQueryParameters(w, r.params, version);
      return;
    case 'BATCH': {
      w.byte(BATCH_TYPE_CODES[r.type]).short(r.statements.length);
      for (const s of r.statements) {
        if (s.kind === 'query') w.byte(0).longString(s.query);
        else w.byte(1).shortBytes(s.id);
        w.short(s.values.length);
        for (const v of s.values) w.value(v);
      }
      let flags = 0;
      if (r.serialConsistency !== undefined) flags |= BatchFlag.SERIAL_CONSISTENCY;
      if (r.timestamp !== undefined) flags |= BatchFlag.DEFAULT_TIMESTAMP;
      if (r.keyspace !== undefined) flags |= BatchFlag.WITH_KEYSPACE;
      if (r.nowInSeconds !== undefined) flags |= BatchFlag.WITH_NOW_IN_SECONDS;
      w.consistency(r.consistency);
      if (version >= 5) w.int(flags);
      else w.byte(flags);
      if (r.serialConsistency !== undefined) w.consistency(r.serialConsistency);
      if (r.timestamp !== undefined) w.long(r.timestamp);
      if (r.keyspace !== undefined) w.string(r.keyspace);
      if (r.nowInSeconds !== undefined) w.int(r.nowInSeconds);
      return;
    }
    case 'REGISTER':
      w.stringList(r.events);
      return;
  }
}

export interface RequestFrameOptions {
  readonly version?: number;
  readonly stream: number;
  readonly tracing?: boolean;
  readonly compressor?: FrameCompressor;
  /** Sent before the body with the CUSTOM_PAYLOAD flag (QUERY, PREPARE, EXECUTE, BATCH; v4). */
  readonly customPayload?: ReadonlyMap<string, Buffer | null>;
}

export function encodeRequestFrame(r: Request, o: RequestFrameOptions): Buffer {
  const w = new BodyWriter(64);
  let flags = o.tracing === true ? FrameFlag.TRACING : 0;
  if (o.customPayload !== undefined) {
    flags |= FrameFlag.CUSTOM_PAYLOAD;
    w.bytesMap(o.customPayload);
  }
  const version = o.version ?? 4;
  writeRequestBody(w, r, version);
  let body: Buffer = w.view();
  if (o.compressor !== undefined && body.length > 0) {
    body = o.compressor.compress(body);
    flags |= FrameFlag.COMPRESSION;
  }
  return buildFrame(version, false, flags, o.stream, OPCODES[r.opcode], body);
}
