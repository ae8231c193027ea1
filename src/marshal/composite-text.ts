/**
 * The text form of CompositeType values, as Cassandra's AbstractCompositeType writes it:
 * components joined by ':', a ':' inside a component written '\:', a '!' appended to a component
 * ending in '\' or '!' (so the separator after it stays visible), and a trailing ':!' or ':_' for
 * an end-of-component byte of +1 or -1. We also append '!' to a component that is exactly '_'
 * (Cassandra would read it back as the -1 marker); Cassandra's unescape reads that form correctly.
 */

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
