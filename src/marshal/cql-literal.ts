/**
 * CQL literals of values inside structured types, the text form of lists, sets, maps, tuples and
 * user types: '[1, 2]', {'a', 'b'}', "{'k': 1}", "(1, 'x', null)", "{street: 'Main', no: 3}".
 * Following Cassandra's CQL3Type.toCQLLiteral, an element is written as CQL would read it:
 *   text, ascii                           single-quoted, a quote inside doubled: 'it''s'
 *   timestamp, date, time, inet           single-quoted (CQL takes them as string literals)
 *   blob, and types with no CQL name      0x followed by hex (Cassandra's form for custom types)
 *   lists, sets, maps, tuples, UDTs       their own literal, nested
 *   everything else                       the type's text as it is (numbers, uuids, booleans, durations)
 *   a null tuple or UDT component         null
 *   the empty value of a non-blob type    '' (Cassandra would print null, which would not read back)
 * Reading accepts the same forms, a quoted string for any type (read by its fromString, as CQL reads
 * custom types), and `null` in any case.
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import { hexToBytes } from './bytes-type.js';
import { ReversedType } from './reversed-type.js';
import { isStructured } from './structured-type.js';

const QUOTED_CQL_TYPES: ReadonlySet<string> = new Set(['text', 'ascii', 'varchar', 'timestamp', 'date', 'time', 'inet']);
/** Characters that end a bare token. */
const DELIMITERS: ReadonlySet<string> = new Set([',', ':', '[', ']', '(', ')', '{', '}', "'", '"']);
const BLANK = /\s/;
const PLAIN_IDENTIFIER = /^[a-z][a-z0-9_]*$/;
const BARE_IDENTIFIER_CHAR = /[A-Za-z0-9_]/;

/** A cursor over one literal string; errors are MarshalErrors naming the type being read. */
export class LiteralReader {
  pos = 0;

  constructor(
    readonly src: string,
    readonly typeName: string,
  ) {}

  skipBlanks(): void {
    while (this.pos < this.src.length && BLANK.test(this.src[this.pos]!)) this.pos++;
  }

  /** The next non-blank character, not consumed (undefined at the end). */
  peek(): string | undefined {
    this.skipBlanks();
    return this.src[this.pos];
  }

  /** Consumes `ch` if it is next. */
  accept(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.pos++;
    return true;
  }

  expect(ch: string): void {
    if (!this.accept(ch)) this.fail(`expected '${ch}'`);
  }

  expectEnd(): void {
    if (this.peek() !== undefined) this.fail('unexpected text after the value');
  }

  /**
   * Reads `open` item (',' item)* `close`, or an empty `open close`, calling `item` for each.
   */
  readSequence(open: string, close: string, item: () => void): void {
    this.expect(open);
    if (this.accept(close)) return;
    for (;;) {
      item();
      if (this.accept(close)) return;
      this.expect(',');
    }
  }

  /** A single-quoted string, quotes inside doubled. */
  readQuoted(): string {
    this.expect("'");
    let out = '';
    for (;;) {
      const i = this.src.indexOf("'", this.pos);
      if (i < 0) this.fail('unterminated string');
      out += this.src.slice(this.pos, i);
      this.pos = i + 1;
      if (this.src[this.pos] !== "'") return out;
      out += "'";
      this.pos++;
    }
  }

  /** A run of characters up to a blank or a delimiter (never empty). */
  readBare(): string {
    this.skipBlanks();
    const start = this.pos;
    while (this.pos < this.src.length && !BLANK.test(this.src[this.pos]!) && !DELIMITERS.has(this.src[this.pos]!)) this.pos++;
    if (this.pos === start) this.fail(this.pos < this.src.length ? `unexpected '${this.src[this.pos]}'` : 'unexpected end');
    return this.src.slice(start, this.pos);
  }

  /** A CQL identifier: "quoted" (exact, "" for a quote) or bare (lower-cased, as CQL does). */
  readIdentifier(): string {
    if (this.peek() === '"') {
      this.pos++;
      let out = '';
      for (;;) {
        const i = this.src.indexOf('"', this.pos);
        if (i < 0) this.fail('unterminated quoted identifier');
        out += this.src.slice(this.pos, i);
        this.pos = i + 1;
        if (this.src[this.pos] !== '"') return out;
        out += '"';
        this.pos++;
      }
    }
    const start = this.pos;
    while (this.pos < this.src.length && BARE_IDENTIFIER_CHAR.test(this.src[this.pos]!)) this.pos++;
    if (this.pos === start) this.fail('expected an identifier');
    return this.src.slice(start, this.pos).toLowerCase();
  }

  /** Wraps an error raised while reading: the position and the source are added. */
  fail(msg: string): never {
    throw new MarshalError(`${this.typeName}: ${msg} at char ${this.pos} of '${this.src}'`);
  }
}

/** 'it''s' for it's. */
export function quoteString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** A CQL identifier, double-quoted unless it reads back unquoted as itself. */
export function maybeQuoteIdentifier(s: string): string {
  return PLAIN_IDENTIFIER.test(s) ? s : `"${s.replace(/"/g, '""')}"`;
}

/** How an element's literal is written and read. */
type Kind = 'structured' | 'blob' | 'quoted' | 'bare';

function kindOf(t: AbstractType): Kind {
  if (isStructured(t)) return 'structured';
  if (t.cqlName === null || t.cqlName === 'blob') return 'blob';
  return QUOTED_CQL_TYPES.has(t.cqlName) ? 'quoted' : 'bare';
}

function unreversed(t: AbstractType): AbstractType {
  return t instanceof ReversedType ? unreversed(t.baseType as AbstractType) : t;
}

/** The literal of a valid (non-null) value of `type` inside a structured literal. */
export function formatLiteral(type: AbstractType, bytes: Buffer): string {
  const t = unreversed(type);
  const kind = kindOf(t);
  if (kind === 'blob') return '0x' + bytes.toString('hex');
  if (bytes.length === 0) return "''";
  if (kind === 'quoted') return quoteString(t.toString(bytes));
  return t.toString(bytes);
}

/** Reads one element literal of `type`; null for `null` (the caller decides whether it may be). */
export function readLiteral(type: AbstractType, reader: LiteralReader): Buffer | null {
  const t = unreversed(type);
  const kind = kindOf(t);
  const next = reader.peek();
  if (next === "'") {
    const start = reader.pos;
    const s = reader.readQuoted();
    return parsedAt(reader, start, () => t.fromString(s));
  }
  if (kind === 'structured' && next !== undefined && '[{('.includes(next) && isStructured(t)) return t.readLiteral(reader);
  const start = reader.pos;
  const token = reader.readBare();
  if (token.toLowerCase() === 'null') return null;
  return parsedAt(reader, start, () => (kind === 'blob' ? blob(t, token) : t.fromString(token)));
}

/** A 0x-prefixed hex literal as a value of `t`, validated (custom types take any valid bytes). */
function blob(t: AbstractType, token: string): Buffer {
  if (!/^0x/i.test(token)) throw new MarshalError(`${t.name}: expected a 0x… blob literal, got '${token}'`);
  const bytes = hexToBytes(token.slice(2), t.name);
  t.validate(bytes);
  return bytes;
}

function parsedAt(reader: LiteralReader, start: number, parse: () => Buffer): Buffer {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof MarshalError)) throw e;
    reader.pos = start;
    return reader.fail(e.message);
  }
}
