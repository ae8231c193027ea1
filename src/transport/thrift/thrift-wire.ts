/**
 * Wire facts of Thrift's binary protocol and framed transport, as Cassandra's 0.7 clients speak
 * them: the type ids a field or container element carries, the message types, the strict-mode
 * version word, and the codes of TApplicationException (the error a server answers with when it
 * cannot even run the call: unknown method, unreadable arguments, an internal failure).
 */

export const TType = {
  STOP: 0,
  VOID: 1,
  BOOL: 2,
  BYTE: 3,
  DOUBLE: 4,
  I16: 6,
  I32: 8,
  I64: 10,
  STRING: 11,
  STRUCT: 12,
  MAP: 13,
  SET: 14,
  LIST: 15,
} as const;
export type TTypeId = (typeof TType)[keyof typeof TType];

const TYPE_NAMES: Record<number, string> = {
  0: 'stop', 1: 'void', 2: 'bool', 3: 'byte', 4: 'double', 6: 'i16', 8: 'i32', 10: 'i64', 11: 'string', 12: 'struct',
  13: 'map', 14: 'set', 15: 'list',
};

/** A type id as the IDL spells it ("type 7" for ids Thrift does not define). */
export function typeName(id: number): string {
  return TYPE_NAMES[id] ?? `type ${id}`;
}

export function isKnownType(id: number): boolean {
  return id in TYPE_NAMES && id !== TType.STOP;
}

export const MessageType = {
  CALL: 1,
  REPLY: 2,
  EXCEPTION: 3,
  ONEWAY: 4,
} as const;

/** Strict binary protocol: the first word of a message is this version OR'ed with the message type. */
export const VERSION_1 = 0x80010000;
export const VERSION_MASK = 0xffff0000;

/** TApplicationException.type values. */
export const ApplicationExceptionType = {
  UNKNOWN: 0,
  UNKNOWN_METHOD: 1,
  INVALID_MESSAGE_TYPE: 2,
  WRONG_METHOD_NAME: 3,
  BAD_SEQUENCE_ID: 4,
  MISSING_RESULT: 5,
  INTERNAL_ERROR: 6,
  PROTOCOL_ERROR: 7,
} as const;

/** Cassandra's default `thrift_framed_transport_size_in_mb`. */
export const DEFAULT_MAX_FRAME_MB = 15;
