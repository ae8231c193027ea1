/**
 * Printing a type AST back as CQL: `map<text, frozen<list<int>>>`, `tuple<int, text>`,
 * `ks."MyType"`, `'org.example.CustomType'`. parseType(formatType(t)) gives back t.
 */
import type { CqlType } from './cql-type.js';
import { isNativeTypeName, isReservedTypeName } from './keywords.js';
import { quoteIdentifier, quoteString } from './quote.js';

/** A user type's name, quoted also when bare it would read as a native or reserved type name. */
function typeName(name: string): string {
  return isNativeTypeName(name) || isReservedTypeName(name) ? `"${name}"` : quoteIdentifier(name);
}

export function formatType(type: CqlType): string {
  switch (type.kind) {
    case 'native':
      return type.name;
    case 'list':
    case 'set':
      return `${type.kind}<${formatType(type.element)}>`;
    case 'map':
      return `map<${formatType(type.key)}, ${formatType(type.value)}>`;
    case 'tuple':
      return `tuple<${type.elements.map(formatType).join(', ')}>`;
    case 'frozen':
      return `frozen<${formatType(type.type)}>`;
    case 'user':
      return type.keyspace === null ? typeName(type.name) : `${quoteIdentifier(type.keyspace)}.${typeName(type.name)}`;
    case 'custom':
      return quoteString(type.className);
  }
}
