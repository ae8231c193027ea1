/**
 * A parser for the subset of the Thrift IDL that describes a service: namespace and include
 * lines (skipped), const, enum, struct, exception, typedef-free types, and service with methods,
 * arguments, oneway and throws. Comments: `#`, `//`, `/* … *\/`. Errors name the line.
 * Enough for interface/cassandra.thrift and any file of its style; not a full Thrift compiler.
 */
import type { IdlBaseType, IdlConst, IdlDocument, IdlEnum, IdlField, IdlMethod, IdlService, IdlStruct, IdlType } from './idl-model.js';

export class IdlSyntaxError extends Error {
  constructor(message: string, line: number) {
    super(`line ${line}: ${message}`);
    this.name = 'IdlSyntaxError';
  }
}

interface Token {
  readonly kind: 'word' | 'number' | 'string' | 'punct';
  readonly text: string;
  readonly line: number;
}

const BASE_TYPES = new Set<string>(['bool', 'byte', 'i8', 'i16', 'i32', 'i64', 'double', 'string', 'binary']);

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n') { line++; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '#' || (c === '/' && src[i + 1] === '/')) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) throw new IdlSyntaxError('unterminated comment', line);
      for (let k = i; k < end; k++) if (src[k] === '\n') line++;
      i = end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw new IdlSyntaxError('unterminated string', line);
      out.push({ kind: 'string', text: src.slice(i + 1, end), line });
      i = end + 1;
      continue;
    }
    const num = /^-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/.exec(src.slice(i, i + 40));
    if (num !== null && (c === '-' || (c >= '0' && c <= '9'))) {
      out.push({ kind: 'number', text: num[0], line });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(src.slice(i, i + 200));
    if (word !== null) {
      out.push({ kind: 'word', text: word[0], line });
      i += word[0].length;
      continue;
    }
    if ('{}()<>,;:=[]'.includes(c)) {
      out.push({ kind: 'punct', text: c, line });
      i++;
      continue;
    }
    throw new IdlSyntaxError(`unexpected character '${c}'`, line);
  }
  return out;
}

class Cursor {
  private i = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  get done(): boolean {
    return this.i >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.i];
  }

  next(): Token {
    const t = this.tokens[this.i++];
    if (t === undefined) throw new IdlSyntaxError('unexpected end of file', this.tokens.at(-1)?.line ?? 1);
    return t;
  }

  word(): string {
    const t = this.next();
    if (t.kind !== 'word') throw new IdlSyntaxError(`expected a name, found '${t.text}'`, t.line);
    return t.text;
  }

  expect(text: string): void {
    const t = this.next();
    if (t.text !== text || t.kind === 'string') throw new IdlSyntaxError(`expected '${text}', found '${t.text}'`, t.line);
  }

  accept(text: string): boolean {
    const t = this.peek();
    if (t !== undefined && t.kind !== 'string' && t.text === text) {
      this.i++;
      return true;
    }
    return false;
  }

  /** Skips an optional list separator. */
  separator(): void {
    if (!this.accept(',')) this.accept(';');
  }
}

export function parseIdl(src: string): IdlDocument {
  const c = new Cursor(tokenize(src));
  const enums = new Map<string, IdlEnum>();
  const structs = new Map<string, IdlStruct>();
  const services = new Map<string, IdlService>();
  const consts = new Map<string, IdlConst>();
  while (!c.done) {
    const t = c.next();
    switch (t.text) {
      case 'namespace': c.word(); c.word(); break;
      case 'include': c.next(); break;
      case 'const': {
        parseType(c);
        const name = c.word();
        c.expect('=');
        consts.set(name, parseConst(c));
        c.separator();
        break;
      }
      case 'enum': {
        const e = parseEnum(c);
        enums.set(e.name, e);
        break;
      }
      case 'struct': case 'exception': {
        const name = c.word();
        c.expect('{');
        structs.set(name, { kind: t.text, name, fields: parseFields(c, '}') });
        break;
      }
      case 'service': {
        const s = parseService(c);
        services.set(s.name, s);
        break;
      }
      default:
        throw new IdlSyntaxError(`unexpected '${t.text}'`, t.line);
    }
  }
  return { enums, structs, services, consts };
}

function parseEnum(c: Cursor): IdlEnum {
  const name = c.word();
  c.expect('{');
  const values = new Map<string, number>();
  let next = 0;
  while (!c.accept('}')) {
    const v = c.word();
    if (c.accept('=')) {
      const t = c.next();
      if (t.kind !== 'number') throw new IdlSyntaxError(`enum value must be a number, found '${t.text}'`, t.line);
      next = Number(t.text);
    }
    values.set(v, next++);
    c.separator();
  }
  return { name, values };
}

function parseService(c: Cursor): IdlService {
  const name = c.word();
  c.expect('{');
  const methods: IdlMethod[] = [];
  while (!c.accept('}')) {
    const oneway = c.accept('oneway');
    const returns = c.accept('void') ? null : parseType(c);
    const mname = c.word();
    c.expect('(');
    const args = parseFields(c, ')');
    let throws: readonly IdlField[] = [];
    if (c.accept('throws')) {
      c.expect('(');
      throws = parseFields(c, ')');
    }
    methods.push({ name: mname, returns, oneway, args, throws });
    c.separator();
  }
  return { name, methods };
}

/** Fields up to the closing `end`: `id: [required|optional] type name [= default] [,;]`. */
function parseFields(c: Cursor, end: string): IdlField[] {
  const fields: IdlField[] = [];
  while (!c.accept(end)) {
    const idTok = c.next();
    if (idTok.kind !== 'number') throw new IdlSyntaxError(`fields need an explicit id, found '${idTok.text}'`, idTok.line);
    c.expect(':');
    let requiredness: IdlField['requiredness'] = 'default';
    if (c.accept('required')) requiredness = 'required';
    else if (c.accept('optional')) requiredness = 'optional';
    const type = parseType(c);
    const name = c.word();
    const field: IdlField = c.accept('=') ? { id: Number(idTok.text), name, type, requiredness, defaultValue: parseConst(c) } : { id: Number(idTok.text), name, type, requiredness };
    if (fields.some((f) => f.id === field.id)) throw new IdlSyntaxError(`duplicate field id ${field.id}`, idTok.line);
    fields.push(field);
    c.separator();
  }
  return fields;
}

function parseType(c: Cursor): IdlType {
  const name = c.word();
  if (name === 'list' || name === 'set') {
    c.expect('<');
    const elem = parseType(c);
    c.expect('>');
    return { kind: name, elem };
  }
  if (name === 'map') {
    c.expect('<');
    const key = parseType(c);
    c.expect(',');
    const value = parseType(c);
    c.expect('>');
    return { kind: 'map', key, value };
  }
  if (BASE_TYPES.has(name)) return { kind: 'base', name: (name === 'i8' ? 'byte' : name) as IdlBaseType };
  return { kind: 'named', name };
}

function parseConst(c: Cursor): IdlConst {
  const t = c.next();
  if (t.kind === 'string') return t.text;
  if (t.kind === 'number') return Number(t.text);
  if (t.kind === 'word') {
    if (t.text === 'true') return true;
    if (t.text === 'false') return false;
    return { enumValue: t.text };
  }
  throw new IdlSyntaxError(`expected a constant, found '${t.text}'`, t.line);
}
