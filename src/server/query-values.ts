/**
 * A request's values and parameters → the executor's QueryOptions for one statement: values in
 * marker order (values sent by name, NAMES_FOR_VALUES, are placed by the names of the
 * statement's bind variables: a `:name` marker's own name, else the column it binds), the
 * transport's UNSET turned into the CQL layer's, the count checked as Cassandra checks it, and
 * consistency, serial consistency, paging and the default timestamp carried over.
 */
import { type BoundValue, type ColumnSpec, type Consistency, type QueryOptions, UNSET as CQL_UNSET } from '../cql/execution/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { type BoundValue as WireValue, type ConsistencyLevel, type QueryParameters, UNSET as WIRE_UNSET } from '../transport/index.js';

/** The largest number of bind markers a prepared statement may have (an unsigned short on the wire). */
export const MAX_BIND_MARKERS = 0xffff;

export function toQueryOptions(params: QueryParameters, bindVariables: readonly ColumnSpec[]): QueryOptions {
  const values = params.names === undefined ? positionalValues(params.values, bindVariables.length) : namedValues(params.names, params.values, bindVariables);
  const options: { -readonly [K in keyof QueryOptions]: QueryOptions[K] } = { consistency: consistency(params.consistency), values };
  if (params.serialConsistency !== undefined) options.serialConsistency = consistency(params.serialConsistency);
  if (params.pageSize !== undefined && params.pageSize > 0) options.pageSize = params.pageSize;
  if (params.pagingState !== undefined) options.pagingState = params.pagingState;
  if (params.timestamp !== undefined) options.timestamp = params.timestamp;
  if (params.nowInSeconds !== undefined) options.nowInSeconds = params.nowInSeconds;
  return options;
}

/** The values of one statement of a BATCH (positional only; the count message is Cassandra's for batches). */
export function batchValues(values: readonly WireValue[], markers: number): BoundValue[] {
  if (values.length !== markers) throw new InvalidRequestError(`There were ${markers} markers(?) in CQL but ${values.length} bound variables`);
  return values.map(toCqlValue);
}

export function consistency(level: ConsistencyLevel): Consistency {
  return level;
}

function positionalValues(values: readonly WireValue[], markers: number): readonly BoundValue[] {
  if (values.length !== markers) throw new InvalidRequestError('Invalid amount of bind variables');
  // The request's own array when nothing in it is UNSET (the usual case): no copy per request.
  return values.includes(WIRE_UNSET) ? values.map(toCqlValue) : (values as readonly (Buffer | null)[]);
}

function namedValues(names: readonly string[], values: readonly WireValue[], specs: readonly ColumnSpec[]): BoundValue[] {
  if (names.length !== values.length) throw new InvalidRequestError('Invalid amount of bind variables');
  const out = new Array<BoundValue | undefined>(specs.length).fill(undefined);
  names.forEach((name, j) => {
    const positions = positionsOf(name, specs);
    if (positions.length === 0) {
      throw new InvalidRequestError(`Invalid named value '${name}': the statement has no bind marker of that name (its markers: ${markerNames(specs)})`);
    }
    for (const i of positions) out[i] = toCqlValue(values[j]!);
  });
  return out.map((v, i) => {
    if (v === undefined) throw new InvalidRequestError(`No value was given for bind marker '${specs[i]!.name}'`);
    return v;
  });
}

/** The markers a name binds: those of exactly that name, else those equal ignoring case. */
function positionsOf(name: string, specs: readonly ColumnSpec[]): number[] {
  const exact: number[] = [];
  const folded: number[] = [];
  const lower = name.toLowerCase();
  specs.forEach((s, i) => {
    if (s.name === name) exact.push(i);
    else if (s.name.toLowerCase() === lower) folded.push(i);
  });
  return exact.length > 0 ? exact : folded;
}

function markerNames(specs: readonly ColumnSpec[]): string {
  return specs.length === 0 ? 'none' : [...new Set(specs.map((s) => s.name))].join(', ');
}

function toCqlValue(v: WireValue): BoundValue {
  return v === WIRE_UNSET ? CQL_UNSET : v;
}
