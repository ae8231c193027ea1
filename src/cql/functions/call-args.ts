/**
 * The arguments of a call as the resolver sees them, and how well each fits a parameter type
 * (Cassandra's AssignmentTestable.testAssignment):
 *
 *   typed     a value whose type is known: a column, another call's result, a cast, a typed bind
 *             marker '(int) ?'. Exact for its own type, weak for types that accept its values
 *             (type-compat.ts), else no fit.
 *   literal   an untyped constant, by lexical kind. Exact for the kind's preferred type (below),
 *             weak for the other types the kind can be parsed as, else no fit:
 *               kind      preferred type                      also fits
 *               string    ascii if all ASCII, else text       ascii, text, inet, date, time, timestamp
 *               integer   int, else bigint, else varint       tinyint, smallint, int, bigint, counter,
 *                         (smallest that holds it)            varint, decimal, float, double, date,
 *                                                             time, timestamp, duration
 *               float     double when the literal converts    float, double, decimal
 *                         to a double exactly, else decimal
 *                         (NaN, Infinity: double)
 *               uuid      timeuuid for version 1, else uuid   uuid, timeuuid
 *               boolean   boolean                             —
 *               hex       blob (Cassandra says tinyint, a      blob
 *                         quirk with no effect on natives)
 *               duration  duration                            —
 *   marker    a bind marker '?' or ':name' of unknown type: a weak fit for anything
 *   null      the NULL literal: a weak fit for anything but counter
 *   call      a nested function call, whose overload may itself depend on what receives it
 *             (1 * (? + 1)): `resolveFor(paramType)` resolves it for each candidate parameter;
 *             exact when it then returns the parameter's type, weak when the parameter accepts
 *             its result, when it cannot be resolved yet (the error surfaces when the executor
 *             resolves it for real) or when it is fromJson; else no fit — Cassandra's rule
 *
 * `text` is how the argument appears in the statement, for messages (Cassandra quotes it:
 * "the '+' operation is not supported between b and 1").
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import { uuidFromString, uuidVersion } from '../../marshal/timeuuid.js';
import { compareDecimals, decimalFromJavaDouble, parseDecimal } from './decimal-math.js';
import type { CqlFunction } from './function-model.js';
import { isValueCompatible, sameType, unwrapReversed } from './type-compat.js';

export type LiteralKind = 'string' | 'integer' | 'float' | 'uuid' | 'boolean' | 'hex' | 'duration';

export type CallArg =
  | { readonly kind: 'typed'; readonly type: AbstractType; readonly text: string }
  | { readonly kind: 'literal'; readonly literal: LiteralKind; readonly value: string; readonly text: string }
  | { readonly kind: 'marker'; readonly text: string }
  | { readonly kind: 'null'; readonly text: string }
  | { readonly kind: 'call'; readonly text: string; readonly resolveFor: (receiver: AbstractType) => CqlFunction };

/** Builders for call arguments; `text` defaults to how CQL would write the argument. */
export const CallArgs = {
  typed: (type: AbstractType, text?: string): CallArg => ({ kind: 'typed', type, text: text ?? `(${type.cqlName ?? type.name}) ?` }),
  /** `value`: the literal's text without quotes ('abc' for the string 'abc', '0x01' for hex). */
  literal: (literal: LiteralKind, value: string, text?: string): CallArg => ({
    kind: 'literal',
    literal,
    value,
    text: text ?? (literal === 'string' ? `'${value.replace(/'/g, "''")}'` : value),
  }),
  marker: (text = '?'): CallArg => ({ kind: 'marker', text }),
  null: (): CallArg => ({ kind: 'null', text: 'NULL' }),
  /** A nested call; typically `(r) => registry.resolve(innerName, innerArgs, r)`. */
  call: (text: string, resolveFor: (receiver: AbstractType) => CqlFunction): CallArg => ({ kind: 'call', text, resolveFor }),
} as const;

