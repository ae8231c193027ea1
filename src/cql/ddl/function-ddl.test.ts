/** CREATE / DROP FUNCTION and AGGREGATE: the schema, events, Cassandra's messages, persistence, system_schema. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import type { UserType } from '../../marshal/index.js';
import { type CqlTestNode, openCqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';

const UDF = { enabled: true, scriptedEnabled: true, warnTimeoutMs: 500, failTimeoutMs: 1500 };
const irE = (message: string) => (e: unknown) => {
  assert.ok(e instanceof InvalidRequestError, String(e));
  assert.equal(e.message, message);
  return true;
};
const withUdfs = (fn: (n: CqlTestNode) => Promise<CqlTestNode | void>) => withKeyspace(fn, { udf: UDF });

const PLUS = "CREATE FUNCTION plus(a int, b int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a + b'";

test('CREATE FUNCTION is refused with Cassandra 4.0 messages while disabled, scripted languages separately', async () => {
  await withKeyspace(async (n) => {
    await assert.rejects(n.run(PLUS), irE('User-defined functions are disabled in cassandra.yaml - set enable_user_defined_functions=true to enable'));
    await assert.rejects(n.run('CREATE AGGREGATE a(int) SFUNC s STYPE int'), irE('User-defined functions are disabled in cassandra.yaml - set enable_user_defined_functions=true to enable'));
  });
  await withKeyspace(
    async (n) => {
      await assert.rejects(
        n.run(PLUS),
        irE('Scripted user-defined functions are disabled in cassandra.yaml - set enable_scripted_user_defined_functions=true to enable if you are aware of the security risks'),
      );
      await n.run("CREATE FUNCTION j(a int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java AS 'return a;'");
    },
    { udf: { ...UDF, scriptedEnabled: false } },
  );
});

test('CREATE FUNCTION: events with argument types, overloads, IF NOT EXISTS, OR REPLACE, persistence', () =>
  withUdfs(async (n) => {
    assert.deepEqual(await n.run(PLUS), { kind: 'schemaChange', change: { change: 'CREATED', target: 'FUNCTION', keyspace: 'ks', name: 'plus', argTypes: ['int', 'int'] } });
    await n.run("CREATE FUNCTION plus(a text, b list<int>) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS 'a + b.length'");
    assert.deepEqual(await n.run(`${PLUS.replace('CREATE FUNCTION', 'CREATE FUNCTION IF NOT EXISTS')}`), { kind: 'void' });
    await assert.rejects(n.run(PLUS), irE("Function 'plus' already exists"));
    const replaced = await n.run(PLUS.replace('CREATE', 'CREATE OR REPLACE').replace("'a + b'", "'a - b'"));
    assert.deepEqual(replaced, { kind: 'schemaChange', change: { change: 'UPDATED', target: 'FUNCTION', keyspace: 'ks', name: 'plus', argTypes: ['int', 'int'] } });
    await assert.rejects(n.run(PLUS.replace('CREATE', 'CREATE OR REPLACE').replace('CALLED ON', 'RETURNS NULL ON')), irE("Function 'plus' must have RETURNS NULL ON NULL INPUT directive"));
    await assert.rejects(n.run(PLUS.replace('CREATE', 'CREATE OR REPLACE').replace('RETURNS int', 'RETURNS text')), irE("Cannot replace function 'plus', the new return type text is not compatible with the return type int of existing function"));
    const rows = await n.rows("SELECT function_name, argument_types, argument_names, body, called_on_null_input, language, return_type FROM system_schema.functions WHERE keyspace_name = 'ks'");
    assert.deepEqual(rows, [
      { function_name: 'plus', argument_types: ['int', 'int'], argument_names: ['a', 'b'], body: 'a - b', called_on_null_input: true, language: 'javascript', return_type: 'int' },
      { function_name: 'plus', argument_types: ['text', 'list<int>'], argument_names: ['a', 'b'], body: 'a + b.length', called_on_null_input: true, language: 'javascript', return_type: 'text' },
    ]);
    const again = await n.restart();
    assert.equal(again.ctx.schema().keyspace('ks')!.functions.length, 2, 'kept across a restart');
    return again;
  }));

test('CREATE FUNCTION errors, in Cassandra 4.0 words', () =>
  withUdfs(async (n) => {
    const cases: [string, string][] = [
      ["CREATE OR REPLACE FUNCTION IF NOT EXISTS f(a int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a'", "Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives"],
      ["CREATE FUNCTION f(a int, a int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a'", 'Duplicate argument names for given function f with argument names a, a'],
      ["CREATE FUNCTION f(a frozen<list<int>>) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a'", "Argument 'frozen<list<int>>' cannot be frozen; remove frozen<> modifier from 'frozen<list<int>>'"],
      ["CREATE FUNCTION f(a int) CALLED ON NULL INPUT RETURNS frozen<set<int>> LANGUAGE javascript AS 'a'", "Return type 'frozen<set<int>>' cannot be frozen; remove frozen<> modifier from 'frozen<set<int>>'"],
      ["CREATE FUNCTION nope.f(a int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a'", "Keyspace 'nope' doesn't exist"],
      ["CREATE FUNCTION f(a int) CALLED ON NULL INPUT RETURNS int LANGUAGE lua AS 'a'", "Invalid language 'lua' for function 'ks.f'"],
    ];
    for (const [cql, message] of cases) await assert.rejects(n.run(cql), irE(message), cql);
    await assert.rejects(n.run("CREATE FUNCTION f(a int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a +'"), (e: unknown) => e instanceof InvalidRequestError && /^Failed to compile function 'ks\.f' for language javascript: SyntaxError/.test(e.message));
    await assert.rejects(n.run("CREATE FUNCTION system.f(a int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'a'"), irE("System keyspace 'system' is not user-modifiable"));
  }));

test('CREATE AGGREGATE: checks, system_schema.aggregates, DROP refused while a function is used', () =>
  withUdfs(async (n) => {
    await n.run("CREATE FUNCTION sumst(s bigint, v int) RETURNS NULL ON NULL INPUT RETURNS bigint LANGUAGE javascript AS 's + v'");
    await n.run("CREATE FUNCTION half(s bigint) CALLED ON NULL INPUT RETURNS double LANGUAGE javascript AS 's / 2'");
    const cases: [string, string][] = [
      ['CREATE AGGREGATE a(int) SFUNC nope STYPE bigint', "State function ks.nope(bigint, int) doesn't exist"],
      ['CREATE AGGREGATE a(int) SFUNC sumst STYPE int', "State function ks.sumst(int, int) doesn't exist"],
      ['CREATE AGGREGATE a(int) SFUNC sumst STYPE bigint FINALFUNC nope INITCOND 0', "Final function ks.nope(bigint) doesn't exist"],
      ['CREATE AGGREGATE a(int) SFUNC sumst STYPE bigint', "Cannot create aggregate 'a' without INITCOND because state function ks.sumst does not accept 'null' arguments"],
      ["CREATE AGGREGATE a(int) SFUNC sumst STYPE bigint INITCOND 'x'", 'Invalid value for INITCOND of type bigint'],
      ['CREATE AGGREGATE a(int) SFUNC sumst STYPE frozen<list<int>>', "State type 'frozen<list<int>>' cannot be frozen; remove frozen<> modifier from 'frozen<list<int>>'"],
    ];
    for (const [cql, message] of cases) await assert.rejects(n.run(cql), irE(message), cql);
    assert.deepEqual(await n.run('CREATE AGGREGATE total(int) SFUNC sumst STYPE bigint FINALFUNC half INITCOND 0'), {
      kind: 'schemaChange',
      change: { change: 'CREATED', target: 'AGGREGATE', keyspace: 'ks', name: 'total', argTypes: ['int'] },
    });
    await assert.rejects(n.run('CREATE AGGREGATE total(int) SFUNC sumst STYPE bigint INITCOND 0'), irE("Aggregate 'total' already exists"));
    await assert.rejects(n.run("CREATE OR REPLACE FUNCTION total(v int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'v'"), irE("Function 'total' cannot replace an aggregate"));
    assert.deepEqual(await n.rows("SELECT * FROM system_schema.aggregates WHERE keyspace_name = 'ks'"), [
      { keyspace_name: 'ks', aggregate_name: 'total', argument_types: ['int'], final_func: 'half', initcond: '0', return_type: 'double', state_func: 'sumst', state_type: 'bigint' },
    ]);
    await assert.rejects(n.run('DROP FUNCTION sumst'), irE("Function 'ks.sumst' is still referenced by aggregates ks.total"));
    await assert.rejects(n.run('DROP FUNCTION half(bigint)'), irE("Function 'ks.half(bigint)' is still referenced by aggregates ks.total"));
    assert.deepEqual(await n.run('DROP AGGREGATE total'), { kind: 'schemaChange', change: { change: 'DROPPED', target: 'AGGREGATE', keyspace: 'ks', name: 'total', argTypes: ['int'] } });
    assert.deepEqual(await n.run('DROP FUNCTION half'), { kind: 'schemaChange', change: { change: 'DROPPED', target: 'FUNCTION', keyspace: 'ks', name: 'half', argTypes: ['bigint'] } });
  }));

test('DROP FUNCTION: overloads need their types, IF EXISTS, unknown ones', () =>
  withUdfs(async (n) => {
    await n.run(PLUS);
    await n.run("CREATE FUNCTION plus(a text) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS 'a'");
    await assert.rejects(
      n.run('DROP FUNCTION plus'),
      irE("'DROP FUNCTION plus' matches multiple function definitions; specify the argument types by issuing a statement like 'DROP FUNCTION plus (type, type, ...)'. You can use cqlsh 'DESCRIBE FUNCTION plus' command to find all overloads"),
    );
    await assert.rejects(n.run('DROP FUNCTION plus(bigint)'), irE("Function 'ks.plus(bigint)' doesn't exist"));
    await assert.rejects(n.run('DROP AGGREGATE plus(text)'), irE("Aggregate 'ks.plus(text)' doesn't exist"));
    assert.deepEqual(await n.run('DROP FUNCTION IF EXISTS plus(bigint)'), { kind: 'void' });
    assert.deepEqual(await n.run('DROP FUNCTION IF EXISTS nope.plus'), { kind: 'void' });
    await n.run('DROP FUNCTION plus(text)');
    await n.run('DROP FUNCTION plus');
    assert.equal(n.ctx.schema().keyspace('ks')!.functions.length, 0);
  }));

test('an embedded node without settings keeps UDFs off, as Cassandra 4.0 does by default', async () => {
  const n = await openCqlTestNode();
  try {
    await n.run("CREATE KEYSPACE k2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await assert.rejects(n.run(PLUS.replace('plus', 'k2.plus')), /User-defined functions are disabled/);
  } finally {
    await n.close();
  }
});

test('DESCRIBE FUNCTIONS / AGGREGATES, FUNCTION f (every overload), AGGREGATE, within KEYSPACE; the statements recreate them', () =>
  withUdfs(async (n) => {
    await n.run("CREATE FUNCTION st(s tuple<int, bigint>, v int) RETURNS NULL ON NULL INPUT RETURNS tuple<int, bigint> LANGUAGE javascript AS $$[s[0] + 1, s[1] + v]$$");
    await n.run("CREATE FUNCTION st(s text) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS 's'");
    await n.run("CREATE AGGREGATE agg(int) SFUNC st STYPE tuple<int, bigint> INITCOND (0, 0)");
    assert.deepEqual(await n.rows('DESCRIBE FUNCTIONS'), [
      { keyspace_name: 'ks', type: 'function', name: 'st(frozen<tuple<int, bigint>>, int)' },
      { keyspace_name: 'ks', type: 'function', name: 'st(text)' },
    ]);
    assert.deepEqual(await n.rows('DESCRIBE AGGREGATES'), [{ keyspace_name: 'ks', type: 'aggregate', name: 'agg(int)' }]);
    const fns = await n.rows('DESCRIBE FUNCTION st');
    assert.equal(fns.length, 2);
    assert.equal(
      fns[0]!.create_statement,
      'CREATE FUNCTION ks.st(s frozen<tuple<int, bigint>>, v int)\n    RETURNS NULL ON NULL INPUT\n    RETURNS frozen<tuple<int, bigint>>\n    LANGUAGE javascript\n    AS $$[s[0] + 1, s[1] + v]$$;',
    );
    const [agg] = await n.rows('DESCRIBE AGGREGATE ks.agg');
    assert.equal(agg!.create_statement, 'CREATE AGGREGATE ks.agg(int)\n    SFUNC st\n    STYPE frozen<tuple<int, bigint>>\n    INITCOND (0, 0);');
    await assert.rejects(async () => n.run('DESCRIBE FUNCTION nope'), irE("User defined function 'nope' not found in 'ks'"));
    const ks = await n.rows('DESCRIBE KEYSPACE ks');
    assert.deepEqual(ks.map((r) => `${r.type} ${r.name}`), ['keyspace ks', 'function st(frozen<tuple<int, bigint>>, int)', 'function st(text)', 'aggregate agg(int)']);
    await n.run('DROP AGGREGATE agg');
    await n.run('DROP FUNCTION st(text)');
    await n.run('DROP FUNCTION st');
    for (const r of ks.slice(1)) await n.run(String(r.create_statement));
    assert.deepEqual((await n.rows('DESCRIBE KEYSPACE ks')).map((r) => r.create_statement), ks.map((r) => r.create_statement), 'recreated alike');
  }));

test('DROP TYPE is refused while a function uses the type', () =>
  withUdfs(async (n) => {
    await n.run('CREATE TYPE pt (x int, y int)');
    await n.run('CREATE FUNCTION px(p frozen<pt>) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$p.x$$'.replace('frozen<pt>', 'pt'));
    await n.run('CREATE TABLE tp (k int PRIMARY KEY, f frozen<pt>, m pt)');
    await n.run('INSERT INTO tp (k, f, m) VALUES (1, {x: 3, y: 4}, {x: 5, y: 6})');
    assert.deepEqual(await n.rows('SELECT px(f), px(m) FROM tp'), [{ 'ks.px(f)': 3, 'ks.px(m)': 5 }], 'a user type passed as an object');
    await n.run('ALTER TYPE pt ADD z int');
    const px = n.ctx.schema().keyspace('ks')!.functions.find((d) => d.name === 'px')!;
    assert.deepEqual((px.argumentTypes[0] as UserType).fieldNames, ['x', 'y', 'z'], 'ALTER TYPE reached the function');
    await n.run('INSERT INTO tp (k, f, m) VALUES (2, {x: 1, y: 1, z: 10}, {x: 2, y: 2, z: 20})');
    assert.deepEqual(await n.rows('SELECT px(f), px(m) FROM tp WHERE k = 2'), [{ 'ks.px(f)': 1, 'ks.px(m)': 2 }]);
    await assert.rejects(async () => n.run('DROP TYPE pt'), irE("Cannot drop user type 'ks.pt' as it is still used by functions ks.px"));
    await n.run('DROP FUNCTION px');
    await n.run('DROP TABLE tp');
    await n.run('DROP TYPE pt');
  }));
