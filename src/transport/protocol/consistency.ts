/**
 * The [consistency] notation: a [short] naming a consistency level. Wire facts (v4 spec §3).
 * The query layer sees names; codes stay at the wire.
 */
export const CONSISTENCY_CODES = {
  ANY: 0x0000,
  ONE: 0x0001,
  TWO: 0x0002,
  THREE: 0x0003,
  QUORUM: 0x0004,
  ALL: 0x0005,
  LOCAL_QUORUM: 0x0006,
  EACH_QUORUM: 0x0007,
  SERIAL: 0x0008,
  LOCAL_SERIAL: 0x0009,
  LOCAL_ONE: 0x000a,
} as const;

export type ConsistencyLevel = keyof typeof CONSISTENCY_CODES;

const BY_CODE: ReadonlyMap<number, ConsistencyLevel> = new Map(
  (Object.entries(CONSISTENCY_CODES) as [ConsistencyLevel, number][]).map(([name, code]) => [code, name]),
);

/** The level for a wire code, or undefined for an unknown code. */
export function consistencyFromCode(code: number): ConsistencyLevel | undefined {
  return BY_CODE.get(code);
}

export function consistencyCode(level: ConsistencyLevel): number {
  return CONSISTENCY_CODES[level];
}

export function isConsistencyLevel(s: string): s is ConsistencyLevel {
  return Object.hasOwn(CONSISTENCY_CODES, s);
}
