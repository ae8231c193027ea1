/**
 * The cassandra-cli 0.7 statement grammar, by recursive descent over one statement's tokens
 * (the splitter cuts a script at `;`). Keywords are case-insensitive. Errors are CliSyntaxError
 * with `line L:C` positions in the script.
 *
 *   connect <host>/<port> [<user> '<password>']      use <keyspace> [<user> ['<password>']]
 *   create|update keyspace <name> [with <attr> = <value> [and …]]      drop keyspace <name>
 *   create|update column family <name> [with …]                          drop column family <name>
 *   set <cf>['<key>']['<col>'](['<sub>']) = <value> [with ttl = <n>]
 *   get <cf>['<key>'](['<col>'](['<sub>'])) [as <type>] [limit <n>]
 *   get <cf> where <col> <op> <value> [and …] [limit <n>]
 *   del | count <cf>['<key>'](…)            incr | decr <cf>['<key>']['<col>'](['<sub>']) [by <n>]
 *   list <cf>[[<start>:<end>]] [limit <n>]  truncate <cf>
 *   describe keyspace [<ks>] | describe cluster     show keyspaces | cluster name | api version
 *   assume <cf> comparator|sub_comparator|validator|keys as <type>
 *   consistencylevel as <level>    help [<topic>] | ?    quit | exit
 * A value is a string, word or number, or a function call such as long(5) or timeuuid().
 */
import type { AssumeTarget, AttrValue, Attribute, CliStatement, CliTerm, ColumnAccess, Condition, IndexOp } from './cli-ast.js';
import { CliCursor } from './cli-cursor.js';
import type { CliToken } from './cli-lexer.js';

/** Parses one statement's tokens (without its `;`, ended by an End token). */
export function parseCliStatement(tokens: readonly CliToken[]): CliStatement {
  const c = new CliCursor(tokens);
  if (c.atEnd()) return { kind: 'empty' };
  const statement = parseOne(c);
  c.expectEnd();
  return statement;
}

function parseOne(c: CliCursor): CliStatement {
  if (c.acceptPunct('?')) return { kind: 'help' };
  const t = c.peek;
  if (t.kind !== 'word') throw c.error('expecting a statement');
  c.next();
  switch (t.text.toLowerCase()) {
    case 'connect': return parseConnect(c);
    case 'use': return parseUse(c);
    case 'create': return parseSchemaChange(c, 'create');
    case 'update': return parseSchemaChange(c, 'update');
    case 'drop': return parseDrop(c);
    case 'set': return parseSet(c);
    case 'get': return parseGet(c);
    case 'del': return { kind: 'del', target: parseAccess(c) };
    case 'count': return { kind: 'count', target: parseAccess(c) };
    case 'incr': return parseIncr(c, 1n);
    case 'decr': return parseIncr(c, -1n);
    case 'list': return parseList(c);
    case 'truncate': return { kind: 'truncate', columnFamily: c.expectName('a column family name') };
    case 'describe': return parseDescribe(c);
    case 'show': return parseShow(c);
    case 'assume': return parseAssume(c);
    case 'consistencylevel': {
      c.expectKeyword('as');
      return { kind: 'consistencyLevel', level: c.expectName('a consistency level').toUpperCase() };
    }
    case 'help': return parseHelp(c);
    case 'quit':
    case 'exit':
      return { kind: 'exit' };
    default:
      throw c.error('expecting a statement', t);
  }
}

function parseConnect(c: CliCursor): CliStatement {
  const host = c.expectName('a host name');
  c.expectPunct('/');
  const port = c.expectInteger('a port');
  if (c.atEnd()) return { kind: 'connect', host, port };
  const user = c.expectName('a user name');
  const t = c.peek;
  if (t.kind !== 'string') throw c.error("expecting a password ('…')");
  c.next();
  return { kind: 'connect', host, port, user, password: t.text };
}

function parseUse(c: CliCursor): CliStatement {
  const keyspace = c.expectName('a keyspace name');
  if (c.atEnd()) return { kind: 'use', keyspace };
  const user = c.expectName('a user name');
  if (c.atEnd()) return { kind: 'use', keyspace, user };
  const t = c.peek;
  if (t.kind !== 'string') throw c.error("expecting a password ('…')");
  c.next();
  return { kind: 'use', keyspace, user, password: t.text };
}

function expectColumnFamilyWords(c: CliCursor): void {
  c.expectKeyword('column');
  c.expectKeyword('family');
}

