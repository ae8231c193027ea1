/** EXECUTE on user-defined functions with CassandraAuthorizer: calls in SELECT and writes, CREATE AGGREGATE's functions. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCqlTestNode, type CqlTestNode } from '../../../test/support/cql-test-node.js';
import { UnauthorizedError } from '../../errors/index.js';
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
});
