/**
 * The COPY command's syntax, as cqlsh has it:
 *   COPY [ks.]table [(c1, c2, …)] TO 'file' | STDOUT [WITH opt = value [AND opt = value …]]
 *   COPY [ks.]table [(c1, c2, …)] FROM 'file' | STDIN [WITH …]
 * Names may be double-quoted; option values are 'strings' or bare words/numbers. Option names
 * are case-insensitive (kept upper-case); copy-options.ts checks and types them.
 */

export interface CopyCommand {
  readonly keyspace: string | undefined;
  readonly table: string;
  /** The columns listed, or undefined for all the table's columns. */
  readonly columns: readonly string[] | undefined;
  readonly direction: 'to' | 'from';
  /** A file name, or undefined for STDOUT / STDIN. */
  readonly file: string | undefined;
  readonly options: ReadonlyMap<string, string>;
}

type Token = { kind: 'name' | 'quoted' | 'string' | 'punct'; text: string };

function tokenize(text: string): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= text.length) return 'Improper COPY command: unterminated quote.';
        if (text[i] === c && text[i + 1] === c) {
          s += c;
          i += 2;
        } else if (text[i] === c) {
          i++;
          break;
        } else {
          s += text[i++];
        }
      }
      out.push({ kind: c === "'" ? 'string' : 'quoted', text: s });
    } else if ('(),.='.includes(c)) {
      out.push({ kind: 'punct', text: c });
      i++;
    } else {
      const m = /^[^\s(),.='"]+/.exec(text.slice(i))!;
      out.push({ kind: 'name', text: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

/** Parses a COPY statement; a string return is the error to print. */
export function parseCopy(text: string): CopyCommand | string {
  const toks = tokenize(text);
  if (typeof toks === 'string') return toks;
  let i = 1; // past COPY
  const bad = 'Improper COPY command.';
  const ident = (): string | undefined => {
    const t = toks[i];
    if (t === undefined || (t.kind !== 'name' && t.kind !== 'quoted')) return undefined;
    i++;
    return t.kind === 'quoted' ? t.text : t.text.toLowerCase();
  };
  const punct = (p: string): boolean => {
    if (toks[i]?.kind === 'punct' && toks[i]!.text === p) {
      i++;
      return true;
    }
    return false;
  };
  let table = ident();
  let keyspace: string | undefined;
  if (table === undefined) return bad;
  if (punct('.')) {
    keyspace = table;
    table = ident();
    if (table === undefined) return bad;
  }
  let columns: string[] | undefined;
  if (punct('(')) {
    columns = [];
    do {
      const c = ident();
      if (c === undefined) return bad;
      columns.push(c);
    } while (punct(','));
    if (!punct(')')) return bad;
  }
  const dir = toks[i++];
  const direction = dir?.kind === 'name' ? dir.text.toUpperCase() : '';
  if (direction !== 'TO' && direction !== 'FROM') return bad;
  const target = toks[i++];
  let file: string | undefined;
  if (target?.kind === 'string') file = target.text;
  else if (target?.kind === 'name' && target.text.toUpperCase() === (direction === 'TO' ? 'STDOUT' : 'STDIN')) file = undefined;
  else return bad;
  const options = new Map<string, string>();
  if (i < toks.length) {
    if (toks[i]?.kind !== 'name' || toks[i]!.text.toUpperCase() !== 'WITH') return bad;
    i++;
    do {
      const name = toks[i++];
      if (name?.kind !== 'name' || !punct('=')) return bad;
      const value = toks[i++];
      if (value === undefined || value.kind === 'punct') return bad;
      let v = value.text;
      // a bare number like 1.5 arrives as name . name
      while (value.kind === 'name' && toks[i]?.kind === 'punct' && toks[i]!.text === '.' && toks[i + 1]?.kind === 'name') {
        v += `.${toks[i + 1]!.text}`;
        i += 2;
      }
      options.set(name.text.toUpperCase(), v);
    } while (toks[i]?.kind === 'name' && toks[i]!.text.toUpperCase() === 'AND' && ++i);
    if (i < toks.length) return bad;
  }
  return { keyspace, table, columns, direction: direction === 'TO' ? 'to' : 'from', file, options };
}
