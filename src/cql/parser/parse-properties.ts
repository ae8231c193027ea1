/**
 * Grammar of `WITH name = value AND …` properties (keyspaces, tables, views, indexes) and of
 * table options (adding CLUSTERING ORDER BY and COMPACT STORAGE). Values are reduced to text as
 * Cassandra does; a property given twice is an error.
 */
import type { ClusteringOrder, Property, PropertyValue, TableOptions } from './ast-schema.js';
import { isReservedWord } from './keywords.js';
import { parseIdentifier } from './parse-names.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export const NO_TABLE_OPTIONS: TableOptions = Object.freeze({
  properties: Object.freeze([]) as readonly Property[],
  clusteringOrder: Object.freeze([]) as readonly ClusteringOrder[],
  compactStorage: false,
});

/** `name = value (AND name = value)*`, the cursor just after WITH. */
export function parseProperties(c: TokenCursor): Property[] {
  const properties: Property[] = [];
  const seen = new Set<string>();
  do properties.push(parseProperty(c, seen));
  while (c.acceptWord('and'));
  return properties;
}

function parseProperty(c: TokenCursor, seen: Set<string>): Property {
  const at = c.peek();
  const name = parseIdentifier(c, 'a property name');
  if (seen.has(name)) c.failWith(`property '${name}' is given more than once`, at);
  seen.add(name);
  c.expectSymbol('=');
  return { name, value: parsePropertyValue(c) };
}

function parsePropertyValue(c: TokenCursor): PropertyValue {
  if (c.isSymbol('{')) return { kind: 'map', entries: parsePropertyMap(c) };
  const t = c.peek();
  if (t.kind === TokenKind.Word && !isReservedWord(t.text)) {
    c.advance();
    return { kind: 'text', text: t.text };
  }
  return { kind: 'text', text: parseConstantText(c) };
}

/** `{ constant: constant, … }` as an ordered map of texts. */
export function parsePropertyMap(c: TokenCursor): Map<string, string> {
  c.expectSymbol('{');
  const entries = new Map<string, string>();
  if (c.acceptSymbol('}')) return entries;
  do {
    const at = c.peek();
    const key = parseConstantText(c);
    if (entries.has(key)) c.failWith(`map key '${key}' is given more than once`, at);
    c.expectSymbol(':');
    entries.set(key, parseConstantText(c));
  } while (c.acceptSymbol(','));
  c.expectSymbol('}');
  return entries;
}

/** A constant's text: strings unescaped, numbers as written (with a leading minus), booleans lowercased. */
export function parseConstantText(c: TokenCursor): string {
  const t = c.peek();
  switch (t.kind) {
    case TokenKind.String:
    case TokenKind.Integer:
    case TokenKind.Float:
    case TokenKind.Hex:
    case TokenKind.Uuid:
    case TokenKind.Duration:
      c.advance();
      return t.text;
    case TokenKind.Word:
      switch (t.text) {
        case 'true':
        case 'false':
          c.advance();
          return t.text;
        case 'nan':
          c.advance();
          return 'NaN';
        case 'infinity':
          c.advance();
          return 'Infinity';
      }
      break;
    case TokenKind.Symbol:
      if (t.text === '-') {
        const n = c.peekAt(1);
        if (n.kind === TokenKind.Integer || n.kind === TokenKind.Float || n.kind === TokenKind.Duration) {
          c.advance();
          c.advance();
          return `-${n.text}`;
        }
        if (n.kind === TokenKind.Word && n.text === 'infinity') {
          c.advance();
          c.advance();
          return '-Infinity';
        }
      } else if (t.text === '?' || t.text === ':') {
        c.failWith('bind markers are not allowed in schema properties');
      }
      break;
  }
  return c.fail('a constant');
}

/** `name = value`, `CLUSTERING ORDER BY (…)` or `COMPACT STORAGE`, joined by AND; the cursor just after WITH. */
export function parseTableOptions(c: TokenCursor): TableOptions {
  const properties: Property[] = [];
  const clusteringOrder: ClusteringOrder[] = [];
  let compactStorage = false;
  const seen = new Set<string>();
  do {
    if (c.isWord('compact') && c.isWord('storage', 1)) {
      c.advance();
      c.advance();
      compactStorage = true;
    } else if (c.isWord('clustering') && c.isWord('order', 1)) {
      const at = c.peek();
      if (clusteringOrder.length > 0) c.failWith('CLUSTERING ORDER is given more than once', at);
      c.advance();
      c.advance();
      c.expectWord('by');
      c.expectSymbol('(');
      do {
        const column = parseIdentifier(c, 'a clustering column name');
        const descending = c.acceptWord('desc');
        if (!descending) c.acceptWord('asc');
        clusteringOrder.push({ column, descending });
      } while (c.acceptSymbol(','));
      c.expectSymbol(')');
    } else {
      properties.push(parseProperty(c, seen));
    }
  } while (c.acceptWord('and'));
  return { properties, clusteringOrder, compactStorage };
}
