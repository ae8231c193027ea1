/**
 * Type names → type instances. Accepts Cassandra's class-name grammar (what schemas, the 0.7
 * storage-conf and Thrift CfDef carry): 'UTF8Type', 'org.apache.cassandra.db.marshal.UTF8Type',
 * 'ReversedType(LongType)', 'CompositeType(UTF8Type, LongType)' (blanks and a package prefix
 * allowed anywhere), and the CQL native type names ('text', 'bigint', … case-insensitive).
 * An unknown name or a malformed string is a ConfigurationError naming it, as Cassandra's
 * TypeParser raises ConfigurationException. As in Cassandra, an empty string means BytesType.
 */
import { ConfigurationError } from '../errors/index.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { ASCII_TYPE } from './ascii-type.js';
import { BOOLEAN_TYPE } from './boolean-type.js';
import { BYTE_TYPE } from './byte-type.js';
import { BYTES_TYPE } from './bytes-type.js';
import { CompositeType } from './composite-type.js';
import { COUNTER_COLUMN_TYPE } from './counter-column-type.js';
import { DATE_TYPE } from './date-type.js';
import { DECIMAL_TYPE } from './decimal-type.js';
import { DOUBLE_TYPE } from './double-type.js';
import { DURATION_TYPE } from './duration-type.js';
import { EMPTY_TYPE } from './empty-type.js';
import { FLOAT_TYPE } from './float-type.js';
import { INET_ADDRESS_TYPE } from './inet-address-type.js';
import { INT32_TYPE } from './int32-type.js';
import { INTEGER_TYPE } from './integer-type.js';
import { LEXICAL_UUID_TYPE } from './lexical-uuid-type.js';
import { LONG_TYPE } from './long-type.js';
import { ReversedType } from './reversed-type.js';
import { SHORT_TYPE } from './short-type.js';
import { SIMPLE_DATE_TYPE } from './simple-date-type.js';
import { TIME_TYPE } from './time-type.js';
import { TIME_UUID_TYPE } from './time-uuid-type.js';
import { TIMESTAMP_TYPE } from './timestamp-type.js';
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

/** Parses a class-name type string or a CQL type name. */
export function parseType(source: string): AbstractType {
  const trimmed = source.trim();
  if (trimmed === '') return BYTES_TYPE;
  const cql = CQL_TYPES.get(trimmed.toLowerCase());
  if (cql !== undefined) return cql;
  const parser = new Parser(source);
  const type = parser.parseType();
  parser.expectEnd();
  return type;
}

/** Parses a CQL native type name only ('text', 'BIGINT', …). */
export function parseCqlType(name: string): AbstractType {
  const t = CQL_TYPES.get(name.trim().toLowerCase());
  if (t === undefined) throw new ConfigurationError(`unknown CQL type '${name}'`);
  return t;
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
    const params = this.peek() === '(' ? this.parameters() : null;
    return this.build(name, raw, params);
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
    const simple = SIMPLE_TYPES.get(name);
    if (simple === undefined) throw new ConfigurationError(`unknown type '${raw}' in '${this.src}'`);
    if (params !== null && params.length > 0) this.fail(`${name} takes no parameters`);
    return simple;
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
