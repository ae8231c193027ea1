/**
 * Terms bound to receivers without a table: literals of every structured kind, receivers' marker
 * names, constant folding, functions, arithmetic, casts and type hints, and the checks on bound
 * values (malformed bytes, sets sorted, unset and null inside collections).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, DOUBLE_TYPE, INT32_TYPE, ListType, LONG_TYPE, MapType, SetType, TIME_UUID_TYPE, TupleType, UTF8_TYPE, UserType } from '../../marshal/index.js';
import { type BoundValue, UNSET } from '../execution/index.js';
import { parseStatement } from '../parser/index.js';
import type { Term } from '../parser/index.js';
import { openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { BindVariables } from './bind-variables.js';
import { CalledFunctions } from './called-functions.js';
import { bindTerm } from './bind-term.js';
import type { TermScope } from './term-scope.js';

/** The first VALUES term of `INSERT INTO t (x) VALUES (<text>)`, and the statement's marker count. */
function term(text: string): { term: Term; markers: number } {
  const p = parseStatement(`INSERT INTO t (x) VALUES (${text})`);
  if (p.statement.kind !== 'insert' || p.statement.values.kind !== 'values') throw new Error('not an insert');
  return { term: p.statement.values.values[0]!, markers: p.bindMarkerCount };
}

const n = await openCqlTestNode();
test.after(() => n.close());

function bind(text: string, type: AbstractType): { evaluate: (values?: readonly BoundValue[]) => BoundValue; constant: boolean; markers: BindVariables } {
  const t = term(text);
  const markers = new BindVariables(t.markers);
  const scope: TermScope = { ctx: n.ctx, keyspace: 'ks', markers, called: new CalledFunctions() };
  const bound = bindTerm(t.term, { keyspace: 'ks', table: 't', name: 'x', type }, scope);
  return { evaluate: (values = []) => bound.evaluate(values), constant: bound.constant, markers };
}

const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);
const listInt = new ListType(INT32_TYPE, true);
const setText = new SetType(UTF8_TYPE, true);
const mapTI = new MapType(UTF8_TYPE, INT32_TYPE, true);

test('collection literals serialize the frozen form, sets and maps in order, duplicates collapsed', () => {
  assert.deepEqual(listInt.compose(bind('[3, 1, 3]', listInt).evaluate() as Buffer), [3, 1, 3]);
  assert.deepEqual(setText.compose(bind("{'b', 'a', 'b'}", setText).evaluate() as Buffer), ['a', 'b']);
  assert.deepEqual([...mapTI.compose(bind("{'z': 1, 'a': 2, 'z': 3}", mapTI).evaluate() as Buffer)!], [['a', 2], ['z', 3]]);
  assert.deepEqual(setText.compose(bind('{}', setText).evaluate() as Buffer), []);
  assert.equal(mapTI.compose(bind('{}', mapTI).evaluate() as Buffer)!.size, 0);
  assert.equal(bind('[1, 2]', listInt).constant, true, 'constants fold at prepare time');
  assert.throws(() => bind('{}', listInt), invalid(/Invalid set literal for x of type list<int>/));
  assert.throws(() => bind('[1]', setText), invalid(/Invalid list literal for x of type set<text>/));
  assert.throws(() => bind("{'a': 1}", setText), invalid(/Invalid map literal for x of type set<text>/));
  assert.throws(() => bind("['a']", listInt), invalid(/Invalid STRING constant \(a\) for "value\(x\)" of type int/));
});

test('markers inside literals are named by their place and read at execution', () => {
  const m = bind('{?: ?}', mapTI);
  assert.deepEqual(m.markers.all().map((s) => `${s.name}:${s.type.cqlName}`), ['key(x):text', 'value(x):int']);
  assert.deepEqual([...mapTI.compose(m.evaluate([UTF8_TYPE.decompose('k'), INT32_TYPE.decompose(7)]) as Buffer)!], [['k', 7]]);
  assert.throws(() => m.evaluate([null, INT32_TYPE.decompose(7)]), invalid(/null is not supported inside collections/));
  assert.throws(() => m.evaluate([UNSET, INT32_TYPE.decompose(7)]), invalid(/unset value/));
  const tuple = new TupleType([INT32_TYPE, UTF8_TYPE]);
  const t = bind('(?, ?)', tuple);
  assert.deepEqual(t.markers.all().map((s) => s.name), ['x[0]', 'x[1]']);
  assert.deepEqual(tuple.compose(t.evaluate([INT32_TYPE.decompose(1), null]) as Buffer), [1, null]);
  const udt = new UserType('ks', 'p', ['a', 'b'], [INT32_TYPE, UTF8_TYPE]);
  const u = bind("{b: 'x'}", udt);
  assert.deepEqual(udt.compose(u.evaluate() as Buffer), { a: null, b: 'x' });
});

