/**
 * Selectors of the selection clause → SelectorNodes: columns, constants and bind markers (typed
 * by what receives them), function calls (Cassandra's overload resolution through the registry;
 * aggregates fold rows), count(*), CAST, writetime() / ttl(), UDT fields `u.f`, collection
 * elements `m['k']` / `l[0]`, slices of sets and maps `m['a'..'f']` (bounds inclusive, either
 * may be left out), arithmetic, and `(type) ?` hints on native types. Names of result
 * columns follow Cassandra: `system.max(v)`, `count`, `writetime(v)`, `cast(v as int)`, `u.f`.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, CQL_TYPES, INT32_TYPE, ListType, LONG_TYPE, MapType, SetType, UserType, isMultiCell, readCollectionValues, readTupleComponents, writeCollectionValues } from '../../marshal/index.js';
import type { CqlTable } from '../../schema/index.js';
import { CellKind } from '../../storage/model/index.js';
import { type BoundValue, UNSET } from '../execution/bound-value.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import type { CqlContext } from '../execution/cql-context.js';
import { type CallArg, CallArgs, COUNT_ROWS_NAME, type CqlFunction, NEGATION_FUNCTION_NAME, OPERATOR_FUNCTION_NAMES, castFunction, qualifiedName } from '../functions/index.js';
import type { QualifiedName, Selector } from '../parser/index.js';
import { termText } from '../restrictions/bind-relations.js';
import { validateFor } from '../restrictions/bound-values.js';
import { tokenType } from '../restrictions/token-bounds.js';
import { encodePartitionKey } from '../../db/cql-layout/partition-key.js';
import { type TermScope, bindTerm } from '../terms/index.js';
import { type Accumulator, type SelectorNode, scalarNode } from './selector-node.js';
import { pushAll } from '../../util/push-all.js';

export interface SelectorScope {
  readonly ctx: CqlContext;
  readonly table: CqlTable;
  readonly keyspace: string;
  readonly tableName: string;
  readonly terms: TermScope;
}

export function prepareSelector(sel: Selector, s: SelectorScope, receiver: ColumnSpec | null = null): SelectorNode {
  switch (sel.kind) {
    case 'column': {
      const c = s.table.columns.get(sel.name);
      if (c === undefined) throw new InvalidRequestError(`Undefined column name ${sel.name}`);
      return scalarNode(c.name, c.type, [c], (row) => row.value(c), c);
    }
    case 'term':
      return termNode(sel, s, receiver);
    case 'typeHint': {
      const type = sel.type.kind === 'native' ? CQL_TYPES.get(sel.type.name) : undefined;
      if (type === undefined) throw new InvalidRequestError('Type hints are only supported on native types in the selection clause');
      return prepareSelector(sel.selector, s, { keyspace: s.keyspace, table: s.tableName, name: selectorText(sel.selector), type });
    }
    case 'functionCall':
      if (isNativeToken(sel.name) && !s.ctx.functions.has('token')) return tokenNode(sel.args, s);
      return callNode(sel.name, sel.args, s, receiver, (names, fn) => `${qualifiedName(fn)}(${names.join(', ')})`);
    case 'binary':
      return callNode({ keyspace: null, name: OPERATOR_FUNCTION_NAMES[sel.op] }, [sel.left, sel.right], s, receiver, (names) => `${names[0]} ${sel.op} ${names[1]}`);
    case 'negate':
      return callNode({ keyspace: null, name: NEGATION_FUNCTION_NAME }, [sel.selector], s, receiver, (names) => `-${names[0]}`);
    case 'countRows':
      return functionNode(s.ctx.functions.resolve(COUNT_ROWS_NAME, []), [], s.ctx, 'count');
    case 'writetime':
    case 'ttl':
      return writetimeOrTtl(sel.kind, sel.selector, s);
    case 'cast': {
      const inner = prepareSelector(sel.selector, s);
      const to = CQL_TYPES.get(sel.type);
      if (to === undefined) throw new InvalidRequestError(`Unknown type ${sel.type}`);
      return functionNode(castFunction(inner.type, to), [inner], s.ctx, `cast(${inner.name} as ${sel.type})`);
    }
    case 'field':
      return fieldNode(prepareSelector(sel.selector, s), sel.field);
    case 'element':
      return elementNode(prepareSelector(sel.selector, s), sel, s);
    case 'slice':
      return sliceNode(prepareSelector(sel.selector, s), sel, s);
    default:
      throw new InvalidRequestError(`${sel.kind} selectors are not supported in the selection clause yet`);
  }
}

function isNativeToken(name: QualifiedName): boolean {
  return name.name === 'token' && (name.keyspace === null || name.keyspace === 'system');
}

/** The overload a call means: native or user-defined (UserFunctions.candidates), for a receiver or none. */
function resolveCall(name: QualifiedName, args: readonly CallArg[], receiver: AbstractType | null, s: SelectorScope): CqlFunction {
  return s.ctx.functions.resolve(name.name, args, receiver, s.ctx.userFunctions.candidates(s.ctx.schema(), name, s.keyspace));
}

