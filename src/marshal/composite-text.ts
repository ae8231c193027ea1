/**
 * The text form of CompositeType values, as Cassandra's AbstractCompositeType writes it:
 * components joined by ':', a ':' inside a component written '\:', a '!' appended to a component
 * ending in '\' or '!' (so the separator after it stays visible), and a trailing ':!' or ':_' for
 * an end-of-component byte of +1 or -1. We also append '!' to a component that is exactly '_'
 * (Cassandra would read it back as the -1 marker); Cassandra's unescape reads that form correctly.
 */

import { MarshalError } from '../errors/index.js';

/** Escapes one component's text. */
export function escapeComponent(s: string): string {
  if (s === '') return s;
  const r = s.replace(/:/g, '\\:');
  const last = r[r.length - 1];
  return last === '\\' || last === '!' || r === '_' ? r + '!' : r;
}

/** Reverses escapeComponent. */
export function unescapeComponent(s: string): string {
  if (s === '') return s;
  const r = s.replace(/\\:/g, ':');
  return r.endsWith('!') ? r.slice(0, -1) : r;
}

/** Splits on every ':' not preceded by '\'. The empty string has no parts. */
export function splitComponents(s: string): string[] {
  if (s === '') return [];
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== ':' || (i > 0 && s[i - 1] === '\\')) continue;
    parts.push(s.slice(start, i));
    start = i + 1;
  }
  parts.push(s.slice(start));
  return parts;
}

/**
 * A composite's text split into its components' texts (still escaped) and its end-of-component
 * byte, from the trailing ':!' (+1) or ':_' (-1) marker. `typeName` names the type in errors.
 */
export function componentTexts(s: string, typeName: string): { parts: string[]; eoc: -1 | 0 | 1 } {
  const parts = splitComponents(s);
  const last = parts[parts.length - 1];
  const marked = parts.length > 1 && (last === '!' || last === '_');
  if (parts.slice(0, marked ? -1 : parts.length).some((p) => p === '!' || p === '_')) {
    throw new MarshalError(`${typeName}: misplaced end-of-component marker in '${s}'`);
  }
  if (!marked) {
    if (parts.length === 1 && (last === '!' || last === '_')) throw new MarshalError(`${typeName}: misplaced end-of-component marker in '${s}'`);
    return { parts, eoc: 0 };
  }
  return { parts: parts.slice(0, -1), eoc: last === '!' ? 1 : -1 };
}

/** The text of an end-of-component byte: the marker appended after the components. */
export function eocText(eoc: -1 | 0 | 1): string {
  return eoc === 1 ? ':!' : eoc === -1 ? ':_' : '';
}
