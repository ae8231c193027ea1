import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCqlTestNode, type CqlTestNode } from '../../../test/support/cql-test-node.js';
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { QueryProcessor } from '../../server/query-processor.js';
import { type ClientState, queryOptions } from '../execution/index.js';
import { ensureAuthKeyspace } from './auth-keyspace.js';

function as(user: string, keyspace?: string): ClientState {
  return { keyspace, user, warn: () => undefined };
}

const refusedWith = (message: string) => (e: unknown) => e instanceof UnauthorizedError && e.message === message;

describe('permissions (CassandraAuthorizer) on one node', () => {
  let n: CqlTestNode;
  let p: QueryProcessor;
  /** As a client's request: permissions checked, then executed. */
  const run = (user: string, cql: string) => p.run(p.prepareText(cql, undefined), as(user), queryOptions());
  const list = async (user: string, cql: string) => {
    const r = await p.prepareText(cql, undefined).execute(as(user), queryOptions());
    return r.kind === 'rows' ? r.rows.map((row) => r.columns.map((_c, i) => row[i]!.toString('utf8')).join(' | ')) : [];
  };

  before(async () => {
    n = await openCqlTestNode({ auth: { passwords: true, rolesValidityMs: 0, bcryptRounds: 4, authorizer: true, permissionsValidityMs: 0 }, materializedViewsEnabled: true });
    await ensureAuthKeyspace(n.ctx.keeper, n.env.random);
    await n.ctx.roles.setupDefaultRole();
    p = new QueryProcessor(n.ctx);
    await run('cassandra', "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await run('cassandra', 'CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    await run('cassandra', "CREATE ROLE alice WITH PASSWORD = 'a' AND LOGIN = true");
    await run('cassandra', 'CREATE ROLE reader');
  });
  after(() => n.close());

  it('SELECT and MODIFY need grants on the table or a parent; REVOKE takes them back', async () => {
    await assert.rejects(run('alice', 'SELECT * FROM ks.t'), refusedWith('User alice has no SELECT permission on <table ks.t> or any of its parents'));
    await assert.rejects(run('alice', 'INSERT INTO ks.t (k, v) VALUES (1, 1)'), refusedWith('User alice has no MODIFY permission on <table ks.t> or any of its parents'));
    await run('cassandra', 'GRANT SELECT ON ks.t TO alice');
    await run('alice', 'SELECT * FROM ks.t');
    await run('cassandra', 'GRANT MODIFY ON KEYSPACE ks TO alice');
    await run('alice', 'INSERT INTO ks.t (k, v) VALUES (1, 1)');
    await run('alice', 'BEGIN BATCH INSERT INTO ks.t (k, v) VALUES (2, 2) APPLY BATCH');
    await run('cassandra', 'REVOKE SELECT ON TABLE ks.t FROM alice');
    await assert.rejects(run('alice', 'SELECT * FROM ks.t'), UnauthorizedError);
    await run('cassandra', 'REVOKE MODIFY ON KEYSPACE ks FROM alice');
    await assert.rejects(run('alice', 'BEGIN BATCH INSERT INTO ks.t (k, v) VALUES (2, 2) APPLY BATCH'), UnauthorizedError);
  });

  it('a prepared statement is checked each time it executes', async () => {
    const stmt = p.prepareText('SELECT * FROM ks.t', undefined);
    await run('cassandra', 'GRANT SELECT ON ALL KEYSPACES TO alice');
    await p.run(stmt, as('alice'), queryOptions());
    await run('cassandra', 'REVOKE SELECT ON ALL KEYSPACES FROM alice');
    await assert.rejects(p.run(stmt, as('alice'), queryOptions()), UnauthorizedError);
  });

  it('permissions are inherited through granted roles; superusers pass; drivers read system tables', async () => {
    await run('cassandra', 'GRANT SELECT ON KEYSPACE ks TO reader');
    await assert.rejects(run('alice', 'SELECT * FROM ks.t'), UnauthorizedError);
    await run('cassandra', 'GRANT reader TO alice');
    await run('alice', 'SELECT * FROM ks.t');
    await run('cassandra', 'REVOKE reader FROM alice');
    await assert.rejects(run('alice', 'SELECT * FROM ks.t'), UnauthorizedError);
    await run('alice', "SELECT * FROM system.local WHERE key = 'local'");
    await run('alice', 'SELECT * FROM system_schema.tables');
    await assert.rejects(run('alice', 'SELECT * FROM system_auth.roles'), refusedWith('User alice has no SELECT permission on <table system_auth.roles> or any of its parents'));
  });

  it('DDL needs CREATE on the parent, ALTER/DROP on the resource; creators get ALL; a drop takes its grants', async () => {
    await assert.rejects(run('alice', "CREATE KEYSPACE mine WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"),
      refusedWith('User alice has no CREATE permission on <all keyspaces> or any of its parents'));
    await run('cassandra', 'GRANT CREATE ON ALL KEYSPACES TO alice');
    await run('alice', "CREATE KEYSPACE mine WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await run('alice', 'CREATE TABLE mine.t (k int PRIMARY KEY)');
    await run('alice', 'INSERT INTO mine.t (k) VALUES (1)');
    await run('alice', 'ALTER TABLE mine.t ADD v int');
    assert.deepEqual(await list('cassandra', 'LIST ALL PERMISSIONS ON mine.t OF alice NORECURSIVE'), [
      'alice | alice | <table mine.t> | ALTER', 'alice | alice | <table mine.t> | DROP', 'alice | alice | <table mine.t> | SELECT',
      'alice | alice | <table mine.t> | MODIFY', 'alice | alice | <table mine.t> | AUTHORIZE',
    ]);
    await assert.rejects(run('alice', 'DROP TABLE ks.t'), refusedWith('User alice has no DROP permission on <table ks.t> or any of its parents'));
    await run('alice', 'DROP KEYSPACE mine');
    assert.deepEqual(await list('cassandra', 'LIST ALL OF alice'), ['alice | alice | <all keyspaces> | CREATE'], 'the dropped keyspace and table took their grants');
    await run('cassandra', 'REVOKE CREATE ON ALL KEYSPACES FROM alice');
  });

  it("GRANT checks the role, the resource, the permissions and the granter, with Cassandra's messages", async () => {
    await assert.rejects(run('cassandra', 'GRANT SELECT ON ks.t TO ghost'), (e: unknown) => e instanceof InvalidRequestError && e.message === "Role ghost doesn't exist");
    await assert.rejects(run('cassandra', 'GRANT SELECT ON ks.nope TO alice'), (e: unknown) => e instanceof InvalidRequestError && e.message === "Resource <table ks.nope> doesn't exist");
    await assert.rejects(run('cassandra', 'GRANT CREATE ON ks.t TO alice'), /Resource type DataResource does not support any of the requested permissions/);
    await assert.rejects(run('alice', 'GRANT SELECT ON ks.t TO reader'), refusedWith('User alice has no AUTHORIZE permission on <table ks.t> or any of its parents'));
    // Access is checked before the role and the resource exist (QueryProcessor: authorize, then validate).
    await assert.rejects(run('alice', 'GRANT SELECT ON ks.nope TO ghost'), refusedWith('User alice has no AUTHORIZE permission on <table ks.nope> or any of its parents'));
    await run('cassandra', 'GRANT AUTHORIZE ON KEYSPACE ks TO alice');
    await assert.rejects(run('alice', 'GRANT SELECT ON ks.t TO reader'), refusedWith('User alice has no SELECT permission on <table ks.t> or any of its parents'));
    await run('cassandra', 'GRANT SELECT ON KEYSPACE ks TO alice');
    await run('alice', 'GRANT SELECT ON ks.t TO reader');
    await assert.rejects(run('alice', 'LIST ALL'), refusedWith("You are not authorized to view everyone's permissions"));
    assert.deepEqual(await list('alice', 'LIST ALL OF alice'), [
      'alice | alice | <keyspace ks> | SELECT', 'alice | alice | <keyspace ks> | AUTHORIZE',
    ]);
    assert.deepEqual(await list('cassandra', 'LIST SELECT ON ks.t'), [
      'alice | alice | <keyspace ks> | SELECT',
      'cassandra | cassandra | <keyspace ks> | SELECT', 'cassandra | cassandra | <table ks.t> | SELECT', // the creator's
      'reader | reader | <keyspace ks> | SELECT', 'reader | reader | <table ks.t> | SELECT',
    ]);
    assert.deepEqual(await list('cassandra', 'LIST SELECT ON ks.t NORECURSIVE'), ['cassandra | cassandra | <table ks.t> | SELECT', 'reader | reader | <table ks.t> | SELECT']);
    await run('cassandra', 'DROP ROLE reader');
    assert.deepEqual(await list('cassandra', 'LIST SELECT ON ks.t NORECURSIVE'), ['cassandra | cassandra | <table ks.t> | SELECT'], "a dropped role's grants go");
    // The role statements refuse with AuthenticationStatement.checkPermission's message, not ClientState's.
    const insufficient = refusedWith('User alice does not have sufficient privileges to perform the requested operation');
    await assert.rejects(run('alice', "ALTER ROLE cassandra WITH LOGIN = true"), insufficient);
    await assert.rejects(run('alice', 'CREATE ROLE x'), insufficient);
    await assert.rejects(run('alice', 'GRANT alice TO cassandra'), insufficient);
    await run('cassandra', 'GRANT ALTER ON ALL ROLES TO alice');
    await run('alice', "ALTER ROLE cassandra WITH LOGIN = true");
  });

  it('LIST ROLES: without DESCRIBE on all roles a user lists only its own roles; OF another role is refused', async () => {
    await run('cassandra', "CREATE ROLE bob WITH PASSWORD = 'b' AND LOGIN = true");
    await run('cassandra', 'CREATE ROLE staff');
    await run('cassandra', 'GRANT staff TO bob');
    assert.deepEqual(await list('bob', 'LIST ROLES'), ['bob | False | True | {}', 'staff | False | False | {}'].map((r) => r.replace(/False|True/g, (b) => (b === 'True' ? '\u0001' : '\u0000')).replace('{}', '\u0000\u0000\u0000\u0000')));
    assert.deepEqual((await list('bob', 'LIST ROLES OF staff')).map((r) => r.split(' | ')[0]), ['staff']);
    await assert.rejects(run('bob', 'LIST ROLES OF alice'), refusedWith('You are not authorized to view roles granted to alice '));
    assert.deepEqual((await list('bob', 'LIST USERS')).map((r) => r.split(' | ')[0]), ['bob']);
    assert.deepEqual((await list('cassandra', 'LIST ROLES')).map((r) => r.split(' | ')[0]), ['alice', 'bob', 'cassandra', 'staff'], 'a superuser lists every role');
    await run('cassandra', 'GRANT DESCRIBE ON ALL ROLES TO bob');
    assert.deepEqual((await list('bob', 'LIST ROLES')).map((r) => r.split(' | ')[0]), (await list('cassandra', 'LIST ROLES')).map((r) => r.split(' | ')[0]));
    assert.deepEqual((await list('bob', 'LIST ROLES OF alice')).map((r) => r.split(' | ')[0]), ['alice']);
    await run('cassandra', 'DROP ROLE bob');
    await run('cassandra', 'DROP ROLE staff');
  });

  it('DROP INDEX needs ALTER on the base table, looked up when it runs', async () => {
    await run('cassandra', 'CREATE TABLE ks.indexed (k int PRIMARY KEY, v int)');
    await run('cassandra', 'CREATE TABLE ks.other (k int PRIMARY KEY)');
    const drop = p.prepareText('DROP INDEX ks.indexed_v_idx', undefined);
    // Prepared before the index exists: the table is found when it runs.
    await run('cassandra', 'CREATE INDEX ON ks.indexed (v)');
    await run('cassandra', 'GRANT ALTER ON ks.other TO alice');
    await assert.rejects(p.run(drop, as('alice'), queryOptions()), refusedWith('User alice has no ALTER permission on <table ks.indexed> or any of its parents'));
    await run('cassandra', 'GRANT ALTER ON ks.indexed TO alice');
    await p.run(drop, as('alice'), queryOptions());
    await assert.rejects(run('alice', 'DROP INDEX ks.indexed_v_idx'), (e: unknown) => e instanceof InvalidRequestError && e.message === "Index 'ks.indexed_v_idx' doesn't exist");
    await run('alice', 'DROP INDEX IF EXISTS ks.indexed_v_idx');
  });

  it('CREATE, ALTER and DROP MATERIALIZED VIEW need ALTER on the base table (Cassandra 4.0), looked up when they run', async () => {
    await run('cassandra', 'CREATE TABLE ks.based (k int PRIMARY KEY, v int)');
    await run('cassandra', 'CREATE TABLE ks.unrelated (k int PRIMARY KEY)');
    await run('cassandra', 'GRANT ALTER ON ks.unrelated TO alice');
    const create = 'CREATE MATERIALIZED VIEW ks.by_v AS SELECT k, v FROM ks.based WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k)';
    const refused = refusedWith('User alice has no ALTER permission on <table ks.based> or any of its parents');
    await assert.rejects(run('alice', create), refused);
    const drop = p.prepareText('DROP MATERIALIZED VIEW ks.by_v', undefined);
    await run('cassandra', create);
    await assert.rejects(run('alice', "ALTER MATERIALIZED VIEW ks.by_v WITH comment = 'x'"), refused);
    await assert.rejects(p.run(drop, as('alice'), queryOptions()), refused, 'prepared before the view existed: its base is found when it runs');
    await run('cassandra', 'GRANT ALTER ON ks.based TO alice');
    await run('alice', "ALTER MATERIALIZED VIEW ks.by_v WITH comment = 'x'");
    await p.run(drop, as('alice'), queryOptions());
    await run('alice', 'DROP MATERIALIZED VIEW IF EXISTS ks.by_v');
    await run('alice', create);
    await run('alice', 'DROP MATERIALIZED VIEW ks.by_v');
  });

  it('FUNCTION resources: the keyspace is required, built-in functions take no permissions, a function that does not exist is refused', async () => {
    await assert.rejects(run('cassandra', 'GRANT EXECUTE ON FUNCTION f(int) TO alice'), (e: unknown) => e instanceof InvalidRequestError && e.message === 'In this context function name must be explictly qualified by a keyspace');
    await assert.rejects(run('cassandra', 'GRANT EXECUTE ON FUNCTION system.now() TO alice'), (e: unknown) => e instanceof InvalidRequestError && e.message === 'Altering permissions on builtin functions is not supported');
    await assert.rejects(run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.f(int, text) TO alice'), (e: unknown) => e instanceof InvalidRequestError && e.message === "Resource <function ks.f(int, text)> doesn't exist");
    await assert.rejects(run('cassandra', 'LIST ALL ON FUNCTION ks.f(int)'), (e: unknown) => e instanceof InvalidRequestError && e.message === "<function ks.f(int)> doesn't exist");
    await run('cassandra', 'GRANT EXECUTE ON ALL FUNCTIONS IN KEYSPACE ks TO alice');
    assert.deepEqual(await list('cassandra', 'LIST EXECUTE OF alice'), ['alice | alice | <all functions in ks> | EXECUTE']);
    await run('cassandra', 'REVOKE EXECUTE ON ALL FUNCTIONS IN KEYSPACE ks FROM alice');
  });

  // Regression: writes needed MODIFY only, and a view's SELECT the view (Cassandra 4.0's
  // ModificationStatement and SelectStatement.authorize).
  it('a conditional write also needs SELECT; a write to a table with views SELECT on it and MODIFY on each view; a view is read with SELECT on its base', async () => {
    await run('cassandra', "CREATE ROLE writer WITH PASSWORD = 'w' AND LOGIN = true");
    await run('cassandra', 'CREATE TABLE ks.cas (k int PRIMARY KEY, v int)');
    await run('cassandra', 'GRANT MODIFY ON ks.cas TO writer');
    await run('writer', 'INSERT INTO ks.cas (k, v) VALUES (1, 1)');
    const noSelect = refusedWith('User writer has no SELECT permission on <table ks.cas> or any of its parents');
    await assert.rejects(run('writer', 'INSERT INTO ks.cas (k, v) VALUES (2, 2) IF NOT EXISTS'), noSelect);
    await assert.rejects(run('writer', 'UPDATE ks.cas SET v = 3 WHERE k = 1 IF v = 1'), noSelect);
    await assert.rejects(run('writer', 'DELETE FROM ks.cas WHERE k = 1 IF EXISTS'), noSelect);
    await assert.rejects(run('writer', 'BEGIN BATCH UPDATE ks.cas SET v = 3 WHERE k = 1 IF v = 1; APPLY BATCH'), noSelect);
    await run('cassandra', 'GRANT SELECT ON ks.cas TO writer');
    await run('writer', 'UPDATE ks.cas SET v = 3 WHERE k = 1 IF v = 1');

    await run('cassandra', 'CREATE TABLE ks.base (k int PRIMARY KEY, v int)');
    await run('cassandra', 'GRANT MODIFY ON ks.base TO writer');
    await run('writer', 'INSERT INTO ks.base (k, v) VALUES (1, 1)');
    await run('cassandra', 'CREATE MATERIALIZED VIEW ks.by_v AS SELECT * FROM ks.base WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k)');
    const insert = 'INSERT INTO ks.base (k, v) VALUES (2, 2)';
    await assert.rejects(run('writer', insert), refusedWith('User writer has no SELECT permission on <table ks.base> or any of its parents'));
    await run('cassandra', 'GRANT SELECT ON ks.base TO writer');
    await assert.rejects(run('writer', insert), refusedWith('User writer has no MODIFY permission on <table ks.by_v> or any of its parents'));
    await run('cassandra', 'GRANT MODIFY ON ks.by_v TO writer');
    await run('writer', insert);
    // Reading the view takes SELECT on the base table, not on the view.
    const read = await run('writer', 'SELECT k FROM ks.by_v WHERE v = 2');
    assert.ok(read.kind === 'rows' && read.rows.length === 1);
    await run('cassandra', "CREATE ROLE viewer WITH PASSWORD = 'v' AND LOGIN = true");
    await run('cassandra', 'GRANT SELECT ON ks.by_v TO viewer');
    await assert.rejects(run('viewer', 'SELECT k FROM ks.by_v WHERE v = 2'), refusedWith('User viewer has no SELECT permission on <table ks.base> or any of its parents'));
  });
});