function termNode(sel: Extract<Selector, { kind: 'term' }>, s: SelectorScope, receiver: ColumnSpec | null): SelectorNode {
  const text = termText(sel.term);
  if (receiver === null) throw new InvalidRequestError(`Cannot infer type for term ${text} in selection clause (try using a cast to force a type)`);
  const bound = bindTerm(sel.term, receiver, s.terms);
  const type = receiver.type;
  return scalarNode(text, type, [], (_row, values) => {
    const v = bound.evaluate(values);
    if (v === UNSET) throw new InvalidRequestError(`Invalid unset value for ${receiver.name}`);
    if (v !== null && !bound.constant) validateFor(v, type, receiver.name);
    return v;
  });
}

/** How an argument looks to overload resolution. */
function callArg(sel: Selector, s: SelectorScope): CallArg {
  if (sel.kind === 'term') {
    const t = sel.term;
    if (t.kind === 'literal') return CallArgs.literal(t.type, t.text, termText(t));
    if (t.kind === 'bindMarker') return CallArgs.marker(termText(t));
    if (t.kind === 'null') return CallArgs.null();
  }
  if (sel.kind === 'functionCall') return CallArgs.call(selectorText(sel), (r) => resolveCall(sel.name, sel.args.map((a) => callArg(a, s)), r, s));
  if (sel.kind === 'binary') return CallArgs.call(selectorText(sel), (r) => s.ctx.functions.resolve(OPERATOR_FUNCTION_NAMES[sel.op], [callArg(sel.left, s), callArg(sel.right, s)], r));
  const node = prepareSelector(sel, s);
  return CallArgs.typed(node.type, node.name);
}

function callNode(name: QualifiedName, args: readonly Selector[], s: SelectorScope, receiver: ColumnSpec | null, header: (argNames: string[], fn: CqlFunction) => string): SelectorNode {
  const fn = resolveCall(name, args.map((a) => callArg(a, s)), receiver?.type ?? null, s);
  s.terms.called.note(fn); // here, not in resolveCall, which callArg also runs for each candidate type
  const nodes = args.map((a, i) => prepareSelector(a, s, { keyspace: s.keyspace, table: s.tableName, name: `arg${i}(${qualifiedName(fn)})`, type: fn.argTypes[i]! }));
  return functionNode(fn, nodes, s.ctx, header(nodes.map((n) => n.name), fn));
}

/** token(k1, k2…) of the row's partition key, typed as the partitioner's tokens. */
function tokenNode(args: readonly Selector[], s: SelectorScope): SelectorNode {
  const pk = s.table.partitionKey;
  const names = args.map((a) => (a.kind === 'column' ? a.name : null));
  if (names.length !== pk.length || names.some((nm, i) => nm !== pk[i]!.name)) {
    throw new InvalidRequestError(`The token function arguments must be the partition key columns in order: ${pk.map((c) => c.name).join(', ')}`);
  }
  const p = s.ctx.partitioner;
  const type = tokenType(p);
  return scalarNode(`system.token(${names.join(', ')})`, type, pk, (row) => type.fromString(p.tokenToString(p.token(encodePartitionKey(s.table, row.partitionKey)))));
}

function functionNode(fn: CqlFunction, args: readonly SelectorNode[], ctx: CqlContext, name: string): SelectorNode {
  const columns = args.flatMap((a) => a.columns);
  if (fn.kind === 'aggregate') {
    if (args.some((a) => a.isAggregate)) throw new InvalidRequestError('aggregate functions cannot be used as arguments of aggregate functions');
    return {
      name,
      type: fn.returnType,
      isAggregate: true,
      columns,
      value: () => {
        throw new InvalidRequestError(`Aggregate function ${name} cannot be evaluated on one row`);
      },
      accumulate: (values): Accumulator => {
        let state = fn.init();
        return {
          add: (row) => {
            state = fn.add(state, args.map((a) => a.value(row, values)));
          },
          result: () => fn.result(state),
        };
      },
    };
  }
  return derived(name, fn.returnType, args, (vs) => fn.execute(vs, ctx.functionContext));
}