function parseSchemaChange(c: CliCursor, verb: 'create' | 'update'): CliStatement {
  if (c.acceptKeyword('keyspace')) {
    const name = c.expectName('a keyspace name');
    const attributes = parseAttributes(c);
    return verb === 'create' ? { kind: 'createKeyspace', name, attributes } : { kind: 'updateKeyspace', name, attributes };
  }
  if (c.isKeyword('column')) {
    expectColumnFamilyWords(c);
    const name = c.expectName('a column family name');
    const attributes = parseAttributes(c);
    return verb === 'create' ? { kind: 'createColumnFamily', name, attributes } : { kind: 'updateColumnFamily', name, attributes };
  }
  throw c.error("expecting 'keyspace' or 'column family'");
}

function parseDrop(c: CliCursor): CliStatement {
  if (c.acceptKeyword('keyspace')) return { kind: 'dropKeyspace', name: c.expectName('a keyspace name') };
  if (c.isKeyword('column')) {
    expectColumnFamilyWords(c);
    return { kind: 'dropColumnFamily', name: c.expectName('a column family name') };
  }
  throw c.error("expecting 'keyspace' or 'column family'");
}

function parseAttributes(c: CliCursor): Attribute[] {
  if (!c.acceptKeyword('with')) return [];
  const attributes: Attribute[] = [];
  do {
    const t = c.peek;
    if (t.kind !== 'word') throw c.error('expecting an attribute name');
    c.next();
    c.expectPunct('=');
    attributes.push({ name: t.text.toLowerCase(), value: parseAttrValue(c) });
  } while (c.acceptKeyword('and'));
  return attributes;
}

function parseAttrValue(c: CliCursor): AttrValue {
  if (c.acceptPunct('[')) {
    const items: AttrValue[] = [];
    if (!c.acceptPunct(']')) {
      do items.push(parseAttrValue(c));
      while (c.acceptPunct(','));
      c.expectPunct(']');
    }
    return { kind: 'array', items };
  }
  if (c.acceptPunct('{')) {
    const pairs: [string, AttrValue][] = [];
    if (!c.acceptPunct('}')) {
      do {
        const k = c.peek;
        if (k.kind !== 'word' && k.kind !== 'string' && k.kind !== 'integer') throw c.error('expecting a hash key');
        c.next();
        c.expectPunct(':');
        pairs.push([k.text, parseAttrValue(c)]);
      } while (c.acceptPunct(','));
      c.expectPunct('}');
    }
    return { kind: 'hash', pairs };
  }
  const t = c.peek;
  if (t.kind === 'word' || t.kind === 'string') {
    c.next();
    return { kind: 'text', text: t.text };
  }
  if (t.kind === 'integer' || t.kind === 'decimal') {
    c.next();
    return { kind: 'number', text: t.text };
  }
  throw c.error('expecting an attribute value');
}

/** A key, name or value: a literal, or `fn(arg)`. */
function parseTerm(c: CliCursor, what: string): CliTerm {
  const t = c.peek;
  if (t.kind === 'word' && c.isPunct('(', c.peekAt(1))) {
    c.next();
    c.next();
    let arg: string | undefined;
    const a = c.peek;
    if (a.kind === 'string' || a.kind === 'word' || a.kind === 'integer' || a.kind === 'decimal') {
      c.next();
      arg = a.text;
    }
    c.expectPunct(')');
    return { kind: 'function', name: t.text.toLowerCase(), arg };
  }
  if (t.kind === 'string' || t.kind === 'word' || t.kind === 'integer' || t.kind === 'decimal') {
    c.next();
    return { kind: 'literal', text: t.text };
  }
  throw c.error(`expecting ${what}`);
}

function parseAccess(c: CliCursor): ColumnAccess {
  const columnFamily = c.expectName('a column family name');
  c.expectPunct('[');
  const key = parseTerm(c, 'a row key');
  c.expectPunct(']');
  const path: CliTerm[] = [];
  while (c.isPunct('[')) {
    if (path.length === 2) throw c.error('too many names: a column family takes at most a super column and a column');
    c.next();
    path.push(parseTerm(c, 'a column name'));
    c.expectPunct(']');
  }
  return { columnFamily, key, path };
}

function parseLimit(c: CliCursor): number | undefined {
  if (!c.acceptKeyword('limit')) return undefined;
  return c.expectInteger('a limit');
}

function parseSet(c: CliCursor): CliStatement {
  const target = parseAccess(c);
  if (target.path.length === 0) throw c.error("expecting a column name ('[…]')");
  c.expectPunct('=');
  const value = parseTerm(c, 'a value');
  if (!c.acceptKeyword('with')) return { kind: 'set', target, value };
  c.expectKeyword('ttl');
  c.expectPunct('=');
  return { kind: 'set', target, value, ttl: c.expectInteger('a TTL in seconds') };
}

