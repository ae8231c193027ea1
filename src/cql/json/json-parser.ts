/**
 * A strict RFC 8259 JSON parser producing JsonValue (json-value.ts).
 *
 * Why not JSON.parse: it turns every number into a double before anything can see the literal
 * (Node 20 has no reviver access to source text), so 9007199254740993 would arrive as
 * 9007199254740992 and a decimal such as 0.1000000000000000055511151231257827 would be rounded —
 * silently wrong values for bigint, varint and decimal columns. This parser keeps each number's
 * text (JsonNumber) and leaves the conversion to the column's type.
 *
 * Grammar (whitespace = space, tab, LF, CR between tokens):
 *   value  = object | array | string | number | 'true' | 'false' | 'null'
 *   object = '{' [ string ':' value *( ',' string ':' value ) ] '}'   (a repeated name: last wins)
 *   array  = '[' [ value *( ',' value ) ] ']'
 *   string = '"' *( unescaped | '\' ( '"' | '\' | '/' | 'b' | 'f' | 'n' | 'r' | 't' | 'u' 4hex ) ) '"'
 *            (unescaped: any character but '"', '\' and U+0000..U+001F)
 *   number = [ '-' ] ( '0' | [1-9] *digit ) [ '.' 1*digit ] [ ( 'e' | 'E' ) [ '+' | '-' ] 1*digit ]
 * The whole text must be one value. Nesting deeper than MAX_DEPTH is refused rather than risk the
 * stack. Errors are JsonSyntaxError, naming the offset.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { JsonNumber, type JsonValue } from './json-value.js';

/** Deepest array/object nesting accepted. */
export const MAX_DEPTH = 512;

/** Text that is not valid JSON. `detail` says what and where (callers add their own context). */
export class JsonSyntaxError extends InvalidRequestError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Parses one JSON value. */
export function parseJson(text: string): JsonValue {
  const p = new Parser(text);
  p.skipBlanks();
  const v = p.value(0);
  p.skipBlanks();
  if (!p.atEnd()) p.fail('unexpected text after the JSON value');
  return v;
}

/** One parse: a cursor over the text (instances are per call). */
class Parser {
  private pos = 0;
  // Sticky, so it matches exactly at `pos`; per instance because a sticky regex holds state.
  private readonly numberAt = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

  constructor(private readonly src: string) {}

  atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  skipBlanks(): void {
    for (;;) {
      const c = this.src.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.pos++;
      else return;
    }
  }

  value(depth: number): JsonValue {
    const c = this.src[this.pos];
    switch (c) {
      case '{':
        return this.object(depth + 1);
      case '[':
        return this.array(depth + 1);
      case '"':
        return this.string();
      case 't':
        return this.word('true', true);
      case 'f':
        return this.word('false', false);
      case 'n':
        return this.word('null', null);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
        return this.fail(c === undefined ? 'unexpected end of input' : `unexpected character ${describeChar(c)}`);
    }
  }

  private object(depth: number): ReadonlyMap<string, JsonValue> {
    this.checkDepth(depth);
    this.pos++; // '{'
    const out = new Map<string, JsonValue>();
    this.skipBlanks();
    if (this.src[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipBlanks();
      if (this.src[this.pos] !== '"') this.fail('expected a member name (a string)');
      const key = this.string();
      this.skipBlanks();
      this.expect(':');
      this.skipBlanks();
      out.set(key, this.value(depth));
      this.skipBlanks();
      if (this.src[this.pos] === '}') {
        this.pos++;
        return out;
      }
      this.expect(',', "',' or '}'");
    }
  }

  private array(depth: number): readonly JsonValue[] {
    this.checkDepth(depth);
    this.pos++; // '['
    const out: JsonValue[] = [];
    this.skipBlanks();
    if (this.src[this.pos] === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipBlanks();
      out.push(this.value(depth));
      this.skipBlanks();
      if (this.src[this.pos] === ']') {
        this.pos++;
        return out;
      }
      this.expect(',', "',' or ']'");
    }
  }

  private string(): string {
    this.pos++; // opening quote
    let out = '';
    let runStart = this.pos;
    for (;;) {
      const c = this.src.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail('unterminated string');
      if (c === 0x22) {
        out += this.src.slice(runStart, this.pos);
        this.pos++;
        return out;
      }
      if (c < 0x20) this.fail(`control character U+${c.toString(16).padStart(4, '0').toUpperCase()} in a string (escape it)`);
      if (c === 0x5c) {
        out += this.src.slice(runStart, this.pos);
        out += this.escape();
        runStart = this.pos;
      } else {
        this.pos++;
      }
    }
  }

  private escape(): string {
    const e = this.src[this.pos + 1];
    if (e === undefined) this.fail('unterminated string');
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    if (e !== 'u') this.fail(`invalid escape '\\${e}'`);
    const hex = this.src.slice(this.pos + 2, this.pos + 6);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('\\u must be followed by four hex digits');
    this.pos += 6;
    return String.fromCharCode(parseInt(hex, 16));
  }

  private number(): JsonNumber {
    this.numberAt.lastIndex = this.pos;
    const m = this.numberAt.exec(this.src);
    if (m === null) return this.fail('invalid number');
    const end = this.pos + m[0].length;
    const next = this.src[end];
    if (next !== undefined && /[0-9.eE+-]/.test(next)) this.fail('invalid number');
    this.pos = end;
    return new JsonNumber(m[0]);
  }

  private word<T>(word: string, v: T): T {
    if (!this.src.startsWith(word, this.pos)) this.fail(`unexpected character ${describeChar(this.src[this.pos]!)}`);
    this.pos += word.length;
    return v;
  }

  private expect(c: string, what = `'${c}'`): void {
    if (this.src[this.pos] !== c) {
      this.fail(this.atEnd() ? `unexpected end of input, expected ${what}` : `expected ${what}, found ${describeChar(this.src[this.pos]!)}`);
    }
    this.pos++;
  }

  private checkDepth(depth: number): void {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
  }

  fail(msg: string): never {
    throw new JsonSyntaxError(`${msg} at offset ${this.pos}`);
  }
}

function describeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).padStart(4, '0').toUpperCase()}` : `'${c}'`;
}
