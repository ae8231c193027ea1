/**
 * Type names in definitions → types. marshal's parser reports an unknown or malformed name as a
 * ConfigurationError (it also reads config files); in a schema request it is the client's
 * mistake, so it becomes an InvalidRequestError naming the option and the type.
 */
import { ConfigurationError, InvalidRequestError } from '../errors/index.js';
import { type AbstractType, parseType } from '../marshal/index.js';

export type TypeInput = string | AbstractType;

export function resolveType(input: TypeInput, option: string): AbstractType {
  if (typeof input !== 'string') return input;
  try {
    return parseType(input);
  } catch (e) {
    if (e instanceof ConfigurationError) throw new InvalidRequestError(`Invalid ${option} '${input}': ${e.message}`, { cause: e });
    throw e;
  }
}