/** How well an argument fits a parameter: exactly, only weakly (needs conversion), or not at all. */
export type Fit = 'exact' | 'weak' | 'none';

/** The CQL types each literal kind can be read as, besides its preferred type. */
const LITERAL_FITS: Readonly<Record<LiteralKind, readonly string[]>> = {
  string: ['ascii', 'text', 'varchar', 'inet', 'date', 'time', 'timestamp'],
  integer: ['bigint', 'counter', 'date', 'decimal', 'double', 'duration', 'float', 'int', 'smallint', 'time', 'timestamp', 'tinyint', 'varint'],
  uuid: ['uuid', 'timeuuid'],
  float: ['decimal', 'double', 'float'],
  boolean: ['boolean'],
  hex: ['blob'],
  duration: ['duration'],
};

/** The type a literal is taken as when nothing else decides (the exact-match type). */
export function preferredLiteralType(literal: LiteralKind, value: string): AbstractType | null {
  const cql = (name: string): AbstractType => CQL_TYPES.get(name)!;
  switch (literal) {
    case 'string':
      return /^[\x00-\x7f]*$/.test(value) ? cql('ascii') : cql('text');
    case 'integer': {
      if (!/^[+-]?\d+$/.test(value)) return null;
      const n = BigInt(value);
      if (n >= -(2n ** 31n) && n < 2n ** 31n) return cql('int');
      return n >= -(2n ** 63n) && n < 2n ** 63n ? cql('bigint') : cql('varint');
    }
    case 'float':
      return floatLiteralIsDouble(value) ? cql('double') : cql('decimal');
    case 'uuid':
      try {
        return uuidVersion(uuidFromString(value)) === 1 ? cql('timeuuid') : cql('uuid');
      } catch {
        return null;
      }
    case 'boolean':
      return cql('boolean');
    case 'hex':
      return cql('blob');
    case 'duration':
      return cql('duration');
  }
}

/** Whether a float literal's value survives conversion to a double exactly (Cassandra's test). */
function floatLiteralIsDouble(text: string): boolean {
  if (/^[+-]?(NaN|Infinity)$/i.test(text)) return true;
  const exact = parseDecimal(text);
  const d = Number(text);
  if (exact === null || !Number.isFinite(d)) return false;
  return compareDecimals(exact, decimalFromJavaDouble(d)) === 0;
}

/** How well `arg` fits a parameter of type `param`. */
export function fitOf(arg: CallArg, param: AbstractType): Fit {
  const receiver = unwrapReversed(param);
  switch (arg.kind) {
    case 'typed':
      if (sameType(arg.type, receiver)) return 'exact';
      return isValueCompatible(receiver, arg.type) ? 'weak' : 'none';
    case 'marker':
      return 'weak';
    case 'null':
      return receiver.cqlName === 'counter' ? 'none' : 'weak';
    case 'call':
      return nestedCallFit(arg.resolveFor, receiver);
    case 'literal': {
      // Literals only denote native values; a type without a CQL name (a custom class) takes
      // anything, as Cassandra skips validation for custom types.
      if (receiver.cqlName === null) return 'weak';
      const preferred = preferredLiteralType(arg.literal, arg.value);
      if (preferred !== null && sameType(preferred, receiver)) return 'exact';
      return LITERAL_FITS[arg.literal].includes(receiver.cqlName) ? 'weak' : 'none';
    }
  }
}

function nestedCallFit(resolveFor: (receiver: AbstractType) => CqlFunction, receiver: AbstractType): Fit {
  let fn: CqlFunction;
  try {
    fn = resolveFor(receiver);
  } catch (e) {
    if (e instanceof InvalidRequestError) return 'weak';
    throw e;
  }
  // fromJson's return type is the receiver's by construction: never let it decide an overload.
  if (fn.name === 'fromjson') return 'weak';
  if (sameType(fn.returnType, receiver)) return 'exact';
  return isValueCompatible(receiver, fn.returnType) ? 'weak' : 'none';
}
