/**
 * How cassandra-cli turns what the user typed into bytes and bytes back into text: the
 * conversion functions (`utf8('…')`, `long(5)`, `timeuuid()`, `bytes('cafe')`, …), type names
 * in `assume` and `as` (a function name, a short class name such as UTF8Type, or a full one),
 * and literals converted by a comparator or validator (its fromString; BytesType reads hex).
 */
import type { Env } from '../../env/index.js';
import { CliError } from './cli-error.js';
import {
  ASCII_TYPE, type AbstractType, BYTES_TYPE, COUNTER_COLUMN_TYPE, INT32_TYPE, INTEGER_TYPE, LEXICAL_UUID_TYPE,
  LONG_TYPE, TIME_UUID_TYPE, TimeUuidGenerator, UTF8_TYPE, parseType,
} from '../../marshal/index.js';
import type { CliTerm } from './cli-ast.js';

/** The conversion functions, by name, in cassandra-cli's order (its error messages list them so). */
export const CLI_FUNCTIONS: ReadonlyMap<string, AbstractType> = new Map<string, AbstractType>([
  ['bytes', BYTES_TYPE], ['integer', INTEGER_TYPE], ['long', LONG_TYPE], ['int', INT32_TYPE],
  ['lexicaluuid', LEXICAL_UUID_TYPE], ['timeuuid', TIME_UUID_TYPE], ['utf8', UTF8_TYPE], ['ascii', ASCII_TYPE],
  ['countercolumn', COUNTER_COLUMN_TYPE],
]);

const FUNCTION_NAMES = `${[...CLI_FUNCTIONS.keys()].join(', ')}.`;

/** A type by function name or class name; CliError when there is none. */
export function typeByName(name: string): AbstractType {
  const fn = CLI_FUNCTIONS.get(name.toLowerCase());
  if (fn !== undefined) return fn;
  try {
    return parseType(name);
  } catch {
    throw new CliError(`Type '${name}' was not found. Available: ${FUNCTION_NAMES}`);
  }
}

/** A schema's class name as a type; BytesType when absent or unknown to us (a custom class). */
export function typeOfClass(className: string | undefined): AbstractType {
  if (className === undefined || className === '') return BYTES_TYPE;
  try {
    return parseType(className);
  } catch {
    return BYTES_TYPE;
  }
}

/** Text → bytes by `type`, with the type named in the error when the text does not fit. */
export function bytesOf(text: string, type: AbstractType): Buffer {
  try {
    return type.fromString(text);
  } catch (e) {
    throw new CliError(`cannot parse '${text}' as ${type.name}: ${(e as Error).message}`);
  }
}

/** Bytes → text by `type`; hex when the bytes are not a valid value of it (cassandra-cli would fail). */
export function textOf(bytes: Buffer, type: AbstractType): string {
  try {
    return type.toString(bytes);
  } catch {
    return bytes.toString('hex');
  }
}

/** Makes the values of argument-less functions: timeuuid() now, lexicaluuid() random. */
export class CliValueSource {
  private readonly timeUuids: TimeUuidGenerator;

  constructor(private readonly env: Env) {
    this.timeUuids = new TimeUuidGenerator(env.clock, env.random);
  }

  /** A function call's bytes, and the type it names (set records it as the column's validator). */
  call(name: string, arg: string | undefined): { bytes: Buffer; type: AbstractType } {
    const type = CLI_FUNCTIONS.get(name);
    if (type === undefined) throw new CliError(`Function '${name}' not found. Available functions: ${FUNCTION_NAMES}`);
    if (arg !== undefined && arg !== '') return { bytes: bytesOf(arg, type), type };
    if (type === TIME_UUID_TYPE) return { bytes: this.timeUuids.next(), type };
    if (type === LEXICAL_UUID_TYPE) return { bytes: this.randomUuid(), type };
    if (type === BYTES_TYPE) return { bytes: Buffer.alloc(0), type };
    throw new CliError(`Argument for '${name}' could not be empty.`);
  }

  /** A term's bytes: a literal by `type`, a function by its own type. */
  termBytes(term: CliTerm, type: AbstractType): Buffer {
    return term.kind === 'literal' ? bytesOf(term.text, type) : this.call(term.name, term.arg).bytes;
  }

  private randomUuid(): Buffer {
    const b = Buffer.from(this.env.random.bytes(16));
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    return b;
  }
}
