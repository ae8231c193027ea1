/**
 * Type names → type instances, in both of Cassandra's syntaxes.
 *
 * Class names (what schemas, the 0.7 storage-conf and Thrift CfDef carry): 'UTF8Type',
 * 'org.apache.cassandra.db.marshal.UTF8Type', 'ReversedType(LongType)', 'CompositeType(UTF8Type,
 * LongType)', 'ListType(Int32Type)', 'SetType(…)', 'MapType(K,V)' (multi-cell unless wrapped in
 * 'FrozenType(…)'), 'TupleType(T1,…)', 'UserType(ks,<hex name>,<hex field>:T,…)' (multi-cell
 * unless in FrozenType); blanks and a package prefix allowed anywhere.
 *
 * CQL (parseCqlType; parseType takes it too when the string looks like CQL): native names
 * ('text', 'BIGINT', … case-insensitive), 'list<T>', 'set<T>', 'map<K, V>' (multi-cell),
 * 'frozen<…>', 'tuple<T1, …>' (always frozen), user types by name — 'address', 'ks.address',
 * '"Quoted"' — resolved by the caller's resolver (UDTs live in the schema; an unqualified name is
 * looked up in `options.keyspace`), multi-cell unless frozen, and custom types as a quoted class
 * name. As Cassandra's CQL3Type.Raw does, it refuses non-frozen collections and UDTs inside
 * collections, counters inside collections and tuples, and durations as set elements or map keys.
 *
 * An unknown name or a malformed string is a ConfigurationError naming it, as Cassandra's
 * TypeParser raises ConfigurationException. As in Cassandra, an empty string means BytesType.
 */
import { ConfigurationError, MarshalError } from '../errors/index.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { ASCII_TYPE } from './ascii-type.js';
import { BOOLEAN_TYPE } from './boolean-type.js';
import { BYTE_TYPE } from './byte-type.js';
import { BYTES_TYPE } from './bytes-type.js';
import { CompositeType } from './composite-type.js';
import { DynamicCompositeType } from './dynamic-composite-type.js';
import { COUNTER_COLUMN_TYPE } from './counter-column-type.js';
import { DATE_TYPE } from './date-type.js';
import { DECIMAL_TYPE } from './decimal-type.js';
import { DOUBLE_TYPE } from './double-type.js';
import { DURATION_TYPE } from './duration-type.js';
import { EMPTY_TYPE } from './empty-type.js';
import { FLOAT_TYPE } from './float-type.js';
import { freeze } from './frozen-type.js';
import { INET_ADDRESS_TYPE } from './inet-address-type.js';
import { INT32_TYPE } from './int32-type.js';
import { INTEGER_TYPE } from './integer-type.js';
import { LEXICAL_UUID_TYPE } from './lexical-uuid-type.js';
import { ListType } from './list-type.js';
import { LONG_TYPE } from './long-type.js';
import { MapType } from './map-type.js';
import { ReversedType } from './reversed-type.js';
import { SetType } from './set-type.js';
import { SHORT_TYPE } from './short-type.js';
import { SIMPLE_DATE_TYPE } from './simple-date-type.js';
import { isMultiCell, isStructured } from './structured-type.js';
import { TIME_TYPE } from './time-type.js';
import { TIME_UUID_TYPE } from './time-uuid-type.js';
import { TIMESTAMP_TYPE } from './timestamp-type.js';
import { TupleType } from './tuple-type.js';
import { UserType } from './user-type.js';
import { UTF8_TYPE } from './utf8-type.js';
import { UUID_TYPE } from './uuid-type.js';

/** Every unparameterised type, by Cassandra class short name. */
export const SIMPLE_TYPES: ReadonlyMap<string, AbstractType> = new Map<string, AbstractType>(
  [
    BYTES_TYPE, ASCII_TYPE, UTF8_TYPE, LONG_TYPE, INTEGER_TYPE, INT32_TYPE, SHORT_TYPE, BYTE_TYPE,
    LEXICAL_UUID_TYPE, TIME_UUID_TYPE, UUID_TYPE, BOOLEAN_TYPE, DOUBLE_TYPE, FLOAT_TYPE, DATE_TYPE,
    TIMESTAMP_TYPE, SIMPLE_DATE_TYPE, TIME_TYPE, DECIMAL_TYPE, INET_ADDRESS_TYPE, COUNTER_COLUMN_TYPE,
    DURATION_TYPE, EMPTY_TYPE,
  ].map((t) => [t.name, t as AbstractType]),
);