/** A node computing from its arguments' values; it aggregates when one of them does. */
function derived(name: string, type: AbstractType, args: readonly SelectorNode[], compute: (vs: (Buffer | null)[]) => Buffer | null): SelectorNode {
  const columns = args.flatMap((a) => a.columns);
  if (!args.some((a) => a.isAggregate)) return scalarNode(name, type, columns, (row, values) => compute(args.map((a) => a.value(row, values))));
  return {
    name,
    type,
    isAggregate: true,
    columns,
    value: () => {
      throw new InvalidRequestError(`${name} aggregates rows`);
    },
    accumulate: (values) => {
      const accs = args.map((a) => a.accumulate(values));
      return { add: (row) => accs.forEach((a) => a.add(row)), result: () => compute(accs.map((a) => a.result())) };
    },
  };
}

function writetimeOrTtl(kind: 'writetime' | 'ttl', sel: Selector, s: SelectorScope): SelectorNode {
  const label = kind === 'writetime' ? 'writeTime' : 'ttl';
  if (sel.kind !== 'column') throw new InvalidRequestError(`Cannot use selection function ${label} on ${selectorText(sel)}: only a column can be given`);
  const c = s.table.columns.get(sel.name);
  if (c === undefined) throw new InvalidRequestError(`Undefined column name ${sel.name}`);
  if (c.kind === 'partition_key' || c.kind === 'clustering') throw new InvalidRequestError(`Cannot use selection function ${label} on PRIMARY KEY part ${c.name}`);
  if (isMultiCell(c.type)) throw new InvalidRequestError(`Cannot use selection function ${label} on non-frozen ${c.type instanceof UserType ? 'UDT' : 'collection'} ${c.name}`);
  const name = `${kind}(${c.name})`;
  if (kind === 'writetime') {
    return scalarNode(name, LONG_TYPE, [c], (row) => {
      const cell = row.cell(c);
      return cell === null ? null : LONG_TYPE.decompose(cell.timestamp);
    });
  }
  return scalarNode(name, INT32_TYPE, [c], (row) => {
    const cell = row.cell(c);
    if (cell === null || cell.kind !== CellKind.EXPIRING) return null;
    return INT32_TYPE.decompose(Math.max(0, cell.localDeletionTime - row.nowSec));
  });
}

function fieldNode(inner: SelectorNode, field: string): SelectorNode {
  const t = inner.type;
  if (!(t instanceof UserType)) throw new InvalidRequestError(`Invalid field selection: ${inner.name} of type ${t.cqlName ?? t.name} is not a user type`);
  const i = t.fieldNames.indexOf(field);
  if (i < 0) throw new InvalidRequestError(`${t.typeName} has no field ${field}`);
  return derived(`${inner.name}.${field}`, t.fieldTypes[i]!, [inner], ([v]) => {
    if (v === null || v === undefined || v.length === 0) return null;
    return readTupleComponents(v, t.name, t.fieldTypes.length, (k) => `field ${k}`)[i] ?? null;
  });
}

function elementNode(inner: SelectorNode, sel: Extract<Selector, { kind: 'element' }>, s: SelectorScope): SelectorNode {
  const t = inner.type;
  const spec = (name: string, type: AbstractType): ColumnSpec => ({ keyspace: s.keyspace, table: s.tableName, name, type });
  const name = `${inner.name}[${termText(sel.key)}]`;
  const keyOf = (type: AbstractType, specName: string) => {
    const k = bindTerm(sel.key, spec(specName, type), s.terms);
    return (values: readonly BoundValue[]): Buffer | null => {
      const v = k.evaluate(values);
      if (v === UNSET) throw new InvalidRequestError(`Invalid unset value for ${specName}`);
      if (v !== null && !k.constant) validateFor(v, type, specName);
      return v;
    };
  };
  if (t instanceof MapType) {
    const key = keyOf(t.keys as AbstractType, `key(${inner.name})`);
    return elementLookup(name, t.valueType as AbstractType, inner, (coll, values) => {
      const k = key(values);
      if (k === null) return null;
      const flat = readCollectionValues(coll, t.name, ['key', 'value']);
      for (let i = 0; i < flat.length; i += 2) if ((t.keys as AbstractType).compare(flat[i]!, k) === 0) return flat[i + 1]!;
      return null;
    });
  }
  if (t instanceof SetType) {
    const key = keyOf(t.elements as AbstractType, `element(${inner.name})`);
    return elementLookup(name, t.elements as AbstractType, inner, (coll, values) => {
      const k = key(values);
      if (k === null) return null;
      return readCollectionValues(coll, t.name, ['element']).find((e) => (t.elements as AbstractType).compare(e, k) === 0) ?? null;
    });
  }
  if (t instanceof ListType) {
    const key = keyOf(INT32_TYPE, `idx(${inner.name})`);
    return elementLookup(name, t.elements as AbstractType, inner, (coll, values) => {
      const k = key(values);
      if (k === null) return null;
      const i = INT32_TYPE.compose(k) as number;
      return readCollectionValues(coll, t.name, ['element'])[i] ?? null;
    });
  }
  throw new InvalidRequestError(`Invalid element selection: ${inner.name} is of type ${t.cqlName ?? t.name} is not a collection`);
}

