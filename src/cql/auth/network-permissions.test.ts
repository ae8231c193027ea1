/**
 * CassandraNetworkAuthorizer on one node (data centre 'datacenter1'): ACCESS TO DATACENTERS kept
 * in system_auth.network_permissions, checked on every request of a logged-in role, shown by
 * LIST USERS, gone with the role; AllowAllNetworkAuthorizer refuses the clause; AllowAllAuthorizer
 * refuses the permission statements with its messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCqlTestNode, type CqlTestNode } from '../../../test/support/cql-test-node.js';
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { QueryProcessor } from '../../server/query-processor.js';
import { type ClientState, queryOptions } from '../execution/index.js';
import { ensureAuthKeyspace } from './auth-keyspace.js';

const as = (user: string): ClientState => ({ keyspace: undefined, user, warn: () => undefined });
const failsWith = (type: new (...a: never[]) => Error, message: string) => (e: unknown) => e instanceof type && e.message === message;

async function authNode(networkAuthorizer: boolean, authorizer = true): Promise<{ n: CqlTestNode; p: QueryProcessor }> {
  const n = await openCqlTestNode({ auth: { passwords: true, rolesValidityMs: 0, bcryptRounds: 4, authorizer, permissionsValidityMs: 0, networkAuthorizer } });
  await ensureAuthKeyspace(n.ctx.keeper, n.env.random);
  await n.ctx.roles.setupDefaultRole();
  return { n, p: new QueryProcessor(n.ctx) };
}

describe('CassandraNetworkAuthorizer', () => {
  let n: CqlTestNode;
  let p: QueryProcessor;
  const run = (user: string, cql: string) => p.run(p.prepareText(cql, undefined), as(user), queryOptions());
  /** Rows as text, read as the node itself (no checks). */
  const rows = async (cql: string): Promise<string[]> => {
    const r = await p.prepareText(cql, undefined).execute(as('cassandra'), queryOptions());
    return r.kind === 'rows' ? r.rows.map((row) => r.columns.map((c, i) => (row[i] == null ? 'null' : c.type.toString(row[i]!))).join(' | ')) : [];
  };

  before(async () => {
    ({ n, p } = await authNode(true));
  });
  after(() => n.close());

  it('ACCESS TO DATACENTERS is stored, listed, and must name data centres of the ring', async () => {
    await run('cassandra', "CREATE ROLE dave WITH PASSWORD = 'd' AND LOGIN = true AND ACCESS TO DATACENTERS {'datacenter1'}");
    await run('cassandra', "CREATE USER erin WITH PASSWORD 'e'");
    assert.deepEqual(await rows("SELECT role, dcs FROM system_auth.network_permissions WHERE role = 'dave'"), ["dave | {'datacenter1'}"]);
    assert.deepEqual(await rows('LIST USERS'), ['cassandra | true | ALL', 'dave | false | datacenter1', 'erin | false | ALL']);
    await assert.rejects(
      run('cassandra', "CREATE ROLE nowhere WITH LOGIN = true AND ACCESS TO DATACENTERS {'dc9'}"),
      failsWith(InvalidRequestError, "Invalid value(s) for DATACENTERS '[dc9]',All values must be valid datacenters"),
    );
    await run('dave', 'SELECT * FROM system.local');
  });

  it('a role kept out of this data centre is refused on every request, until given access again', async () => {
    // As another data centre's node would have stored it (the ring here has one data centre).
    await run('cassandra', "UPDATE system_auth.network_permissions SET dcs = {'dc2'} WHERE role = 'dave'");
    const refusal = failsWith(UnauthorizedError, 'You do not have access to this datacenter (datacenter1)');
    await assert.rejects(run('dave', 'SELECT * FROM system.local'), refusal);
    await assert.rejects(run('dave', 'LIST ROLES'), refusal);
    // A role may not widen its own access (Ilium; see alter-role.ts); a superuser may.
    await assert.rejects(run('erin', 'ALTER ROLE erin WITH ACCESS TO ALL DATACENTERS'), failsWith(UnauthorizedError, "You aren't allowed to alter ACCESS TO DATACENTERS"));
    await run('cassandra', 'ALTER ROLE dave WITH ACCESS TO ALL DATACENTERS');
    await run('dave', 'SELECT * FROM system.local');
    assert.deepEqual(await rows('LIST USERS'), ['cassandra | true | ALL', 'dave | false | ALL', 'erin | false | ALL']);
    // A superuser reaches every data centre whatever its row says.
    await run('cassandra', "UPDATE system_auth.network_permissions SET dcs = {'dc2'} WHERE role = 'cassandra'");
    await run('cassandra', 'SELECT * FROM system.local');
  });

  it('DROP ROLE removes its network_permissions row', async () => {
    await run('cassandra', 'DROP ROLE dave');
    assert.deepEqual(await rows("SELECT role FROM system_auth.network_permissions WHERE role = 'dave'"), []);
  });
});

describe('AllowAllNetworkAuthorizer', () => {
  it('refuses ACCESS TO DATACENTERS with Cassandra’s message', async () => {
    const { n, p } = await authNode(false);
    try {
      const run = async (cql: string) => p.run(p.prepareText(cql, undefined), as('cassandra'), queryOptions());
      const refusal = failsWith(InvalidRequestError, 'ACCESS TO DATACENTERS operations not supported by AllowAllNetworkAuthorizer');
      await assert.rejects(run("CREATE ROLE r WITH LOGIN = true AND ACCESS TO DATACENTERS {'datacenter1'}"), refusal);
      await assert.rejects(run('ALTER ROLE cassandra WITH ACCESS TO ALL DATACENTERS'), refusal);
    } finally {
      await n.close();
    }
  });
});

describe('AllowAllAuthorizer', () => {
  it('refuses GRANT, REVOKE and LIST PERMISSIONS each with its own message (AllowAllAuthorizer.grant/revoke/list)', async () => {
    const { n, p } = await authNode(false, false);
    try {
      const run = async (cql: string) => p.run(p.prepareText(cql, undefined), as('cassandra'), queryOptions());
      await run('CREATE ROLE r');
      await assert.rejects(run('GRANT SELECT ON ALL KEYSPACES TO r'), failsWith(InvalidRequestError, 'GRANT operation is not supported by AllowAllAuthorizer'));
      await assert.rejects(run('REVOKE SELECT ON ALL KEYSPACES FROM r'), failsWith(InvalidRequestError, 'REVOKE operation is not supported by AllowAllAuthorizer'));
      await assert.rejects(run('LIST ALL PERMISSIONS'), failsWith(InvalidRequestError, 'LIST PERMISSIONS operation is not supported by AllowAllAuthorizer'));
      // Regression: a role without superuser status got CassandraAuthorizer's "not authorized to view" instead.
      await run("CREATE ROLE plain WITH PASSWORD = 'p' AND LOGIN = true");
      await assert.rejects(p.run(p.prepareText('LIST ALL PERMISSIONS', undefined), as('plain'), queryOptions()), failsWith(InvalidRequestError, 'LIST PERMISSIONS operation is not supported by AllowAllAuthorizer'));
    } finally {
      await n.close();
    }
  });
});
