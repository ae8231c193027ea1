/**
 * Grammar of CREATE [OR REPLACE] FUNCTION / AGGREGATE and DROP FUNCTION / AGGREGATE. The
 * CREATE forms start after FUNCTION or AGGREGATE (the caller has read OR REPLACE); the DROP
 * forms after the same words.
 */
import type {
  CreateAggregateStatement,
  CreateFunctionStatement,
  DropAggregateStatement,
  DropFunctionStatement,
  FunctionArgument,
} from './ast-functions.js';
import type { CqlType } from './cql-type.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseFunctionBareName, parseFunctionName, parseIdentifier } from './parse-names.js';
import { parseTerm } from './parse-term.js';
import { parseType } from './parse-type.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseCreateFunction(c: TokenCursor, orReplace: boolean): CreateFunctionStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseFunctionName(c);
  c.expectSymbol('(');
  const args: FunctionArgument[] = [];
  if (!c.isSymbol(')')) {
    do {
      const argName = parseIdentifier(c, 'an argument name');
      args.push({ name: argName, type: parseType(c) });
    } while (c.acceptSymbol(','));
  }
  c.expectSymbol(')');
  let calledOnNullInput: boolean;
  if (c.acceptWord('called')) {
    calledOnNullInput = true;
  } else if (c.acceptWord('returns')) {
    c.expectWord('null');
    calledOnNullInput = false;
  } else {
    return c.fail('CALLED ON NULL INPUT or RETURNS NULL ON NULL INPUT');
  }
  c.expectWord('on');
  c.expectWord('null');
  c.expectWord('input');
  c.expectWord('returns');
  const returnType = parseType(c);
  c.expectWord('language');
  const lang = c.peek();
  if (lang.kind !== TokenKind.Word) c.fail('a language name');
  c.advance();
  c.expectWord('as');
  const body = c.peek();
  if (body.kind !== TokenKind.String) c.fail("the function body as a 'string' or $$string$$");
  c.advance();
  return {
    kind: 'createFunction', orReplace, ifNotExists, name, arguments: args, calledOnNullInput,
    returnType, language: lang.text, body: body.text,
  };
}

/** `(type, …)`; when `optional`, null if no parenthesis follows. */
export function parseArgumentTypes(c: TokenCursor, optional: true): CqlType[] | null;
export function parseArgumentTypes(c: TokenCursor, optional: false): CqlType[];
export function parseArgumentTypes(c: TokenCursor, optional: boolean): CqlType[] | null {
  if (optional && !c.isSymbol('(')) return null;
  c.expectSymbol('(');
  const types: CqlType[] = [];
  if (!c.isSymbol(')')) {
    do types.push(parseType(c));
    while (c.acceptSymbol(','));
  }
  c.expectSymbol(')');
  return types;
}

export function parseDropFunction(c: TokenCursor): DropFunctionStatement {
  const ifExists = parseIfExists(c);
  const name = parseFunctionName(c);
  return { kind: 'dropFunction', ifExists, name, argumentTypes: parseArgumentTypes(c, true) };
}

export function parseCreateAggregate(c: TokenCursor, orReplace: boolean): CreateAggregateStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseFunctionName(c);
  const argumentTypes = parseArgumentTypes(c, false);
  c.expectWord('sfunc');
  const stateFunction = parseFunctionBareName(c);
  c.expectWord('stype');
  const stateType = parseType(c);
  const finalFunction = c.acceptWord('finalfunc') ? parseFunctionBareName(c) : null;
  const initialCondition = c.acceptWord('initcond') ? parseTerm(c) : null;
  return {
    kind: 'createAggregate', orReplace, ifNotExists, name, argumentTypes, stateFunction, stateType,
    finalFunction, initialCondition,
  };
}

export function parseDropAggregate(c: TokenCursor): DropAggregateStatement {
  const ifExists = parseIfExists(c);
  const name = parseFunctionName(c);
  return { kind: 'dropAggregate', ifExists, name, argumentTypes: parseArgumentTypes(c, true) };
}
