/**
 * The top of the AST: every statement kind, and a parsed statement with its bind markers and
 * where it sits in the source text.
 */
import type { AuthStatement } from './ast-auth.js';
import type { DescribeStatement } from './ast-describe.js';
import type { DataStatement } from './ast-dml.js';
import type { FunctionStatement } from './ast-functions.js';
import type { IliumStatement } from './ast-ilium.js';
import type { SchemaStatement } from './ast-schema.js';

export type Statement = DataStatement | SchemaStatement | FunctionStatement | AuthStatement | DescribeStatement | IliumStatement;

export type StatementKind = Statement['kind'];

export interface ParsedStatement {
  readonly statement: Statement;
  /** Number of bind markers; they are numbered 0 … count-1 in source order. */
  readonly bindMarkerCount: number;
  /** Per marker index, its `:name` or null for `?`. */
  readonly bindMarkerNames: readonly (string | null)[];
  /** Offsets of the statement in the parsed text (without the separating `;`). */
  readonly start: number;
  readonly end: number;
  /** The statement's own text: `source.slice(start, end)`. */
  readonly text: string;
}
