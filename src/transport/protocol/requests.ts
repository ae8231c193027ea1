import type { BoundValue } from './body-reader.js';
import type { ConsistencyLevel } from './consistency.js';
import type { QueryParameters } from './query-parameters.js';

/**
 * Request messages as decoded from the wire (v4 spec §4.1). Bodies only; the frame's stream,
 * flags and version travel beside them.
 */
export interface StartupRequest {
  readonly opcode: 'STARTUP';
  /** CQL_VERSION, COMPRESSION, DRIVER_NAME, … as sent. */
  readonly options: ReadonlyMap<string, string>;
}

export interface AuthResponseRequest {
  readonly opcode: 'AUTH_RESPONSE';
  readonly token: Buffer | null;
}

export interface OptionsRequest {
  readonly opcode: 'OPTIONS';
}

export interface QueryRequest {
  readonly opcode: 'QUERY';
  readonly query: string;
  readonly params: QueryParameters;
}

export interface PrepareRequest {
  readonly opcode: 'PREPARE';
  readonly query: string;
  /** v5 (flag 0x01): the keyspace unqualified names resolve in, instead of the connection's. */
  readonly keyspace?: string;
}

export interface ExecuteRequest {
  readonly opcode: 'EXECUTE';
  readonly id: Buffer;
  /** v5: the id of the result metadata the client holds for the statement (from its PREPARED). */
  readonly resultMetadataId?: Buffer;
  readonly params: QueryParameters;
}

export type BatchType = 'LOGGED' | 'UNLOGGED' | 'COUNTER';

/**
 * One statement of a batch: query text or a prepared id, and its values. Values by name are not
 * supported in batches (the flag follows the values; the v4 spec says it cannot work).
 */
export type BatchStatement =
  | { readonly kind: 'query'; readonly query: string; readonly values: readonly BoundValue[] }
  | { readonly kind: 'prepared'; readonly id: Buffer; readonly values: readonly BoundValue[] };

export interface BatchRequest {
  readonly opcode: 'BATCH';
  readonly type: BatchType;
  readonly statements: readonly BatchStatement[];
  readonly consistency: ConsistencyLevel;
  readonly serialConsistency?: ConsistencyLevel;
  readonly timestamp?: bigint;
  /** v5: the keyspace the batch's query texts resolve unqualified names in. */
  readonly keyspace?: string;
  /** v5: the time, in seconds since the epoch, the batch is run as of. */
  readonly nowInSeconds?: number;
}

export type EventType = 'TOPOLOGY_CHANGE' | 'STATUS_CHANGE' | 'SCHEMA_CHANGE';

export const EVENT_TYPES: readonly EventType[] = ['TOPOLOGY_CHANGE', 'STATUS_CHANGE', 'SCHEMA_CHANGE'];

export interface RegisterRequest {
  readonly opcode: 'REGISTER';
  readonly events: readonly EventType[];
}

export type Request =
  | StartupRequest
  | AuthResponseRequest
  | OptionsRequest
  | QueryRequest
  | PrepareRequest
  | ExecuteRequest
  | BatchRequest
  | RegisterRequest;
