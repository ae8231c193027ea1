/**
 * The persisted form of a user-defined function or aggregate, inside its keyspace's JSON
 * (keyspace-json.ts), types by full class name:
 *
 *   function:  { "kind": "function", "name", "arguments": [ { "name", "type" } ], "return_type",
 *                "called_on_null_input", "language", "body" }
 *   aggregate: { "kind": "aggregate", "name", "argument_types": [ type ], "state_function",
 *                "state_type", "final_function" | null, "initcond": hex | null, "return_type" }
 */
import { ConfigurationError } from '../errors/index.js';
import { type AbstractType, parseType } from '../marshal/index.js';
import type { UserFunctionDef } from './function-defs.js';

export function functionToObject(d: UserFunctionDef): object {
  if (d.kind === 'function') {
    return {
      kind: 'function',
      name: d.name,
      arguments: d.argumentNames.map((n, i) => ({ name: n, type: d.argumentTypes[i]!.fullName })),
      return_type: d.returnType.fullName,
      called_on_null_input: d.calledOnNullInput,
      language: d.language,
      body: d.body,
    };
  }
  return {
    kind: 'aggregate',
    name: d.name,
    argument_types: d.argumentTypes.map((t) => t.fullName),
    state_function: d.stateFunction,
    state_type: d.stateType.fullName,
    final_function: d.finalFunction,
    initcond: d.initcond === null ? null : d.initcond.toString('hex'),
    return_type: d.returnType.fullName,
  };
}

export function functionFromObject(keyspace: string, o: Record<string, unknown>): UserFunctionDef {
  const name = str(o.name, 'function name');
  if (o.kind === 'function') {
    const args = list(o.arguments, 'function arguments').map((a) => a as Record<string, unknown>);
    return Object.freeze({
      kind: 'function',
      keyspace,
      name,
      argumentNames: args.map((a) => str(a?.name, 'argument name')),
      argumentTypes: args.map((a) => type(a?.type)),
      returnType: type(o.return_type),
      calledOnNullInput: o.called_on_null_input === true,
      language: str(o.language, 'function language'),
      body: str(o.body, 'function body'),
    });
  }
  if (o.kind !== 'aggregate') throw new ConfigurationError(`stored keyspace: function ${name} has an unknown kind`);
  return Object.freeze({
    kind: 'aggregate',
    keyspace,
    name,
    argumentTypes: list(o.argument_types, 'aggregate argument types').map(type),
    stateFunction: str(o.state_function, 'state function'),
    stateType: type(o.state_type),
    finalFunction: o.final_function === null ? null : str(o.final_function, 'final function'),
    initcond: o.initcond === null ? null : Buffer.from(str(o.initcond, 'initcond'), 'hex'),
    returnType: type(o.return_type),
  });
}

function type(v: unknown): AbstractType {
  const text = str(v, 'function type');
  try {
    return parseType(text);
  } catch (e) {
    throw new ConfigurationError(`stored keyspace: type '${text}': ${(e as Error).message}`, { cause: e });
  }
}

function list(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new ConfigurationError(`stored keyspace: ${what} must be an array`);
  return v;
}

function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new ConfigurationError(`stored keyspace: ${what} must be a string`);
  return v;
}
