import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CliSyntaxError } from './cli-cursor.js';
import { parseCliStatement } from './cli-parser.js';
import { splitCliText } from './statement-splitter.js';

const parse = (text: string) => {
  const { statements } = splitCliText(`${text};`);
  assert.equal(statements.length, 1, `one statement in ${text}`);
  return parseCliStatement(statements[0]!.tokens);
};

const lit = (text: string) => ({ kind: 'literal', text });

test('connect, use, quit, help', () => {
  assert.deepEqual(parse('connect localhost/9160'), { kind: 'connect', host: 'localhost', port: 9160 });
  assert.deepEqual(parse('connect 127.0.0.1/9170 jsmith \'secret\''), { kind: 'connect', host: '127.0.0.1', port: 9170, user: 'jsmith', password: 'secret' });
  assert.deepEqual(parse('use Twitter'), { kind: 'use', keyspace: 'Twitter' });
  assert.deepEqual(parse("USE Twitter jsmith 'pw'"), { kind: 'use', keyspace: 'Twitter', user: 'jsmith', password: 'pw' });
  assert.deepEqual(parse('quit'), { kind: 'exit' });
  assert.deepEqual(parse('exit'), { kind: 'exit' });
  assert.deepEqual(parse('help'), { kind: 'help' });
  assert.deepEqual(parse('?'), { kind: 'help' });
  assert.deepEqual(parse('help create column family'), { kind: 'help', topic: 'create column family' });
});

test('create / update / drop keyspace with attributes, strategy options as [{…}] or {…}', () => {
  assert.deepEqual(parse("create keyspace Twitter with replication_factor = 1 and placement_strategy = 'org.apache.cassandra.locator.SimpleStrategy'"), {
    kind: 'createKeyspace', name: 'Twitter',
    attributes: [
      { name: 'replication_factor', value: { kind: 'number', text: '1' } },
      { name: 'placement_strategy', value: { kind: 'text', text: 'org.apache.cassandra.locator.SimpleStrategy' } },
    ],
  });
  assert.deepEqual(parse('create keyspace K'), { kind: 'createKeyspace', name: 'K', attributes: [] });
  assert.deepEqual(parse('update keyspace K with strategy_options = [{DC1:2, DC2:1}]'), {
    kind: 'updateKeyspace', name: 'K',
    attributes: [{
      name: 'strategy_options',
      value: { kind: 'array', items: [{ kind: 'hash', pairs: [['DC1', { kind: 'number', text: '2' }], ['DC2', { kind: 'number', text: '1' }]] }] },
    }],
  });
  assert.deepEqual(parse('drop keyspace K'), { kind: 'dropKeyspace', name: 'K' });
});

test('create column family with every kind of attribute value, update and drop', () => {
  const s = parse(`create column family StatusRelationships
      with comparator = UTF8Type and column_type = Super and subcomparator = TimeUUIDType
      and gc_grace = 864000 and read_repair_chance = 0.5 and comment = 'who favorited a tweet'
      and column_metadata = [{column_name: state, validation_class: UTF8Type, index_type: KEYS, index_name: by_state},
                             {column_name: 'age', validation_class: LongType}]`);
  assert.equal(s.kind, 'createColumnFamily');
  if (s.kind !== 'createColumnFamily') return;
  assert.equal(s.name, 'StatusRelationships');
  assert.deepEqual(s.attributes.map((a) => a.name), ['comparator', 'column_type', 'subcomparator', 'gc_grace', 'read_repair_chance', 'comment', 'column_metadata']);
  assert.deepEqual(s.attributes[4]!.value, { kind: 'number', text: '0.5' });
  assert.deepEqual(s.attributes[5]!.value, { kind: 'text', text: 'who favorited a tweet' });
  const md = s.attributes[6]!.value;
  assert.equal(md.kind, 'array');
  if (md.kind === 'array') {
    assert.equal(md.items.length, 2);
    assert.deepEqual(md.items[1], { kind: 'hash', pairs: [['column_name', { kind: 'text', text: 'age' }], ['validation_class', { kind: 'text', text: 'LongType' }]] });
  }
  assert.deepEqual(parse('update column family Users with comment = \'x\''), { kind: 'updateColumnFamily', name: 'Users', attributes: [{ name: 'comment', value: { kind: 'text', text: 'x' } }] });
  assert.deepEqual(parse('drop column family Users'), { kind: 'dropColumnFamily', name: 'Users' });
});

