/**
 * Message opcodes of the CQL native protocol (v3/v4 frame header byte 4). Wire facts: never
 * renumber. 0x04 is unused since v2 (it was CREDENTIALS in v1).
 */
export const Opcode = {
  ERROR: 0x00,
  STARTUP: 0x01,
  READY: 0x02,
  AUTHENTICATE: 0x03,
  OPTIONS: 0x05,
  SUPPORTED: 0x06,
  QUERY: 0x07,
  RESULT: 0x08,
  PREPARE: 0x09,
  EXECUTE: 0x0a,
  REGISTER: 0x0b,
  EVENT: 0x0c,
  BATCH: 0x0d,
  AUTH_CHALLENGE: 0x0e,
  AUTH_RESPONSE: 0x0f,
  AUTH_SUCCESS: 0x10,
} as const;

export type OpcodeValue = (typeof Opcode)[keyof typeof Opcode];

const NAMES: ReadonlyMap<number, string> = new Map(Object.entries(Opcode).map(([name, code]) => [code, name]));

/** The opcode's name, or `0xNN` for an unknown one (for error messages). */
export function opcodeName(code: number): string {
  return NAMES.get(code) ?? `0x${code.toString(16).padStart(2, '0')}`;
}

/** Opcodes a client may send. */
export const REQUEST_OPCODES: ReadonlySet<number> = new Set([
  Opcode.STARTUP,
  Opcode.AUTH_RESPONSE,
  Opcode.OPTIONS,
  Opcode.QUERY,
  Opcode.PREPARE,
  Opcode.EXECUTE,
  Opcode.BATCH,
  Opcode.REGISTER,
]);