test('bound values are checked against the receiver; sets and maps from clients are normalized', () => {
  const m = bind('?', INT32_TYPE);
  assert.throws(() => m.evaluate([Buffer.from([1])]), invalid(/^Invalid value for x of type int/));
  assert.equal(m.evaluate([UNSET]), UNSET);
  assert.equal(m.evaluate([null]), null);
  const s = bind('?', setText);
  const unsorted = Buffer.concat([Buffer.from([0, 0, 0, 2, 0, 0, 0, 1]), Buffer.from('b'), Buffer.from([0, 0, 0, 1]), Buffer.from('a')]);
  assert.deepEqual(s.evaluate([unsorted]), setText.decompose(['a', 'b']));
  assert.throws(() => s.evaluate([Buffer.from([0, 0, 0, 5])]), invalid(/Invalid value for x/));
  assert.throws(() => bind('?', UTF8_TYPE).evaluate([Buffer.from([0xc3, 0x28])]), invalid(/Invalid value for x of type text/));
});

test('a UDT value with fields framed as -2 (the Node.js driver, for fields it was not given) is accepted and stored with -1', () => {
  const udt = new UserType('ks', 'p', ['a', 'b'], [INT32_TYPE, UTF8_TYPE]);
  const sent = Buffer.from([0, 0, 0, 4, 0, 0, 0, 3, 0xff, 0xff, 0xff, 0xfe]);
  assert.deepEqual(bind('?', udt).evaluate([sent]), udt.decompose({ a: 3 }));
});

test('sets nested in a bound UDT or list are stored sorted (the driver sends them in its order)', () => {
  const udt = new UserType('ks', 'p', ['tags'], [new SetType(UTF8_TYPE, false)]);
  const set = Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 0x62, 0, 0, 0, 1, 0x61]);
  const sent = Buffer.concat([Buffer.from([0, 0, 0, set.length]), set]);
  assert.deepEqual(bind('?', udt).evaluate([sent]), udt.decompose({ tags: ['a', 'b'] }));
});

test('functions: deterministic calls on constants fold; now() runs each time; arguments typed by the overload', () => {
  const b = bind('blobAsInt(0x00000010)', INT32_TYPE);
  assert.equal(b.constant, true);
  assert.equal(INT32_TYPE.compose(b.evaluate() as Buffer), 16);
  const now = bind('now()', TIME_UUID_TYPE);
  assert.equal(now.constant, false);
  assert.notDeepEqual(now.evaluate(), now.evaluate());
  const typed = bind('blobAsBigint(?)', LONG_TYPE);
  assert.deepEqual(typed.markers.all().map((s) => `${s.name}:${s.type.cqlName}`), ['arg0(system.blobasbigint):blob']);
  assert.throws(() => bind('countRows()', LONG_TYPE), (e: unknown) => e instanceof InvalidRequestError);
});

test('arithmetic, negation, casts and type hints', () => {
  assert.equal(INT32_TYPE.compose(bind('1 + 2 * 3', INT32_TYPE).evaluate() as Buffer), 7);
  assert.equal(LONG_TYPE.compose(bind('(bigint) ? * 2', LONG_TYPE).evaluate([LONG_TYPE.decompose(21n)]) as Buffer), 42n);
  assert.equal(INT32_TYPE.compose(bind('-?', INT32_TYPE).evaluate([INT32_TYPE.decompose(4)]) as Buffer), -4);
  assert.equal(DOUBLE_TYPE.compose(bind('CAST(3 AS double)', DOUBLE_TYPE).evaluate() as Buffer), 3);
  assert.equal(UTF8_TYPE.compose(bind('CAST(1.5 AS text)', UTF8_TYPE).evaluate() as Buffer), '1.5');
  assert.throws(() => bind('CAST(? AS text)', UTF8_TYPE), invalid(/Cannot infer the type of \? in CAST/));
  assert.throws(() => bind("(int) 'a'", INT32_TYPE), invalid(/Invalid STRING constant/));
  assert.throws(() => bind('(text) ?', INT32_TYPE), invalid(/Cannot assign value of type text to x of type int/));
  assert.throws(() => bind("1 + 'a'", INT32_TYPE), invalid(/the '\+' operation is not supported between 1 and 'a'/));
  const hinted = bind('(int) ?', new MapType(INT32_TYPE, INT32_TYPE).keys);
  assert.deepEqual(hinted.markers.all().map((s) => `${s.name}:${s.type.cqlName}`), ['x:int']);
});
