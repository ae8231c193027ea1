/**
 * USING TTL / USING TIMESTAMP (Cassandra's Attributes): literals or bind markers named `[ttl]`
 * (int) and `[timestamp]` (bigint). The timestamp is, in order: USING TIMESTAMP, the client's
 * default timestamp (QueryOptions.timestamp, or the BATCH's), the server's clock. The TTL is
 * USING TTL (0 explicitly means none, even over a table default), else the table's
 * default_time_to_live; negative and too large TTLs are refused with Cassandra's messages.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE, LONG_TYPE } from '../../marshal/index.js';
import { TTL_SECONDS_MAX, type ColumnFamilyDef } from '../../schema/index.js';
import type { BoundValue, ColumnSpec, CqlContext, QueryOptions } from '../execution/index.js';
import type { IntValue, UsingClause } from '../parser/index.js';
import { type BoundTerm, bindTerm } from '../terms/index.js';
import type { TermScope } from '../terms/index.js';

/** How one statement's cells are written. */
export interface WriteParams {
  /** Microseconds. */
  readonly timestamp: bigint;
  /** Seconds; 0 for none. */
  readonly ttl: number;
  /** Server time in seconds: expiry and tombstone local deletion times count from it. */
  readonly nowSec: number;
}

export class BoundAttributes {
  private constructor(
    private readonly ttlTerm: BoundTerm | null,
    private readonly timestampTerm: BoundTerm | null,
  ) {}

  /** `table` names the markers' keyspace and table. */
  static bind(using: UsingClause, table: { readonly keyspace: string; readonly name: string }, scope: TermScope): BoundAttributes {
    const spec = (name: string, type: ColumnSpec['type']): ColumnSpec => ({ keyspace: table.keyspace, table: table.name, name, type });
    const bindInt = (v: IntValue | null, name: string, type: ColumnSpec['type']) => (v === null ? null : bindTerm(v, spec(name, type), scope));
    return new BoundAttributes(bindInt(using.ttl, '[ttl]', INT32_TYPE), bindInt(using.timestamp, '[timestamp]', LONG_TYPE));
  }

  static readonly NONE = new BoundAttributes(null, null);

  get isTimestampSet(): boolean {
    return this.timestampTerm !== null;
  }

  get isTtlSet(): boolean {
    return this.ttlTerm !== null;
  }

  /** The write timestamp; `fallback` when none is given (the batch's or the client's). */
  timestamp(values: readonly BoundValue[], fallback: () => bigint): bigint {
    if (this.timestampTerm === null) return fallback();
    const v = this.timestampTerm.evaluate(values);
    if (v === null) throw new InvalidRequestError('Invalid null value of timestamp');
    if (typeof v === 'symbol') return fallback();
    if (v.length !== 8) throw new InvalidRequestError(`Invalid timestamp value: a timestamp is 8 bytes, got ${v.length}`);
    const ts = v.readBigInt64BE(0);
    if (ts === -(2n ** 63n)) throw new InvalidRequestError(`Out of bound timestamp, must be greater than ${-(2n ** 63n)}`);
    return ts;
  }

  ttl(values: readonly BoundValue[], cf: ColumnFamilyDef): number {
    if (this.ttlTerm === null) return cf.defaultTimeToLive;
    const v = this.ttlTerm.evaluate(values);
    if (v === null) return 0;
    if (typeof v === 'symbol') return cf.defaultTimeToLive;
    if (v.length !== 4) throw new InvalidRequestError(`Invalid TTL value: a TTL is a 4-byte int, got ${v.length} bytes`);
    const ttl = v.readInt32BE(0);
    if (ttl < 0) throw new InvalidRequestError(`A TTL must be greater or equal to 0, but was ${ttl}`);
    if (ttl > TTL_SECONDS_MAX) throw new InvalidRequestError(`ttl is too large. requested (${ttl}) maximum (${TTL_SECONDS_MAX})`);
    return ttl;
  }
}

/** The timestamp a statement writes at when it gives none itself. */
export function defaultTimestamp(ctx: CqlContext, options: QueryOptions): () => bigint {
  let ts: bigint | undefined;
  return () => (ts ??= options.timestamp ?? ctx.timestamps.next());
}
