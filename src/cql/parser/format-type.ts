/**
 * Printing a type AST back as CQL: `map<text, frozen<list<int>>>`, `tuple<int, text>`,
 * `ks."MyType"`, `'org.example.CustomType'`. parseType(formatType(t)) gives back t.
 */
import type { CqlType } from './cql-type.js';
import { formatQualifiedName, quoteString } from './quote.js';

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
      return formatQualifiedName(type);
    case 'custom':
      return quoteString(type.className);
  }
}
