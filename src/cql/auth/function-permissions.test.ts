/**
 * Permissions on user-defined functions with CassandraAuthorizer: EXECUTE for calls in SELECT and
 * writes (on the overload a call resolves to) and for CREATE AGGREGATE's functions; grants on one function (GRANT/REVOKE/LIST ON
 * FUNCTION ks.f(types)); the creator's grants; CREATE OR REPLACE and DROP; grants gone with the
 * function or its keyspace.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCqlTestNode, type CqlTestNode } from '../../../test/support/cql-test-node.js';
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { QueryProcessor } from '../../server/query-processor.js';
import { type ClientState, queryOptions } from '../execution/index.js';
import { ensureAuthKeyspace } from './auth-keyspace.js';

const as = (user: string): ClientState => ({ keyspace: undefined, user, warn: () => undefined });
const refusedWith = (message: string) => (e: unknown) => e instanceof UnauthorizedError && e.message === message;

describe('EXECUTE on user-defined functions', () => {
  let n: CqlTestNode;
  let p: QueryProcessor;
  const run = (user: string, cql: string) => p.run(p.prepareText(cql, undefined), as(user), queryOptions());

  before(async () => {
    n = await openCqlTestNode({
      auth: { passwords: true, rolesValidityMs: 0, bcryptRounds: 4, authorizer: true, permissionsValidityMs: 0 },
      udf: { enabled: true, scriptedEnabled: true, warnTimeoutMs: 500, failTimeoutMs: 1500 },
    });
    await ensureAuthKeyspace(n.ctx.keeper, n.env.random);
    await n.ctx.roles.setupDefaultRole();
    p = new QueryProcessor(n.ctx);
    await run('cassandra', "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await run('cassandra', 'CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    await run('cassandra', "CREATE FUNCTION ks.inc(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x + 1'");
    await run('cassandra', "CREATE ROLE bob WITH PASSWORD = 'b' AND LOGIN = true");
    await run('cassandra', 'GRANT SELECT ON KEYSPACE ks TO bob');
    await run('cassandra', 'GRANT MODIFY ON KEYSPACE ks TO bob');
    await run('cassandra', 'GRANT CREATE ON ALL FUNCTIONS IN KEYSPACE ks TO bob');
  });
  after(() => n.close());

  it('a call of a user function needs EXECUTE on it (or its keyspace’s functions); natives need none', async () => {
    const refusal = refusedWith('User bob has no EXECUTE permission on <function ks.inc(int)> or any of its parents');
    await assert.rejects(run('bob', 'SELECT ks.inc(v) FROM ks.t'), refusal);
    await assert.rejects(run('bob', 'INSERT INTO ks.t (k, v) VALUES (1, ks.inc(1))'), refusal);
    await run('bob', 'SELECT writetime(v), system.blobasint(intasblob(v)) FROM ks.t');
    await run('cassandra', 'GRANT EXECUTE ON ALL FUNCTIONS IN KEYSPACE ks TO bob');
    await run('bob', 'INSERT INTO ks.t (k, v) VALUES (1, ks.inc(1))');
    const r = await run('bob', 'SELECT ks.inc(v) FROM ks.t');
    assert.ok(r.kind === 'rows' && r.rows[0]![0]!.readInt32BE() === 3);
    await run('cassandra', 'REVOKE EXECUTE ON ALL FUNCTIONS IN KEYSPACE ks FROM bob');
  });

  it('CREATE AGGREGATE needs EXECUTE on its state and final functions', async () => {
    await run('cassandra', "CREATE FUNCTION ks.st(s int, x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 's + x'");
    await assert.rejects(run('bob', 'CREATE AGGREGATE ks.agg(int) SFUNC st STYPE int INITCOND 0'), refusedWith('User bob has no EXECUTE permission on <function ks.st(int, int)> or any of its parents'));
    await run('cassandra', 'GRANT EXECUTE ON ALL FUNCTIONS TO bob');
    await run('bob', 'CREATE AGGREGATE ks.agg(int) SFUNC st STYPE int INITCOND 0');
  });

  const rowsOf = async (cql: string): Promise<string[]> => {
    const r = await run('cassandra', cql);
    return r.kind === 'rows' ? r.rows.map((row) => row.map((c) => c?.toString('utf8')).join(' | ')) : [];
  };

  it('GRANT EXECUTE ON FUNCTION ks.f(int): the one overload, stored under its type class names, listed, revoked', async () => {
    await run('cassandra', 'REVOKE EXECUTE ON ALL FUNCTIONS FROM bob');
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.inc(int) TO bob');
    assert.deepEqual(await rowsOf('LIST ALL ON FUNCTION ks.inc(int) OF bob NORECURSIVE'), ['bob | bob | <function ks.inc(int)> | EXECUTE']);
    const stored = await rowsOf("SELECT resource FROM system_auth.role_permissions WHERE role = 'bob'");
    assert.ok(stored.includes('functions/ks/inc[org.apache.cassandra.db.marshal.Int32Type]'), stored.join(', '));
    await run('bob', 'SELECT ks.inc(v) FROM ks.t');
    await run('cassandra', 'REVOKE EXECUTE ON FUNCTION ks.inc(int) FROM bob');
    await assert.rejects(run('bob', 'SELECT ks.inc(v) FROM ks.t'), refusedWith('User bob has no EXECUTE permission on <function ks.inc(int)> or any of its parents'));
    await assert.rejects(run('cassandra', 'GRANT SELECT ON FUNCTION ks.inc(int) TO bob'), (e: unknown) => e instanceof Error && e.message === 'Resource type FunctionResource does not support any of the requested permissions');
    await assert.rejects(run('cassandra', 'GRANT EXECUTE ON ALL FUNCTIONS IN KEYSPACE system TO bob'), (e: unknown) => e instanceof InvalidRequestError && e.message === 'Altering permissions on builtin functions is not supported');
  });

  it('the creator holds ALTER, DROP, AUTHORIZE and EXECUTE on what it made; OR REPLACE needs ALTER, DROP needs DROP', async () => {
    await run('cassandra', "CREATE ROLE carol WITH PASSWORD = 'c' AND LOGIN = true");
    await run('cassandra', 'GRANT CREATE ON ALL FUNCTIONS IN KEYSPACE ks TO carol');
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.st(int, int) TO carol');
    await run('carol', "CREATE FUNCTION ks.twice(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'");
    assert.deepEqual(await rowsOf('LIST ALL ON FUNCTION ks.twice(int) NORECURSIVE'), ['ALTER', 'DROP', 'AUTHORIZE', 'EXECUTE'].map((p) => `carol | carol | <function ks.twice(int)> | ${p}`));
    await run('carol', "CREATE OR REPLACE FUNCTION ks.twice(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x + x'");
    await assert.rejects(run('bob', "CREATE OR REPLACE FUNCTION ks.twice(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x'"), refusedWith('User bob has no ALTER permission on <function ks.twice(int)> or any of its parents'));
    await assert.rejects(run('bob', 'DROP FUNCTION ks.twice'), refusedWith('User bob has no DROP permission on <function ks.twice(int)> or any of its parents'));
    await run('carol', 'CREATE AGGREGATE ks.total(int) SFUNC st STYPE int INITCOND 0');
    await assert.rejects(run('bob', 'DROP AGGREGATE ks.total(int)'), refusedWith('User bob has no DROP permission on <function ks.total(int)> or any of its parents'));
    await run('cassandra', 'GRANT DROP ON FUNCTION ks.total(int) TO bob');
    await run('bob', 'DROP AGGREGATE ks.total(int)');
    // The dropped aggregate's grants went with it: carol's and bob's.
    assert.deepEqual((await rowsOf('SELECT resource FROM system_auth.role_permissions')).filter((r) => r.startsWith('functions/ks/total')), []);
    await run('carol', 'DROP FUNCTION ks.twice');
    assert.deepEqual((await rowsOf('SELECT resource FROM system_auth.role_permissions')).filter((r) => r.startsWith('functions/ks/twice')), []);
    await assert.rejects(run('cassandra', 'LIST ALL ON FUNCTION ks.twice(int)'), (e: unknown) => e instanceof InvalidRequestError && e.message === "<function ks.twice(int)> doesn't exist");
  });

  it('dropping the keyspace removes the grants on its functions', async () => {
    await run('cassandra', "CREATE KEYSPACE ks2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await run('cassandra', "CREATE FUNCTION ks2.f(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x'");
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks2.f(int) TO bob');
    await run('cassandra', 'DROP KEYSPACE ks2');
    assert.deepEqual((await rowsOf('SELECT resource FROM system_auth.role_permissions')).filter((r) => r.includes('ks2')), []);
  });

  it('a function over a collection and a user type: granted, listed back from its stored name', async () => {
    await run('cassandra', 'CREATE TYPE ks.pt (x int, y int)');
    await run('cassandra', "CREATE FUNCTION ks.size(l list<int>, p pt) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS '1'");
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.size(list<int>, pt) TO bob');
    assert.deepEqual(await rowsOf('LIST EXECUTE ON FUNCTION ks.size(list<int>, pt) OF bob NORECURSIVE'), ['bob | bob | <function ks.size(list<int>, pt)> | EXECUTE']);
    assert.ok((await rowsOf('LIST ALL PERMISSIONS OF bob')).includes('bob | bob | <function ks.size(list<int>, pt)> | EXECUTE'));
  });

  // Regression: a call needed EXECUTE on every overload of its name (Cassandra checks the one the
  // call resolves to: SelectStatement / ModificationStatement.authorize over getFunctions).
  it('a call needs EXECUTE on the overload it resolves to only; an aggregate also on its state and final functions', async () => {
    await run('cassandra', "CREATE FUNCTION ks.ov(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x'");
    await run('cassandra', "CREATE FUNCTION ks.ov(x text) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS 'x'");
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.ov(int) TO bob');
    await run('bob', 'SELECT ks.ov(v) FROM ks.t');
    await run('bob', 'SELECT v FROM ks.t WHERE k = ks.ov(1)');
    await run('bob', 'UPDATE ks.t SET v = ks.ov(2) WHERE k = 1');
    await run('bob', 'BEGIN BATCH UPDATE ks.t SET v = ks.ov(3) WHERE k = 1; APPLY BATCH');
    const prepared = p.prepareText('SELECT ks.ov(v) FROM ks.t WHERE k = ?', undefined);
    await p.run(prepared, as('bob'), queryOptions([Buffer.from([0, 0, 0, 1])]));
    const text = refusedWith('User bob has no EXECUTE permission on <function ks.ov(text)> or any of its parents');
    await assert.rejects(run('bob', "SELECT ks.ov('a') FROM ks.t"), text);
    await assert.rejects(run('bob', "SELECT v FROM ks.t WHERE k = 1 AND v = blobasint(textasblob(ks.ov('a'))) ALLOW FILTERING"), text);

    await run('cassandra', "CREATE FUNCTION ks.fin(s int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 's * 10'");
    await run('cassandra', 'CREATE AGGREGATE ks.tenfold(int) SFUNC st STYPE int FINALFUNC fin INITCOND 0');
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.tenfold(int) TO bob');
    await assert.rejects(run('bob', 'SELECT ks.tenfold(v) FROM ks.t'), refusedWith('User bob has no EXECUTE permission on <function ks.st(int, int)> or any of its parents'));
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.st(int, int) TO bob');
    await assert.rejects(run('bob', 'SELECT ks.tenfold(v) FROM ks.t'), refusedWith('User bob has no EXECUTE permission on <function ks.fin(int)> or any of its parents'));
    await run('cassandra', 'GRANT EXECUTE ON FUNCTION ks.fin(int) TO bob');
    const r = await run('bob', 'SELECT ks.tenfold(v) FROM ks.t WHERE k = 1');
    assert.ok(r.kind === 'rows' && r.rows[0]![0]!.readInt32BE() === 30);
  });
});
