/**
 * A CQL type as written in a statement → its AbstractType, user types looked up among the
 * keyspace's types (a statement may only use the types of the keyspace it works in). The type
 * rules (no non-frozen collections inside collections, no counters in tuples …) are marshal's.
 */
import { ConfigurationError, InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, type UserType, parseCqlType } from '../../marshal/index.js';
import type { Schema } from '../../schema/index.js';
import { type CqlType, formatType } from '../parser/index.js';

export function resolveCqlType(type: CqlType, keyspace: string, schema: Schema, extraTypes: readonly UserType[] = []): AbstractType {
  let missing: string | null = null;
  const resolveUserType = (ks: string | null, name: string): UserType | undefined => {
    const where = ks ?? keyspace;
    if (where !== keyspace) {
      throw new InvalidRequestError(`Statement on keyspace ${keyspace} cannot refer to a user type in keyspace ${where}; user types can only be used in the keyspace they are defined in`);
    }
    const found = extraTypes.find((t) => t.typeName === name) ?? schema.keyspace(keyspace)?.types.find((t) => t.typeName === name);
    if (found === undefined) missing = `${where}.${name}`;
    return found;
  };
  try {
    return parseCqlType(formatType(type), { keyspace, resolveUserType });
  } catch (e) {
    if (missing !== null) throw new InvalidRequestError(`Unknown type ${missing}`);
    if (e instanceof ConfigurationError) throw new InvalidRequestError(e.message.replace(/^syntax error parsing CQL type '[^']*' at char \d+: /, ''), { cause: e });
    throw e;
  }
}
