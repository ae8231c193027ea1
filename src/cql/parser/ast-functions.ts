/**
 * The AST of user-defined function and aggregate statements (CREATE/DROP FUNCTION and
 * AGGREGATE). Parsed so the server can answer with a precise refusal or run them later.
 */
import type { QualifiedName } from './ast-names.js';
import type { Term } from './ast-terms.js';
import type { CqlType } from './cql-type.js';

export interface FunctionArgument {
  readonly name: string;
  readonly type: CqlType;
}

export interface CreateFunctionStatement {
  readonly kind: 'createFunction';
  readonly orReplace: boolean;
  readonly ifNotExists: boolean;
  readonly name: QualifiedName;
  readonly arguments: readonly FunctionArgument[];
  /** CALLED ON NULL INPUT (true) or RETURNS NULL ON NULL INPUT (false). */
  readonly calledOnNullInput: boolean;
  readonly returnType: CqlType;
  /** Lowercased, e.g. `java`. */
  readonly language: string;
  readonly body: string;
}

export interface DropFunctionStatement {
  readonly kind: 'dropFunction';
  readonly ifExists: boolean;
  readonly name: QualifiedName;
  /** The overload's argument types; null when no parentheses were given. */
  readonly argumentTypes: readonly CqlType[] | null;
}

export interface CreateAggregateStatement {
  readonly kind: 'createAggregate';
  readonly orReplace: boolean;
  readonly ifNotExists: boolean;
  readonly name: QualifiedName;
  readonly argumentTypes: readonly CqlType[];
  readonly stateFunction: string;
  readonly stateType: CqlType;
  readonly finalFunction: string | null;
  readonly initialCondition: Term | null;
}

export interface DropAggregateStatement {
  readonly kind: 'dropAggregate';
  readonly ifExists: boolean;
  readonly name: QualifiedName;
  readonly argumentTypes: readonly CqlType[] | null;
}

export type FunctionStatement =
  | CreateFunctionStatement
  | DropFunctionStatement
  | CreateAggregateStatement
  | DropAggregateStatement;
