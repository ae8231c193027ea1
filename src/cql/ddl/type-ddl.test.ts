/** CREATE / ALTER / DROP TYPE: user types in the keyspace, used by tables and other types, persisted. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { UserType } from '../../marshal/index.js';
import { type CqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';

const withKs = withKeyspace;
const irE = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

test('CREATE TYPE, tables using it, ALTER TYPE ADD / RENAME reaching every user, persistence', () =>
  withKs(async (n) => {
    assert.deepEqual(await n.run('CREATE TYPE address (street text, no int)'), { kind: 'schemaChange', change: { change: 'CREATED', target: 'TYPE', keyspace: 'ks', name: 'address' } });
    await n.run('CREATE TYPE person (name text, home frozen<address>, others list<frozen<address>>)');
    await n.run('CREATE TABLE t (k frozen<address> PRIMARY KEY, a address, p frozen<person>, m map<int, frozen<address>>)');
    assert.deepEqual(await n.run('CREATE TYPE IF NOT EXISTS address (x int)'), { kind: 'void' });
    assert.deepEqual(await n.run('ALTER TYPE address ADD zip text'), { kind: 'schemaChange', change: { change: 'UPDATED', target: 'TYPE', keyspace: 'ks', name: 'address' } });
    await n.run('ALTER TYPE address RENAME no TO number');
    const check = (node: CqlTestNode) => {
      const ks = node.ctx.schema().keyspace('ks')!;
      const address = ks.types.find((t) => t.typeName === 'address')!;
      assert.deepEqual(address.fieldNames, ['street', 'number', 'zip']);
      assert.equal(address.isMultiCell, true);
      const t = node.ctx.schema().table('ks', 't')!;
      const fieldsOf = (col: string) => (t.cql.columns.get(col)!.type as UserType).fieldNames;
      assert.deepEqual(fieldsOf('k'), ['street', 'number', 'zip'], 'the key column took the new definition');
      assert.deepEqual(fieldsOf('a'), ['street', 'number', 'zip']);
      assert.equal(t.cql.columns.get('a')!.type.cqlName, 'address');
      const person = t.cql.columns.get('p')!.type as UserType;
      assert.deepEqual((person.fieldTypes[1] as UserType).fieldNames, ['street', 'number', 'zip'], 'nested in another type');
      assert.deepEqual((ks.types.find((x) => x.typeName === 'person')!.fieldTypes[1] as UserType).fieldNames, ['street', 'number', 'zip']);
      assert.equal(t.cql.columns.get('m')!.type.cqlName, 'map<int, frozen<address>>');
    };
    check(n);
    const again = await n.restart();
    check(again);
    return again;
  }));

test('type errors; DROP TYPE refused while in use', () =>
  withKs(async (n) => {
    const bad = (cql: string, re: RegExp) => assert.rejects(async () => n.run(cql), irE(re));
    await n.run('CREATE TYPE a (x int)');
    await bad('CREATE TYPE a (y int)', /A user type with name 'a' already exists/);
    await bad('CREATE TYPE b (x int, x text)', /Duplicate field name 'x' in type 'b'/);
    await bad('CREATE TYPE b (x counter)', /cannot contain counters/);
    await bad('CREATE TYPE b (x a)', /cannot contain non-frozen UDTs/);
    await bad('CREATE TYPE b (x frozen<zzz>)', /Unknown type ks.zzz/);
    await bad('CREATE TYPE nope.b (x int)', /Keyspace 'nope' doesn't exist/);
    await n.run("CREATE KEYSPACE other WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await bad('CREATE TABLE other.t (k int PRIMARY KEY, v frozen<ks.a>)', /cannot refer to a user type in keyspace ks/);
    await bad('ALTER TYPE a ADD x text', /a field with name x already exists/);
    assert.deepEqual(await n.run('ALTER TYPE a ADD IF NOT EXISTS x text'), { kind: 'void' });
    await bad('ALTER TYPE a RENAME zz TO y', /Unknown field zz/);
    await bad('ALTER TYPE a ALTER x TYPE text', /not supported/);
    await bad('ALTER TYPE nope ADD y int', /Type ks.nope doesn't exist/);
    await n.run('CREATE TYPE b (inner frozen<a>)');
    await bad('DROP TYPE a', /still used by user types b/);
    await n.run('CREATE TABLE t (k int PRIMARY KEY, v b)');
    await bad('DROP TYPE b', /still used by tables t/);
    await n.run('DROP TABLE t');
    assert.deepEqual(await n.run('DROP TYPE b'), { kind: 'schemaChange', change: { change: 'DROPPED', target: 'TYPE', keyspace: 'ks', name: 'b' } });
    await n.run('DROP TYPE a');
    await bad('DROP TYPE a', /Type 'ks.a' doesn't exist/);
    assert.deepEqual(await n.run('DROP TYPE IF EXISTS a'), { kind: 'void' });
    assert.deepEqual(n.ctx.schema().keyspace('ks')!.types, []);
  }));