/** CQL native type names (lower case) → types. 'timestamp' is TimestampType, not the old DateType. */
export const CQL_TYPES: ReadonlyMap<string, AbstractType> = new Map<string, AbstractType>([
  ['ascii', ASCII_TYPE], ['bigint', LONG_TYPE], ['blob', BYTES_TYPE], ['boolean', BOOLEAN_TYPE],
  ['counter', COUNTER_COLUMN_TYPE], ['date', SIMPLE_DATE_TYPE], ['decimal', DECIMAL_TYPE],
  ['double', DOUBLE_TYPE], ['duration', DURATION_TYPE], ['float', FLOAT_TYPE], ['inet', INET_ADDRESS_TYPE],
  ['int', INT32_TYPE], ['smallint', SHORT_TYPE], ['text', UTF8_TYPE], ['time', TIME_TYPE],
  ['timestamp', TIMESTAMP_TYPE], ['timeuuid', TIME_UUID_TYPE], ['tinyint', BYTE_TYPE], ['uuid', UUID_TYPE],
  ['varchar', UTF8_TYPE], ['varint', INTEGER_TYPE],
]);

/** Finds a user type by keyspace (null: no keyspace given or known) and name; undefined if none. */
export type UserTypeResolver = (keyspace: string | null, name: string) => UserType | null | undefined;

export interface TypeParseOptions {
  /** The keyspace unqualified user type names are looked up in. */
  keyspace?: string;
  /** Looks user types up (without one, any user type name is unknown). */
  resolveUserType?: UserTypeResolver;
}