test('set: standard and super forms, functions, ttl, unquoted keys', () => {
  assert.deepEqual(parse("set Users['5']['screen_name'] = 'buttonscat'"), {
    kind: 'set', target: { columnFamily: 'Users', key: lit('5'), path: [lit('screen_name')] }, value: lit('buttonscat'),
  });
  assert.deepEqual(parse("set Users[jsmith][first] = 'John' with ttl = 60"), {
    kind: 'set', target: { columnFamily: 'Users', key: lit('jsmith'), path: [lit('first')] }, value: lit('John'), ttl: 60,
  });
  assert.deepEqual(parse("set SR['1']['favorited'][timeuuid()] = '5'"), {
    kind: 'set',
    target: { columnFamily: 'SR', key: lit('1'), path: [lit('favorited'), { kind: 'function', name: 'timeuuid', arg: undefined }] },
    value: lit('5'),
  });
  assert.deepEqual(parse("set Timeline[utf8('u1')][long(1267414247561777)] = bytes('cafe')"), {
    kind: 'set',
    target: { columnFamily: 'Timeline', key: { kind: 'function', name: 'utf8', arg: 'u1' }, path: [{ kind: 'function', name: 'long', arg: '1267414247561777' }] },
    value: { kind: 'function', name: 'bytes', arg: 'cafe' },
  });
  assert.deepEqual(parse("set C['k']['n'] = -42"), { kind: 'set', target: { columnFamily: 'C', key: lit('k'), path: [lit('n')] }, value: lit('-42') });
  assert.deepEqual(parse("set C['it\\'s']['n'] = 'a\\nb'"), { kind: 'set', target: { columnFamily: 'C', key: lit("it's"), path: [lit('n')] }, value: lit('a\nb') });
});

test('get: row, column, super column, sub-column, as, limit, where', () => {
  assert.deepEqual(parse("get Users['5']"), { kind: 'get', target: { columnFamily: 'Users', key: lit('5'), path: [] } });
  assert.deepEqual(parse("get Users['5'] limit 3"), { kind: 'get', target: { columnFamily: 'Users', key: lit('5'), path: [] }, limit: 3 });
  assert.deepEqual(parse("get Users['5']['age'] as long"), { kind: 'get', target: { columnFamily: 'Users', key: lit('5'), path: [lit('age')] }, as: 'long' });
  assert.deepEqual(parse("get SR['1']['favorited']['x']"), { kind: 'get', target: { columnFamily: 'SR', key: lit('1'), path: [lit('favorited'), lit('x')] } });
  assert.deepEqual(parse("get Users where state = 'UT' and birth_date > 1970 limit 5"), {
    kind: 'getWhere', columnFamily: 'Users',
    conditions: [{ column: 'state', op: '=', value: lit('UT') }, { column: 'birth_date', op: '>', value: lit('1970') }],
    limit: 5,
  });
  assert.deepEqual(parse('get Users where age <= long(30)'), {
    kind: 'getWhere', columnFamily: 'Users', conditions: [{ column: 'age', op: '<=', value: { kind: 'function', name: 'long', arg: '30' } }],
  });
});

