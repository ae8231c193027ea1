/**
 * FunctionExecutionError: a function call that was valid but failed while running — division by
 * zero, a date out of range, JSON that does not decode. Cassandra reports these with the native
 * protocol's FUNCTION_FAILURE error (0x1400), which carries the function's keyspace, name and
 * argument types; so do we. (A call that is wrong before running — unknown function, bad types,
 * a blob that is not a valid int for blobAsInt — is an InvalidRequestError instead.)
 */
import { ErrorCode, IliumError, MarshalError } from '../../errors/index.js';
import { SYSTEM_KEYSPACE, type ScalarFunction, cqlTypeName, qualifiedName } from './function-model.js';

export class FunctionExecutionError extends IliumError {
  readonly keyspace: string;
  readonly functionName: string;
  /** The CQL names of the function's argument types. */
  readonly argTypes: readonly string[];

  constructor(functionName: string, argTypes: readonly string[], message: string, options?: { cause?: unknown; keyspace?: string }) {
    super(ErrorCode.FUNCTION_FAILURE, message, { cause: options?.cause });
    this.keyspace = options?.keyspace ?? SYSTEM_KEYSPACE;
    this.functionName = functionName;
    this.argTypes = argTypes;
  }

  /** Cassandra's generic form: "execution of 'system.fromjson[text]' failed: <detail>". */
  static of(fn: Pick<ScalarFunction, 'name' | 'argTypes' | 'keyspace'>, detail: string, cause?: unknown): FunctionExecutionError {
    const types = fn.argTypes.map(cqlTypeName);
    return new FunctionExecutionError(fn.name, types, `execution of '${qualifiedName(fn)}[${types.join(', ')}]' failed: ${detail}`, { cause, keyspace: fn.keyspace });
  }
}

/**
 * Runs `body`, turning the value errors it raises (MarshalError, RangeError) into a
 * FunctionExecutionError for `fn`; other errors (InvalidRequestError, …) pass through.
 */
export function failingAs<T>(fn: Pick<ScalarFunction, 'name' | 'argTypes'>, body: () => T): T {
  try {
    return body();
  } catch (e) {
    if (e instanceof MarshalError || e instanceof RangeError) throw FunctionExecutionError.of(fn, e.message, e);
    throw e;
  }
}