// Strings parseType hands to the CQL grammar: '<', quotes, or lower-case (qualified) names.
const LOOKS_LIKE_CQL = /[<"']|^[a-z_][a-z0-9_]*(\s*\.\s*[a-z_][a-z0-9_]*)?$/;

/** Parses a class-name type string, or a CQL type (see the header). */
export function parseType(source: string, options: TypeParseOptions = {}): AbstractType {
  const trimmed = source.trim();
  if (trimmed === '') return BYTES_TYPE;
  const cql = CQL_TYPES.get(trimmed.toLowerCase());
  if (cql !== undefined) return cql;
  if (LOOKS_LIKE_CQL.test(trimmed)) return parseCqlType(trimmed, options);
  const parser = new Parser(source);
  const type = parser.parseType();
  parser.expectEnd();
  return type;
}

/** Parses a CQL type: native names, collections, frozen<…>, tuples, user types (see the header). */
export function parseCqlType(source: string, options: TypeParseOptions = {}): AbstractType {
  const t = CQL_TYPES.get(source.trim().toLowerCase());
  if (t !== undefined) return t;
  const parser = new CqlParser(source, options);
  const type = parser.parseType();
  parser.expectEnd();
  return type;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9\-+._&]/;

/** A recursive-descent reader over one type string (instances are per call, not shared). */
class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parseType(): AbstractType {
    this.skipBlanks();
    const raw = this.identifier();
    const name = raw.startsWith(MARSHAL_PACKAGE) ? raw.slice(MARSHAL_PACKAGE.length) : raw;
    this.skipBlanks();
    if (name === 'UserType') return this.userType();
    if (name === 'DynamicCompositeType') return this.dynamicComposite();
    const params = this.peek() === '(' ? this.parameters() : null;
    try {
      return this.build(name, raw, params);
    } catch (e) {
      if (e instanceof MarshalError) this.fail(e.message);
      throw e;
    }
  }

  expectEnd(): void {
    this.skipBlanks();
    if (this.pos < this.src.length) this.fail(`unexpected '${this.src[this.pos]}'`);
  }

  private build(name: string, raw: string, params: AbstractType[] | null): AbstractType {
    if (name === 'ReversedType') {
      if (params === null || params.length !== 1) this.fail(`ReversedType takes exactly one type, ${params?.length ?? 0} given`);
      return new ReversedType(params[0]!);
    }
    if (name === 'CompositeType') {
      if (params === null || params.length === 0) this.fail('CompositeType needs at least one type');
      return new CompositeType(params);
    }
    if (name === 'FrozenType') return freeze(this.exactly(name, 1, params)[0]!);
    if (name === 'ListType') return new ListType(this.exactly(name, 1, params)[0]!, true);
    if (name === 'SetType') return new SetType(this.exactly(name, 1, params)[0]!, true);
    if (name === 'MapType') {
      const [k, v] = this.exactly(name, 2, params);
      return new MapType(k!, v!, true);
    }
    if (name === 'TupleType') {
      if (params === null || params.length === 0) this.fail('TupleType needs at least one type');
      return new TupleType(params);
    }
    const simple = SIMPLE_TYPES.get(name);
    if (simple === undefined) throw new ConfigurationError(`unknown type '${raw}' in '${this.src}'`);
    if (params !== null && params.length > 0) this.fail(`${name} takes no parameters`);
    return simple;
  }

  private exactly(name: string, n: number, params: AbstractType[] | null): AbstractType[] {
    if (params === null || params.length !== n) this.fail(`${name} takes exactly ${n === 1 ? 'one type' : `${n} types`}, ${params?.length ?? 0} given`);
    return params;
  }

  /** '(a => T1, b => T2, …)' after DynamicCompositeType (Cassandra's TypeParser.getAliasParameters); none at all is allowed. */
  private dynamicComposite(): AbstractType {
    const aliases = new Map<string, AbstractType>();
    if (this.peek() === '(') {
      this.pos++;
      for (;;) {
        this.skipBlanks();
        if (this.peek() === ')') {
          this.pos++;
          break;
        }
        if (aliases.size > 0) this.expectChar(',');
        this.skipBlanks();
        const alias = this.identifier();
        if (alias.length !== 1) this.fail(`An alias should be a single character: '${alias}'`);
        this.skipBlanks();
        if (!this.src.startsWith('=>', this.pos)) this.fail("expected '=>'");
        this.pos += 2;
        aliases.set(alias, this.parseType());
      }
    }
    try {
      return new DynamicCompositeType(aliases, (n) => parseType(n));
    } catch (e) {
      if (e instanceof MarshalError) this.fail(e.message);
      throw e;
    }
  }

  /** 'UserType(keyspace,<hex name>,<hex field>:type,…)', the keyword already read. */
  private userType(): AbstractType {
    if (this.peek() !== '(') this.fail('UserType needs (keyspace, name, fields…)');
    this.pos++;
    this.skipBlanks();
    const keyspace = this.identifier();
    this.expectChar(',');
    this.skipBlanks();
    const typeName = this.hexUtf8(this.identifier());
    const names: string[] = [];
    const types: AbstractType[] = [];
    for (;;) {
      this.skipBlanks();
      if (this.peek() === ')') {
        this.pos++;
        break;
      }
      this.expectChar(',');
      this.skipBlanks();
      names.push(this.hexUtf8(this.identifier()));
      this.expectChar(':');
      types.push(this.parseType());
    }
    try {
      return new UserType(keyspace, typeName, names, types, true);
    } catch (e) {
      if (e instanceof MarshalError) this.fail(e.message);
      throw e;
    }
  }

  private hexUtf8(hex: string): string {
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) this.fail(`'${hex}' is not hex`);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex'));
    } catch {
      return this.fail(`'${hex}' is not hex-encoded UTF-8`);
    }
  }

  private expectChar(ch: string): void {
    this.skipBlanks();
    if (this.peek() !== ch) this.fail(this.peek() === undefined ? 'unexpected end' : `expected '${ch}'`);
    this.pos++;
  }

  private parameters(): AbstractType[] {
    this.pos++; // '('
    const out: AbstractType[] = [];
    for (;;) {
      this.skipBlanks();
      if (this.peek() === undefined) this.fail('unexpected end');
      if (this.peek() === ')') {
        this.pos++;
        return out;
      }
      if (out.length > 0) {
        if (this.peek() !== ',') this.fail("expected ',' or ')'");
        this.pos++;
      }
      out.push(this.parseType());
    }
  }

  private identifier(): string {
    const start = this.pos;
    while (this.pos < this.src.length && IDENTIFIER_CHAR.test(this.src[this.pos]!)) this.pos++;
    if (this.pos === start) this.fail(this.pos < this.src.length ? `unexpected '${this.src[this.pos]}'` : 'unexpected end');
    return this.src.slice(start, this.pos);
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private skipBlanks(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
  }

  private fail(msg: string): never {
    throw new ConfigurationError(`syntax error parsing type '${this.src}' at char ${this.pos}: ${msg}`);
  }
}

const CQL_IDENTIFIER_START = /[A-Za-z_]/;
const CQL_IDENTIFIER_CHAR = /[A-Za-z0-9_]/;

/** A recursive-descent reader of one CQL type string (instances are per call, not shared). */
class CqlParser {
  private pos = 0;

  constructor(
    private readonly src: string,
    private readonly options: TypeParseOptions,
  ) {}