test('del, count, incr/decr, list, truncate', () => {
  assert.deepEqual(parse("del Users['5']"), { kind: 'del', target: { columnFamily: 'Users', key: lit('5'), path: [] } });
  assert.deepEqual(parse("del Users['5']['age']"), { kind: 'del', target: { columnFamily: 'Users', key: lit('5'), path: [lit('age')] } });
  assert.deepEqual(parse("count SR['1']['favorited']"), { kind: 'count', target: { columnFamily: 'SR', key: lit('1'), path: [lit('favorited')] } });
  assert.deepEqual(parse("incr Counters['k']['c'] by 5"), { kind: 'incr', target: { columnFamily: 'Counters', key: lit('k'), path: [lit('c')] }, by: 5n });
  assert.deepEqual(parse("decr Counters['k']['c']"), { kind: 'incr', target: { columnFamily: 'Counters', key: lit('k'), path: [lit('c')] }, by: -1n });
  assert.deepEqual(parse('list Users'), { kind: 'list', columnFamily: 'Users' });
  assert.deepEqual(parse("list Users['a':'m'] limit 10"), { kind: 'list', columnFamily: 'Users', startKey: 'a', endKey: 'm', limit: 10 });
  assert.deepEqual(parse('list Users[j:]'), { kind: 'list', columnFamily: 'Users', startKey: 'j' });
  assert.deepEqual(parse('truncate Users'), { kind: 'truncate', columnFamily: 'Users' });
});

test('describe, show, assume, consistencylevel', () => {
  assert.deepEqual(parse('describe keyspace Twitter'), { kind: 'describeKeyspace', name: 'Twitter' });
  assert.deepEqual(parse('describe keyspace'), { kind: 'describeKeyspace' });
  assert.deepEqual(parse('describe cluster'), { kind: 'describeCluster' });
  assert.deepEqual(parse('show keyspaces'), { kind: 'showKeyspaces' });
  assert.deepEqual(parse('show cluster name'), { kind: 'showClusterName' });
  assert.deepEqual(parse('show api version'), { kind: 'showApiVersion' });
  assert.deepEqual(parse('assume Authors comparator as utf8'), { kind: 'assume', columnFamily: 'Authors', target: 'comparator', type: 'utf8' });
  assert.deepEqual(parse('ASSUME Users KEYS AS LongType'), { kind: 'assume', columnFamily: 'Users', target: 'keys', type: 'LongType' });
  assert.deepEqual(parse('consistencylevel as quorum'), { kind: 'consistencyLevel', level: 'QUORUM' });
});

function syntaxError(script: string): CliSyntaxError {
  const { statements } = splitCliText(script);
  try {
    parseCliStatement(statements[0]!.tokens);
  } catch (e) {
    assert.ok(e instanceof CliSyntaxError, String(e));
    return e;
  }
  assert.fail(`no syntax error in ${script}`);
}

test('syntax errors say where, in the script\'s lines and columns', () => {
  assert.equal(syntaxError('selec * from t;').message, "line 1:1 expecting a statement, found 'selec'");
  assert.equal(syntaxError("set Users['5'] = 'x';").message, "line 1:16 expecting a column name ('[…]'), found '='");
  assert.equal(syntaxError("get Users['5'\n  ['a'] limit x;").message, "line 2:3 expecting ']', found '['");
  assert.equal(syntaxError("create column family X\n  with comparator = ;").message, 'line 2:21 expecting an attribute value, found end of statement');
  assert.equal(syntaxError('show tables;').message, "line 1:6 expecting 'keyspaces', 'cluster name' or 'api version', found 'tables'");
  assert.equal(syntaxError("get C['k']['a']['b']['c'];").message, "line 1:21 too many names: a column family takes at most a super column and a column, found '['");
  assert.equal(syntaxError('set C[k][c] = 1 # 2;').message, "line 1:17 no viable alternative at character '#'");
  assert.equal(syntaxError('list Users limit;').message, 'line 1:17 expecting a limit (an integer), found end of statement');
});

test('the splitter cuts at ; outside strings and comments, keeps positions, and reports what is pending', () => {
  const r = splitCliText("-- a comment; still\nset C['a;b']['c'] = 'x'; /* x; y */ get C['a;b'];\nlist C");
  assert.deepEqual(r.statements.map((s) => [s.text, s.line, s.column]), [["set C['a;b']['c'] = 'x'", 2, 1], ["get C['a;b']", 2, 37]]);
  assert.equal(r.restPending, true);
  assert.equal(r.rest.trim(), 'list C');
  assert.equal(splitCliText("set C['k']['c'] = 'open").unterminated, true);
  assert.equal(splitCliText('/* open').restPending, true);
  assert.equal(splitCliText('get C[k]; -- done').restPending, false);
});
