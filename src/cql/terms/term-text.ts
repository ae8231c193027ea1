/** A term printed back as CQL, for error messages ("the '+' operation is not supported between 'a' and 1"). */
import type { Term } from '../parser/index.js';
import { formatType } from '../parser/index.js';

export function termText(term: Term): string {
  switch (term.kind) {
    case 'literal':
      return term.type === 'string' ? `'${term.text.replace(/'/g, "''")}'` : term.text;
    case 'bindMarker':
      return term.name === null ? '?' : `:${term.name}`;
    case 'null':
      return 'NULL';
    case 'list':
      return `[${term.elements.map(termText).join(', ')}]`;
    case 'set':
      return `{${term.elements.map(termText).join(', ')}}`;
    case 'map':
      return `{${term.entries.map((e) => `${termText(e.key)}: ${termText(e.value)}`).join(', ')}}`;
    case 'emptyCollection':
      return '{}';
    case 'udt':
      return `{${term.fields.map((f) => `${f.field}: ${termText(f.value)}`).join(', ')}}`;
    case 'tuple':
      return `(${term.elements.map(termText).join(', ')})`;
    case 'functionCall':
      return `${term.name.keyspace === null ? '' : `${term.name.keyspace}.`}${term.name.name}(${term.args.map(termText).join(', ')})`;
    case 'cast':
      return `CAST(${termText(term.term)} AS ${term.type})`;
    case 'typeHint':
      return `(${formatType(term.type)})${termText(term.term)}`;
    case 'binary':
      return `${termText(term.left)} ${term.op} ${termText(term.right)}`;
    case 'negate':
      return `-${termText(term.term)}`;
  }
}
