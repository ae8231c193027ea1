/**
 * How the console shows a value: text as Cassandra's tools print it (AbstractType.getString, our
 * `toString`), cut to a bounded length; a value its type refuses, or a type it cannot rebuild (a
 * user type's result spec), as hex. Result columns come as protocol specs, turned back into types.
 */
import { type AbstractType, parseCqlType, parseType } from '../../marshal/index.js';
import type { DataTypeSpec } from '../../transport/index.js';

/** The longest text the console sends for one value (a blob of megabytes is cut, not shipped). */
export const CONSOLE_VALUE_CHARS_MAX = 2000;

export function showValue(type: AbstractType | undefined, bytes: Buffer | null): string | null {
  if (bytes === null) return null;
  let text: string;
  try {
    text = type === undefined || isBytes(type) ? blobText(bytes) : type.toString(bytes);
  } catch {
    text = `0x${hexHead(bytes)}`;
  }
  return text.length > CONSOLE_VALUE_CHARS_MAX ? `${text.slice(0, CONSOLE_VALUE_CHARS_MAX)}… (${bytes.length} bytes)` : text;
}

function isBytes(type: AbstractType): boolean {
  return type.name === 'BytesType' || type.name.endsWith('.BytesType');
}

/**
 * A blob as CQL writes it (0x…); when it is short printable ASCII — most keys and values of
 * the seeds' column families are text kept as BytesType — followed by that text: `0x35 ('5')`.
 */
function blobText(bytes: Buffer): string {
  const hex = `0x${hexHead(bytes)}`;
  const printable = bytes.length > 0 && bytes.length <= CONSOLE_VALUE_CHARS_MAX / 4 && bytes.every((b) => b >= 0x20 && b < 0x7f);
  return printable ? `${hex} ('${bytes.toString('latin1')}')` : hex;
}

function hexHead(bytes: Buffer): string {
  return bytes.subarray(0, CONSOLE_VALUE_CHARS_MAX / 2).toString('hex');
}

/** The type a result column's spec describes, or undefined (user types: shown as hex). */
export function typeOfSpec(spec: DataTypeSpec): AbstractType | undefined {
  try {
    if (spec.kind === 'custom') return parseType(spec.className);
    const text = cqlText(spec);
    return text === undefined ? undefined : parseCqlType(text);
  } catch {
    return undefined;
  }
}

function cqlText(spec: DataTypeSpec): string | undefined {
  switch (spec.kind) {
    case 'native':
      return spec.name === 'varchar' ? 'text' : spec.name;
    case 'custom':
      return `'${spec.className}'`;
    case 'list':
    case 'set': {
      const e = cqlText(spec.element);
      return e === undefined ? undefined : `frozen<${spec.kind}<${e}>>`;
    }
    case 'map': {
      const k = cqlText(spec.key);
      const v = cqlText(spec.value);
      return k === undefined || v === undefined ? undefined : `frozen<map<${k}, ${v}>>`;
    }
    case 'tuple': {
      const parts = spec.elements.map(cqlText);
      return parts.some((p) => p === undefined) ? undefined : `frozen<tuple<${parts.join(', ')}>>`;
    }
    case 'udt':
      return undefined;
  }
}

/** A spec as CQL names it, for the result's header. */
export function specName(spec: DataTypeSpec): string {
  if (spec.kind === 'udt') return `frozen<${spec.keyspace}.${spec.name}>`;
  if (spec.kind === 'custom') return spec.className;
  return cqlText(spec) ?? '?';
}
