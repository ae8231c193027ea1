/**
 * Error codes of the CQL native protocol (v4 spec, section 9). They are wire facts; every typed
 * Ilium error carries one so the edges (CQL, Thrift) translate errors in exactly one place.
 * Never renumber: clients switch on these values.
 */
export const ErrorCode = {
  SERVER_ERROR: 0x0000,
  PROTOCOL_ERROR: 0x000a,
  BAD_CREDENTIALS: 0x0100,
  UNAVAILABLE: 0x1000,
  OVERLOADED: 0x1001,
  IS_BOOTSTRAPPING: 0x1002,
  TRUNCATE_ERROR: 0x1003,
  WRITE_TIMEOUT: 0x1100,
  READ_TIMEOUT: 0x1200,
  READ_FAILURE: 0x1300,
  FUNCTION_FAILURE: 0x1400,
  WRITE_FAILURE: 0x1500,
  SYNTAX_ERROR: 0x2000,
  UNAUTHORIZED: 0x2100,
  INVALID: 0x2200,
  CONFIG_ERROR: 0x2300,
  ALREADY_EXISTS: 0x2400,
  UNPREPARED: 0x2500,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
