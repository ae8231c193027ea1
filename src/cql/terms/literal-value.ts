/**
 * A constant written in a statement → the serialized value of its receiver's type. Each lexical
 * kind fits only some types (the rules of call-args.ts: an integer fits int, bigint, timestamp…,
 * a string fits text, ascii, inet, date, time, timestamp…); anything else is Cassandra's
 * "Invalid STRING constant (x) for "col" of type int". Custom (class-named) types take strings.
 */
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { CallArgs, fitOf, unwrapReversed } from '../functions/index.js';
import type { Literal } from '../parser/index.js';

export function literalToBytes(lit: Literal, type: AbstractType, receiverName: string): Buffer {
  const t = unwrapReversed(type);
  const custom = t.cqlName === null;
  const fits = custom ? lit.type === 'string' || lit.type === 'hex' : fitOf(CallArgs.literal(lit.type, lit.text), t) !== 'none';
  if (!fits) throw invalidConstant(lit, t, receiverName);
  try {
    if (lit.type === 'hex') return hexLiteral(lit.text);
    return t.fromString(lit.text);
  } catch (e) {
    if (e instanceof MarshalError || e instanceof InvalidRequestError) throw new InvalidRequestError(`${invalidConstant(lit, t, receiverName).message}: ${e.message}`);
    throw e;
  }
}

export function invalidConstant(lit: Literal, type: AbstractType, receiverName: string): InvalidRequestError {
  return new InvalidRequestError(`Invalid ${lit.type.toUpperCase()} constant (${lit.text}) for "${receiverName}" of type ${type.cqlName ?? type.name}`);
}

function hexLiteral(text: string): Buffer {
  const hex = text.slice(2);
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new InvalidRequestError(`Invalid hex literal ${text}: an even number of hex digits is needed`);
  return Buffer.from(hex, 'hex');
}
