/**
 * A type written in a statement (type hints `(int) ?`, CAST targets) → its AbstractType. User
 * types are looked up through the scope's resolver when the schema has one (until then, naming one
 * is an error saying so).
 */
import { ConfigurationError, InvalidRequestError, MarshalError } from '../../errors/index.js';
import { type AbstractType, parseCqlType } from '../../marshal/index.js';
import { type CqlType, formatType } from '../parser/index.js';
import type { TermScope } from './term-scope.js';

export function resolveCqlType(type: CqlType, scope: TermScope): AbstractType {
  const text = formatType(type);
  try {
    return parseCqlType(text, { keyspace: scope.keyspace });
  } catch (e) {
    if (e instanceof ConfigurationError || e instanceof MarshalError) throw new InvalidRequestError(`Unknown type ${text}: ${e.message}`, { cause: e });
    throw e;
  }
}