  /**
   * A type as written: collections and user types not inside frozen<…> are multi-cell. Inside
   * frozen<…> (`frozen`), nested collections and user types are frozen implicitly, as in Cassandra.
   */
  parseType(frozen = false): AbstractType {
    this.skipBlanks();
    if (this.peek() === "'") return parseType(this.quoted("'"));
    const { text, quoted } = this.identifier();
    if (!quoted && this.peekAfterBlanks() === '<') {
      const keyword = text.toLowerCase();
      this.expect('<');
      const type = this.parameterised(keyword, frozen);
      this.expect('>');
      return type;
    }
    if (!quoted && this.peekAfterBlanks() !== '.') {
      const native = CQL_TYPES.get(text.toLowerCase());
      if (native !== undefined) return native;
    }
    let keyspace: string | null = null;
    let name = quoted ? text : text.toLowerCase();
    if (this.peekAfterBlanks() === '.') {
      this.expect('.');
      keyspace = name;
      const n = this.identifier();
      name = n.quoted ? n.text : n.text.toLowerCase();
    }
    return this.userType(keyspace, name).unfreeze();
  }

  expectEnd(): void {
    this.skipBlanks();
    if (this.pos < this.src.length) this.fail(`unexpected '${this.src[this.pos]}'`);
  }

  private parameterised(keyword: string, frozen: boolean): AbstractType {
    switch (keyword) {
      case 'frozen': {
        const inner = this.parseType(true);
        if (!isStructured(inner)) this.fail(`frozen<> is only allowed on collections, tuples and user-defined types (got ${inner.cqlName ?? inner.name})`);
        return inner.freeze();
      }
      case 'list':
        return new ListType(this.element('collections', frozen), true);
      case 'set': {
        const e = this.element('collections', frozen);
        if (e === DURATION_TYPE) this.fail('durations are not allowed inside sets');
        return new SetType(e, true);
      }
      case 'map': {
        const k = this.element('collections', frozen);
        if (k === DURATION_TYPE) this.fail('durations are not allowed as map keys');
        this.expect(',');
        return new MapType(k, this.element('collections', frozen), true);
      }
      case 'tuple': {
        const types = [this.element('tuples', frozen)];
        while (this.peekAfterBlanks() === ',') {
          this.expect(',');
          types.push(this.element('tuples', frozen));
        }
        return new TupleType(types);
      }
      default:
        return this.fail(`unknown parameterised type '${keyword}'`);
    }
  }

  /**
   * A type nested in a collection (frozen explicitly, or implicitly inside frozen<…>) or a tuple
   * (frozen implicitly); no counters.
   */
  private element(inside: 'collections' | 'tuples', frozen: boolean): AbstractType {
    const t = this.parseType(frozen);
    if (t === COUNTER_COLUMN_TYPE) this.fail(`counters are not allowed inside ${inside}`);
    if (inside === 'collections' && !frozen && isMultiCell(t)) {
      const what = t instanceof UserType ? 'UDTs' : 'collections';
      this.fail(`non-frozen ${what} are not allowed inside collections (${t.cqlName})`);
    }
    return freeze(t);
  }

  private userType(keyspace: string | null, name: string): UserType {
    const ks = keyspace ?? this.options.keyspace ?? null;
    const found = this.options.resolveUserType?.(ks, name);
    if (found === undefined || found === null) {
      throw new ConfigurationError(`unknown type ${ks === null ? '' : ks + '.'}${name} in '${this.src}'`);
    }
    return found;
  }

  private identifier(): { text: string; quoted: boolean } {
    this.skipBlanks();
    if (this.peek() === '"') return { text: this.quoted('"'), quoted: true };
    const start = this.pos;
    if (this.pos < this.src.length && CQL_IDENTIFIER_START.test(this.src[this.pos]!)) {
      while (this.pos < this.src.length && CQL_IDENTIFIER_CHAR.test(this.src[this.pos]!)) this.pos++;
    }
    if (this.pos === start) this.fail(this.pos < this.src.length ? `unexpected '${this.src[this.pos]}'` : 'unexpected end');
    return { text: this.src.slice(start, this.pos), quoted: false };
  }

  /** A string in `q` quotes, a doubled quote standing for one. */
  private quoted(q: string): string {
    this.pos++;
    let out = '';
    for (;;) {
      const i = this.src.indexOf(q, this.pos);
      if (i < 0) this.fail('unterminated quoted name');
      out += this.src.slice(this.pos, i);
      this.pos = i + 1;
      if (this.src[this.pos] !== q) return out;
      out += q;
      this.pos++;
    }
  }

  private expect(ch: string): void {
    if (this.peekAfterBlanks() !== ch) this.fail(this.pos < this.src.length ? `expected '${ch}'` : 'unexpected end');
    this.pos++;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private peekAfterBlanks(): string | undefined {
    this.skipBlanks();
    return this.src[this.pos];
  }

  private skipBlanks(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
  }

  private fail(msg: string): never {
    throw new ConfigurationError(`syntax error parsing CQL type '${this.src}' at char ${this.pos}: ${msg}`);
  }
}
