/**
 * Reads the CQL literal text of a collection, tuple or UDT value as cqlsh prints it and COPY
 * files hold it: `['a', 'b']`, `{1, 2}`, `{'k': 1}`, `(1, 'a')`, `{f: 1, "G": null}`, nested.
 * The result is a small tree; csv-value-parser.ts turns it into driver values by column type.
 */

export type LiteralNode =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'atom'; readonly value: string }
  | { readonly kind: 'list'; readonly items: readonly LiteralNode[] }
  | { readonly kind: 'tuple'; readonly items: readonly LiteralNode[] }
  | { readonly kind: 'braces'; readonly items: readonly LiteralNode[]; readonly pairs: readonly (readonly [LiteralNode, LiteralNode])[] };

/** Nesting deeper than this is refused (a bounded recursion on user input). */
const DEPTH_MAX = 64;

interface Cursor {
  readonly s: string;
  i: number;
}

export function readLiteral(text: string): LiteralNode {
  const p: Cursor = { s: text, i: 0 };
  const node = readNode(p, 0);
  skip(p);
  if (p.i !== p.s.length) throw new Error(`unexpected '${p.s.slice(p.i, p.i + 10)}' in ${text}`);
  return node;
}

function skip(p: Cursor): void {
  while (p.i < p.s.length && /\s/.test(p.s[p.i]!)) p.i++;
}

function readQuoted(p: Cursor, q: string): string {
  let out = '';
  p.i++;
  for (;;) {
    if (p.i >= p.s.length) throw new Error(`unterminated ${q === "'" ? 'string' : 'name'} in ${p.s}`);
    const c = p.s[p.i]!;
    if (c === q && p.s[p.i + 1] === q) {
      out += q;
      p.i += 2;
    } else if (c === q) {
      p.i++;
      return out;
    } else {
      out += c;
      p.i++;
    }
  }
}

function readItems(p: Cursor, close: string, depth: number): { items: LiteralNode[]; pairs: [LiteralNode, LiteralNode][] } {
  const items: LiteralNode[] = [];
  const pairs: [LiteralNode, LiteralNode][] = [];
  p.i++;
  skip(p);
  if (p.s[p.i] === close) {
    p.i++;
    return { items, pairs };
  }
  for (;;) {
    const item = readNode(p, depth + 1, close !== '}');
    skip(p);
    if (close === '}' && p.s[p.i] === ':') {
      p.i++;
      pairs.push([item, readNode(p, depth + 1, true)]);
      skip(p);
    } else {
      items.push(item);
    }
    const c = p.s[p.i++];
    if (c === close) break;
    if (c !== ',') throw new Error(`expected ',' or '${close}' in ${p.s}`);
  }
  if (items.length > 0 && pairs.length > 0) throw new Error(`mixed values and key: value pairs in ${p.s}`);
  return { items, pairs };
}

/** `colonOk`: inside [ ] and ( ) a bare time like 04:05:00 keeps its colons. */
function readNode(p: Cursor, depth: number, colonOk = false): LiteralNode {
  if (depth > DEPTH_MAX) throw new Error('value nested too deeply');
  skip(p);
  const c = p.s[p.i];
  if (c === undefined) throw new Error(`value missing in ${p.s}`);
  if (c === "'") return { kind: 'string', value: readQuoted(p, "'") };
  if (c === '"') return { kind: 'atom', value: readQuoted(p, '"') };
  if (c === '[') return { kind: 'list', items: readItems(p, ']', depth).items };
  if (c === '(') return { kind: 'tuple', items: readItems(p, ')', depth).items };
  if (c === '{') {
    const { items, pairs } = readItems(p, '}', depth);
    return { kind: 'braces', items, pairs };
  }
  const m = (colonOk ? /^[^\s,\[\]{}()'"]+/ : /^[^\s,:\[\]{}()'"]+/).exec(p.s.slice(p.i));
  if (m === null) throw new Error(`unexpected '${c}' in ${p.s}`);
  p.i += m[0].length;
  const value = m[0];
  return { kind: 'atom', value };
}
