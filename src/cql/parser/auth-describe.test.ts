/** Security statements (roles, users, grants, permissions on every resource) and DESCRIBE. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Statement } from './statement.js';
import { parseStatement } from './parse-statement.js';

function parse(text: string): Statement {
  return parseStatement(text).statement;
}

const NO_OPTIONS = { password: null, hashedPassword: null, login: null, superuser: null, options: null, datacenters: null };

test('CREATE / ALTER / DROP ROLE with every option', () => {
  assert.deepEqual(parse("CREATE ROLE IF NOT EXISTS alice WITH PASSWORD = 's3cr''et' AND LOGIN = true AND SUPERUSER = false AND OPTIONS = {'k': 'v'} AND ACCESS TO DATACENTERS {'dc1', 'dc2'}"), {
    kind: 'createRole', role: 'alice', ifNotExists: true,
    options: { password: "s3cr'et", hashedPassword: null, login: true, superuser: false, options: new Map([['k', 'v']]), datacenters: ['dc1', 'dc2'] },
  });
  assert.deepEqual(parse('CREATE ROLE "Bob"'), { kind: 'createRole', role: 'Bob', ifNotExists: false, options: NO_OPTIONS });
  assert.deepEqual(parse("create role 'Carol'"), { kind: 'createRole', role: 'Carol', ifNotExists: false, options: NO_OPTIONS });
  assert.deepEqual(parse("ALTER ROLE Dave WITH HASHED PASSWORD = '$2a$10$x' AND ACCESS TO ALL DATACENTERS"), {
    kind: 'alterRole', role: 'dave', ifExists: false, options: { ...NO_OPTIONS, hashedPassword: '$2a$10$x', datacenters: 'all' },
  });
  assert.deepEqual(parse('DROP ROLE IF EXISTS alice'), { kind: 'dropRole', role: 'alice', ifExists: true });
});

test('legacy USER statements keep the name as written', () => {
  assert.deepEqual(parse("CREATE USER IF NOT EXISTS Alice WITH PASSWORD 'pw' SUPERUSER"), {
    kind: 'createUser', user: 'Alice', ifNotExists: true, password: 'pw', hashedPassword: null, superuser: true,
  });
  assert.deepEqual(parse("ALTER USER 'bob' NOSUPERUSER"), { kind: 'alterUser', user: 'bob', ifExists: false, password: null, hashedPassword: null, superuser: false });
  assert.deepEqual(parse('DROP USER IF EXISTS bob'), { kind: 'dropUser', user: 'bob', ifExists: true });
  assert.deepEqual(parse('LIST USERS'), { kind: 'listUsers' });
});

test('LIST ROLES, GRANT / REVOKE role', () => {
  assert.deepEqual(parse('LIST ROLES'), { kind: 'listRoles', of: null, recursive: true });
  assert.deepEqual(parse('LIST ROLES OF alice NORECURSIVE'), { kind: 'listRoles', of: 'alice', recursive: false });
  assert.deepEqual(parse('GRANT reader TO alice'), { kind: 'grantRole', role: 'reader', grantee: 'alice' });
  assert.deepEqual(parse("REVOKE 'Reader' FROM \"Alice\""), { kind: 'revokeRole', role: 'Reader', revokee: 'Alice' });
  assert.deepEqual(parse('GRANT all TO alice'), { kind: 'grantRole', role: 'all', grantee: 'alice' });
});

test('GRANT / REVOKE / LIST permissions on every resource kind', () => {
  const resources: [string, unknown][] = [
    ['ALL KEYSPACES', { kind: 'allKeyspaces' }],
    ['KEYSPACE ks', { kind: 'keyspace', keyspace: 'ks' }],
    ['TABLE ks.t', { kind: 'table', table: { keyspace: 'ks', name: 't' } }],
    ['ks.t', { kind: 'table', table: { keyspace: 'ks', name: 't' } }],
    ['ALL TABLES IN KEYSPACE ks', { kind: 'allTables', keyspace: 'ks' }],
    ['ALL ROLES', { kind: 'allRoles' }],
    ['ROLE admin', { kind: 'role', role: 'admin' }],
    ['ALL FUNCTIONS', { kind: 'allFunctions', keyspace: null }],
    ['ALL FUNCTIONS IN KEYSPACE ks', { kind: 'allFunctions', keyspace: 'ks' }],
    ['FUNCTION ks.f(int, text)', { kind: 'function', name: { keyspace: 'ks', name: 'f' }, argumentTypes: [{ kind: 'native', name: 'int' }, { kind: 'native', name: 'text' }] }],
    ['ALL MBEANS', { kind: 'allMBeans' }],
    ["MBEAN 'org.apache.cassandra.db:type=Tables'", { kind: 'mbean', name: 'org.apache.cassandra.db:type=Tables' }],
    ["MBEANS 'org.apache.cassandra.db:*'", { kind: 'mbeans', pattern: 'org.apache.cassandra.db:*' }],
  ];
  for (const [text, resource] of resources) {
    assert.deepEqual(parse(`GRANT SELECT ON ${text} TO alice`), { kind: 'grantPermissions', permissions: ['SELECT'], resource, grantee: 'alice' }, text);
  }
  assert.deepEqual(parse('GRANT ALL PERMISSIONS ON KEYSPACE ks TO bob'), { kind: 'grantPermissions', permissions: 'all', resource: { kind: 'keyspace', keyspace: 'ks' }, grantee: 'bob' });
  assert.deepEqual(parse('GRANT MODIFY PERMISSION, select, DESCRIBE ON ks.t TO bob').kind === 'grantPermissions' &&
    (parse('GRANT MODIFY PERMISSION, select, DESCRIBE ON ks.t TO bob') as { permissions: unknown }).permissions, ['MODIFY', 'SELECT', 'DESCRIBE']);
  assert.deepEqual(parse('REVOKE ALTER ON ALL KEYSPACES FROM bob'), { kind: 'revokePermissions', permissions: ['ALTER'], resource: { kind: 'allKeyspaces' }, revokee: 'bob' });
  assert.deepEqual(parse('LIST ALL'), { kind: 'listPermissions', permissions: 'all', resource: null, of: null, recursive: true });
  assert.deepEqual(parse('LIST ALL PERMISSIONS ON KEYSPACE ks OF bob NORECURSIVE'), {
    kind: 'listPermissions', permissions: 'all', resource: { kind: 'keyspace', keyspace: 'ks' }, of: 'bob', recursive: false,
  });
  assert.deepEqual(parse('LIST SELECT, MODIFY OF alice'), { kind: 'listPermissions', permissions: ['SELECT', 'MODIFY'], resource: null, of: 'alice', recursive: true });
  for (const p of ['CREATE', 'ALTER', 'DROP', 'SELECT', 'MODIFY', 'AUTHORIZE', 'DESCRIBE', 'EXECUTE']) {
    const s = parse(`GRANT ${p} ON ALL KEYSPACES TO r`);
    assert.deepEqual(s.kind === 'grantPermissions' && s.permissions, [p]);
  }
});

test('DESCRIBE: every form Cassandra 4.0 serves', () => {
  const cases: [string, unknown][] = [
    ['DESCRIBE CLUSTER', { kind: 'cluster' }],
    ['DESC SCHEMA', { kind: 'schema', full: false }],
    ['DESCRIBE FULL SCHEMA', { kind: 'schema', full: true }],
    ['DESCRIBE KEYSPACES', { kind: 'keyspaces' }],
    ['DESCRIBE KEYSPACE', { kind: 'keyspace', keyspace: null, only: false }],
    ['DESCRIBE KEYSPACE ks', { kind: 'keyspace', keyspace: 'ks', only: false }],
    ['DESCRIBE ONLY KEYSPACE "Ks"', { kind: 'keyspace', keyspace: 'Ks', only: true }],
    ['DESCRIBE TABLES', { kind: 'tables' }],
    ['DESCRIBE TABLE ks.t', { kind: 'table', table: { keyspace: 'ks', name: 't' } }],
    ['DESC COLUMNFAMILY t', { kind: 'table', table: { keyspace: null, name: 't' } }],
    ['DESCRIBE INDEX ks.idx', { kind: 'index', index: { keyspace: 'ks', name: 'idx' } }],
    ['DESCRIBE MATERIALIZED VIEW mv', { kind: 'materializedView', view: { keyspace: null, name: 'mv' } }],
    ['DESCRIBE TYPES', { kind: 'types' }],
    ['DESCRIBE TYPE ks.addr', { kind: 'type', type: { keyspace: 'ks', name: 'addr' } }],
    ['DESCRIBE FUNCTIONS', { kind: 'functions' }],
    ['DESCRIBE FUNCTION ks.f', { kind: 'function', name: { keyspace: 'ks', name: 'f' } }],
    ['DESCRIBE AGGREGATES', { kind: 'aggregates' }],
    ['DESCRIBE AGGREGATE agg', { kind: 'aggregate', name: { keyspace: null, name: 'agg' } }],
    ['DESCRIBE ks', { kind: 'generic', name: { keyspace: null, name: 'ks' } }],
    ['DESCRIBE ks.t', { kind: 'generic', name: { keyspace: 'ks', name: 't' } }],
    ['DESCRIBE "MyKs"."T"', { kind: 'generic', name: { keyspace: 'MyKs', name: 'T' } }],
    ['DESCRIBE type', { kind: 'generic', name: { keyspace: null, name: 'type' } }],
    ['DESCRIBE tables.x', { kind: 'generic', name: { keyspace: 'tables', name: 'x' } }],
  ];
  for (const [text, target] of cases) {
    assert.deepEqual(parse(text), { kind: 'describe', target, withInternals: false }, text);
  }
  assert.deepEqual(parse('DESCRIBE KEYSPACE ks WITH INTERNALS;'), { kind: 'describe', target: { kind: 'keyspace', keyspace: 'ks', only: false }, withInternals: true });
  assert.deepEqual(parse('desc table t with internals'), { kind: 'describe', target: { kind: 'table', table: { keyspace: null, name: 't' } }, withInternals: true });
});
