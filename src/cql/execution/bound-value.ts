/**
 * A bound value as the executor receives it: the serialized bytes, null (CQL null), or UNSET
 * (protocol v4's "not set": the column is left as it is). The CQL layer keeps its own UNSET so it
 * imports nothing from the transport; the server maps the transport's marker onto this one.
 */
export const UNSET: unique symbol = Symbol('cql.unset');
export type Unset = typeof UNSET;
export type BoundValue = Buffer | null | Unset;