/** `m[from..to]`, `s[from..]`…: the entries whose key lies within the bounds, inclusive. */
function sliceNode(inner: SelectorNode, sel: Extract<Selector, { kind: 'slice' }>, s: SelectorScope): SelectorNode {
  const t = inner.type;
  if (t instanceof ListType) throw new InvalidRequestError(`Slice selection is only allowed on sets and maps, but ${inner.name} is a list`);
  if (!(t instanceof MapType) && !(t instanceof SetType)) {
    throw new InvalidRequestError(`Invalid slice selection: ${inner.name} of type ${t.cqlName ?? t.name} is not a collection`);
  }
  const isMap = t instanceof MapType;
  const keyType = (isMap ? t.keys : t.elements) as AbstractType;
  const specName = isMap ? `key(${inner.name})` : `element(${inner.name})`;
  const bound = (term: typeof sel.from) => {
    if (term === null) return () => null;
    const b = bindTerm(term, { keyspace: s.keyspace, table: s.tableName, name: specName, type: keyType }, s.terms);
    return (values: readonly BoundValue[]): Buffer | null => {
      const v = b.evaluate(values);
      if (v === UNSET) return null; // an unset bound is no bound
      if (v === null) throw new InvalidRequestError(`Invalid null value for the slice bound of ${inner.name}`);
      if (!b.constant) validateFor(v, keyType, specName);
      return v;
    };
  };
  const from = bound(sel.from);
  const to = bound(sel.to);
  const name = `${inner.name}[${sel.from === null ? '' : termText(sel.from)}..${sel.to === null ? '' : termText(sel.to)}]`;
  const labels = isMap ? ['key', 'value'] : ['element'];
  return elementLookup(name, t, inner, (coll, values) => {
    const lo = from(values);
    const hi = to(values);
    const flat = readCollectionValues(coll, t.name, labels);
    const kept: Buffer[] = [];
    for (let i = 0; i < flat.length; i += labels.length) {
      const k = flat[i]!;
      if ((lo === null || keyType.compare(k, lo) >= 0) && (hi === null || keyType.compare(k, hi) <= 0)) pushAll(kept, flat.slice(i, i + labels.length));
    }
    return writeCollectionValues(kept, kept.length / labels.length, t.name);
  });
}

function elementLookup(name: string, type: AbstractType, inner: SelectorNode, pick: (coll: Buffer, values: readonly BoundValue[]) => Buffer | null): SelectorNode {
  if (inner.isAggregate) throw new InvalidRequestError(`Element selection of ${name} over an aggregate is not supported`);
  return scalarNode(name, type, inner.columns, (row, values) => {
    const coll = inner.value(row, values);
    return coll === null || coll.length === 0 ? null : pick(coll, values);
  });
}

/** A selector as written (for names and messages). */
export function selectorText(sel: Selector): string {
  switch (sel.kind) {
    case 'column':
      return sel.name;
    case 'term':
      return termText(sel.term);
    case 'functionCall':
      return `${sel.name.keyspace === null ? '' : `${sel.name.keyspace}.`}${sel.name.name}(${sel.args.map(selectorText).join(', ')})`;
    case 'countRows':
      return 'count(*)';
    case 'writetime':
    case 'ttl':
      return `${sel.kind}(${selectorText(sel.selector)})`;
    case 'cast':
      return `cast(${selectorText(sel.selector)} as ${sel.type})`;
    case 'field':
      return `${selectorText(sel.selector)}.${sel.field}`;
    case 'element':
      return `${selectorText(sel.selector)}[${termText(sel.key)}]`;
    case 'binary':
      return `${selectorText(sel.left)} ${sel.op} ${selectorText(sel.right)}`;
    case 'negate':
      return `-${selectorText(sel.selector)}`;
    default:
      return sel.kind;
  }
}

