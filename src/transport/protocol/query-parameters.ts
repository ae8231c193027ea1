import type { BoundValue, BodyReader } from './body-reader.js';
import type { BodyWriter } from './body-writer.js';
import type { ConsistencyLevel } from './consistency.js';
import { ProtocolViolation } from './protocol-violation.js';

/**
 * <query_parameters> of QUERY and EXECUTE (v4 spec §4.1.4; v5 spec §4.1.4):
 *
 *   consistency:[consistency] flags:[byte] ([int] from v5)
 *   [n:[short] ([name:[string]] value:[value])*]   if VALUES (names if NAMES_FOR_VALUES)
 *   [page_size:[int]]                              if PAGE_SIZE
 *   [paging_state:[bytes]]                         if PAGING_STATE
 *   [serial_consistency:[consistency]]             if SERIAL_CONSISTENCY
 *   [timestamp:[long]]                             if DEFAULT_TIMESTAMP
 *   [keyspace:[string]]                            if WITH_KEYSPACE (v5)
 *   [now_in_seconds:[int]]                         if WITH_NOW_IN_SECONDS (v5)
 */
export const QueryFlag = {
  VALUES: 0x01,
  SKIP_METADATA: 0x02,
  PAGE_SIZE: 0x04,
  PAGING_STATE: 0x08,
  SERIAL_CONSISTENCY: 0x10,
  DEFAULT_TIMESTAMP: 0x20,
  NAMES_FOR_VALUES: 0x40,
  WITH_KEYSPACE: 0x80,
  WITH_NOW_IN_SECONDS: 0x100,
} as const;

/** The flags a version defines: v5 widened them to an int and added the last two. */
export function knownQueryFlags(version: number): number {
  return version >= 5 ? 0x1ff : 0x7f;
}

export interface QueryParameters {
  readonly consistency: ConsistencyLevel;
  /** Bound values in marker order (empty when none were sent). */
  readonly values: readonly BoundValue[];
  /** Marker names, one per value, when the client sent values by name. */
  readonly names?: readonly string[];
  /** The client will not read result metadata (the transport then sends Rows with No_metadata). */
  readonly skipMetadata: boolean;
  /** Rows per page; absent or ≤ 0 means no paging. */
  readonly pageSize?: number;
  readonly pagingState?: Buffer;
  /**
   * For conditional updates; absent means SERIAL. Any level decodes (as in Cassandra): a
   * non-serial one is the query layer's InvalidRequest, and only for a conditional update.
   */
  readonly serialConsistency?: ConsistencyLevel;
  /** Default write timestamp in microseconds. */
  readonly timestamp?: bigint;
  /** v5: the keyspace unqualified names resolve in, instead of the connection's. */
  readonly keyspace?: string;
  /** v5: the time, in seconds since the epoch, the request is run as of (TTLs, expiry). */
  readonly nowInSeconds?: number;
}

export function readValues(r: BodyReader, version: number, withNames: boolean): { values: BoundValue[]; names?: string[] } {
  const n = r.count(withNames ? 6 : 4, 'values');
  const values: BoundValue[] = [];
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    if (withNames) names.push(r.string());
    values.push(r.value(version));
  }
  return withNames ? { values, names } : { values };
}

export function readQueryParameters(r: BodyReader, version: number): QueryParameters {
  const consistency = r.consistency();
  const flags = version >= 5 ? r.int() : r.byte();
  if ((flags & ~knownQueryFlags(version)) !== 0) throw new ProtocolViolation(`unknown query flags 0x${(flags >>> 0).toString(16)}`);
  let values: BoundValue[] = [];
  let names: string[] | undefined;
  if (flags & QueryFlag.VALUES) {
    const v = readValues(r, version, (flags & QueryFlag.NAMES_FOR_VALUES) !== 0);
    values = v.values;
    names = v.names;
  }
  const p: {
    -readonly [K in keyof QueryParameters]: QueryParameters[K];
  } = { consistency, values, skipMetadata: (flags & QueryFlag.SKIP_METADATA) !== 0 };
  if (names !== undefined) p.names = names;
  if (flags & QueryFlag.PAGE_SIZE) p.pageSize = r.int();
  if (flags & QueryFlag.PAGING_STATE) {
    const s = r.bytes();
    if (s !== null) p.pagingState = s;
  }
  if (flags & QueryFlag.SERIAL_CONSISTENCY) p.serialConsistency = r.consistency();
  if (flags & QueryFlag.DEFAULT_TIMESTAMP) {
    const ts = r.long();
    if (ts < 0n) throw new ProtocolViolation(`negative default timestamp ${ts}`);
    p.timestamp = ts;
  }
  if (flags & QueryFlag.WITH_KEYSPACE) p.keyspace = r.string();
  if (flags & QueryFlag.WITH_NOW_IN_SECONDS) p.nowInSeconds = r.int();
  return p;
}

/** The client side of `readQueryParameters` (tests, tools). */
export function writeQueryParameters(w: BodyWriter, p: Partial<QueryParameters> & { consistency: ConsistencyLevel }, version = 4): void {
  const values = p.values ?? [];
  let flags = 0;
  if (values.length > 0) flags |= QueryFlag.VALUES;
  if (p.names !== undefined && values.length > 0) flags |= QueryFlag.NAMES_FOR_VALUES;
  if (p.skipMetadata === true) flags |= QueryFlag.SKIP_METADATA;
  if (p.pageSize !== undefined) flags |= QueryFlag.PAGE_SIZE;
  if (p.pagingState !== undefined) flags |= QueryFlag.PAGING_STATE;
  if (p.serialConsistency !== undefined) flags |= QueryFlag.SERIAL_CONSISTENCY;
  if (p.timestamp !== undefined) flags |= QueryFlag.DEFAULT_TIMESTAMP;
  if (p.keyspace !== undefined) flags |= QueryFlag.WITH_KEYSPACE;
  if (p.nowInSeconds !== undefined) flags |= QueryFlag.WITH_NOW_IN_SECONDS;
  w.consistency(p.consistency);
  if (version >= 5) w.int(flags);
  else w.byte(flags);
  if (flags & QueryFlag.VALUES) {
    w.short(values.length);
    values.forEach((v, i) => {
      if (flags & QueryFlag.NAMES_FOR_VALUES) w.string(p.names![i] ?? '');
      w.value(v);
    });
  }
  if (p.pageSize !== undefined) w.int(p.pageSize);
  if (p.pagingState !== undefined) w.bytesValue(p.pagingState);
  if (p.serialConsistency !== undefined) w.consistency(p.serialConsistency);
  if (p.timestamp !== undefined) w.long(p.timestamp);
  if (p.keyspace !== undefined) w.string(p.keyspace);
  if (p.nowInSeconds !== undefined) w.int(p.nowInSeconds);
}
