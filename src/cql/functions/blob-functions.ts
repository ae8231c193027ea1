/**
 * The blob conversion functions, for every CQL native type T but blob itself:
 *   <t>AsBlob(T) → blob   the value's bytes as a blob (textAsBlob, bigintAsBlob, …)
 *   blobAs<T>(blob) → T   a blob's bytes as a T value, validated first (blobAsInt of 3 bytes is
 *                         an InvalidRequestError, worded as Cassandra words it)
 * Names are the lower-cased forms CQL resolves calls to: 'textasblob', 'blobasint', and both
 * 'varcharasblob' / 'blobasvarchar' besides the text ones. Null gives null.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { BYTES_TYPE } from '../../marshal/bytes-type.js';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import type { ScalarFunction } from './function-model.js';
import { nativeScalar } from './native-scalar.js';

function toBlob(cqlName: string, type: AbstractType): ScalarFunction {
  return nativeScalar({ name: `${cqlName}asblob`, argTypes: [type], returnType: BYTES_TYPE, execute: ([v]) => v ?? null });
}

function fromBlob(cqlName: string, type: AbstractType): ScalarFunction {
  const name = `blobas${cqlName}`;
  return nativeScalar({
    name,
    argTypes: [BYTES_TYPE],
    returnType: type,
    execute: ([v]) => {
      if (v === null || v === undefined) return null;
      try {
        type.validate(v);
      } catch (e) {
        throw new InvalidRequestError(`In call to function system.${name}, value 0x${v.toString('hex')} is not a valid binary representation for type ${cqlName}`, { cause: e });
      }
      return v;
    },
  });
}

export function blobFunctions(): ScalarFunction[] {
  const out: ScalarFunction[] = [];
  for (const [cqlName, type] of CQL_TYPES) {
    if (cqlName === 'blob') continue;
    out.push(toBlob(cqlName, type), fromBlob(cqlName, type));
  }
  return out;
}