function parseGet(c: CliCursor): CliStatement {
  if (c.isKeyword('where', c.peekAt(1))) {
    const columnFamily = c.expectName('a column family name');
    c.next();
    const conditions: Condition[] = [];
    do conditions.push(parseCondition(c));
    while (c.acceptKeyword('and'));
    const limit = parseLimit(c);
    return { kind: 'getWhere', columnFamily, conditions, ...(limit === undefined ? {} : { limit }) };
  }
  const target = parseAccess(c);
  let as: string | undefined;
  if (c.acceptKeyword('as')) as = c.expectName('a type');
  const limit = parseLimit(c);
  return { kind: 'get', target, ...(as === undefined ? {} : { as }), ...(limit === undefined ? {} : { limit }) };
}

const OPS = new Set<string>(['=', '>', '>=', '<', '<=']);

function parseCondition(c: CliCursor): Condition {
  const column = c.expectName('a column name');
  const op = c.peek;
  if (op.kind !== 'punct' || !OPS.has(op.text)) throw c.error('expecting an operator (=, >, >=, <, <=)');
  c.next();
  return { column, op: op.text as IndexOp, value: parseTerm(c, 'a value') };
}

function parseIncr(c: CliCursor, sign: 1n | -1n): CliStatement {
  const target = parseAccess(c);
  if (target.path.length === 0) throw c.error("expecting a column name ('[…]')");
  let by = 1n;
  if (c.acceptKeyword('by')) {
    const t = c.peek;
    if (t.kind !== 'integer') throw c.error('expecting an integer');
    c.next();
    by = BigInt(t.text);
  }
  return { kind: 'incr', target, by: by * sign };
}

function parseList(c: CliCursor): CliStatement {
  const columnFamily = c.expectName('a column family name');
  let startKey: string | undefined;
  let endKey: string | undefined;
  if (c.acceptPunct('[')) {
    if (!c.isPunct(':')) startKey = keyText(c);
    c.expectPunct(':');
    if (!c.isPunct(']')) endKey = keyText(c);
    c.expectPunct(']');
  }
  const limit = parseLimit(c);
  return {
    kind: 'list', columnFamily,
    ...(startKey === undefined ? {} : { startKey }),
    ...(endKey === undefined ? {} : { endKey }),
    ...(limit === undefined ? {} : { limit }),
  };
}

function keyText(c: CliCursor): string {
  const t = c.peek;
  if (t.kind === 'word' || t.kind === 'string' || t.kind === 'integer') {
    c.next();
    return t.text;
  }
  throw c.error('expecting a row key');
}

function parseDescribe(c: CliCursor): CliStatement {
  if (c.acceptKeyword('cluster')) return { kind: 'describeCluster' };
  c.acceptKeyword('keyspace');
  if (c.atEnd()) return { kind: 'describeKeyspace' };
  return { kind: 'describeKeyspace', name: c.expectName('a keyspace name') };
}

function parseShow(c: CliCursor): CliStatement {
  if (c.acceptKeyword('keyspaces')) return { kind: 'showKeyspaces' };
  if (c.acceptKeyword('cluster')) {
    c.expectKeyword('name');
    return { kind: 'showClusterName' };
  }
  if (c.acceptKeyword('api')) {
    c.expectKeyword('version');
    return { kind: 'showApiVersion' };
  }
  throw c.error("expecting 'keyspaces', 'cluster name' or 'api version'");
}

const ASSUME_TARGETS = new Set<string>(['comparator', 'sub_comparator', 'validator', 'keys']);

function parseAssume(c: CliCursor): CliStatement {
  const columnFamily = c.expectName('a column family name');
  const t = c.peek;
  if (t.kind !== 'word' || !ASSUME_TARGETS.has(t.text.toLowerCase())) throw c.error("expecting 'comparator', 'sub_comparator', 'validator' or 'keys'");
  c.next();
  c.expectKeyword('as');
  return { kind: 'assume', columnFamily, target: t.text.toLowerCase() as AssumeTarget, type: c.expectName('a type') };
}

function parseHelp(c: CliCursor): CliStatement {
  const words: string[] = [];
  while (!c.atEnd()) {
    const t = c.next();
    if (t.kind !== 'word') throw c.error('expecting a help topic', t);
    words.push(t.text.toLowerCase());
  }
  return words.length === 0 ? { kind: 'help' } : { kind: 'help', topic: words.join(' ') };
}
