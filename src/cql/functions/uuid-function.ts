/**
 * uuid(): a new random (version 4) UUID from the context (not deterministic), for INSERTs.
 */
import { UUID_TYPE } from '../../marshal/uuid-type.js';
import type { ScalarFunction } from './function-model.js';
import { nativeScalar } from './native-scalar.js';

export function uuidFunction(): ScalarFunction {
  return nativeScalar({ name: 'uuid', argTypes: [], returnType: UUID_TYPE, deterministic: false, execute: (_args, ctx) => ctx.randomUuid() });
}
