import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCqlTestNode, type CqlTestNode } from '../../../test/support/cql-test-node.js';
import { InvalidRequestError, UnauthorizedError, AuthenticationError } from '../../errors/index.js';
import { type ClientState, type CqlResult, queryOptions } from '../execution/index.js';
import { AUTH_KEYSPACE, authKeyspaceDef, ensureAuthKeyspace, systemTableId } from './auth-keyspace.js';
import { SeededRandom } from '../../env/index.js';

function as(user: string | undefined): ClientState {
  return { keyspace: undefined, ...(user === undefined ? {} : { user }), warn: () => undefined };
}

describe('roles (CassandraRoleManager) on one node', () => {
  let n: CqlTestNode;
  const run = (user: string | undefined, cql: string): Promise<CqlResult> => n.prepare(cql).execute(as(user), queryOptions());
  const rows = async (user: string, cql: string) => {
    const r = await run(user, cql);
    if (r.kind !== 'rows') return [];
    return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i] == null ? null : c.type.compose(row[i]!)])));
  };

  before(async () => {
    n = await openCqlTestNode();
    assert.equal(await ensureAuthKeyspace(n.ctx.keeper, n.env.random), true);
    assert.equal(await ensureAuthKeyspace(n.ctx.keeper, n.env.random), false, 'made once');
    assert.equal(await n.ctx.roles.setupDefaultRole(), true);
    assert.equal(await n.ctx.roles.setupDefaultRole(), false, 'not while a role exists');
  });
  after(() => n.close());

  it('system_auth has Cassandra 4.0 tables with ids fixed by name, visible in system_schema', async () => {
    const ks = n.ctx.schema().keyspace(AUTH_KEYSPACE)!;
    assert.deepEqual(ks.tables.map((t) => t.name).sort(), ['network_permissions', 'resource_role_permissons_index', 'role_members', 'role_permissions', 'roles']);
    assert.equal(ks.tables.find((t) => t.name === 'roles')!.id, systemTableId('system_auth', 'roles'));
    assert.equal(JSON.stringify(authKeyspaceDef(new SeededRandom(1))), JSON.stringify(authKeyspaceDef(new SeededRandom(2))), 'the same on every node');
    // Cassandra's id for system_auth.roles (TableId.forSystemTable)
    assert.equal(systemTableId('system_auth', 'roles'), '5bc52802-de25-35ed-aeab-188eecebb090');
    const cols = await n.rows("SELECT column_name FROM system_schema.columns WHERE keyspace_name = 'system_auth' AND table_name = 'roles'");
    assert.deepEqual(cols.map((c) => c.column_name).sort(), ['can_login', 'is_superuser', 'member_of', 'role', 'salted_hash']);
    await assert.rejects(async () => run('cassandra', 'DROP KEYSPACE system_auth'), /Cannot DROP <keyspace system_auth>/);
    await run('cassandra', "ALTER KEYSPACE system_auth WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  });

  it('the default superuser logs in; wrong passwords and unknown roles are refused alike', async () => {
    await n.ctx.roles.authenticate('cassandra', 'cassandra');
    await assert.rejects(n.ctx.roles.authenticate('cassandra', 'nope'), (e: unknown) => e instanceof AuthenticationError && e.message === 'Provided username cassandra and/or password are incorrect');
    await assert.rejects(n.ctx.roles.authenticate('ghost', 'x'), /Provided username ghost and\/or password are incorrect/);
    const hash = (await n.rows("SELECT salted_hash FROM system_auth.roles WHERE role = 'cassandra'"))[0]!.salted_hash as string;
    assert.match(hash, /^\$2[ab]\$10\$/, 'bcrypt, cost 10');
  });

  it('CREATE ROLE / USER, login rules, LIST ROLES and LIST USERS', async () => {
    await run('cassandra', "CREATE ROLE alice WITH PASSWORD = 'pw' AND LOGIN = true");
    await assert.rejects(run('cassandra', "CREATE ROLE alice WITH PASSWORD = 'pw'"), (e: unknown) => e instanceof InvalidRequestError && e.message === 'alice already exists');
    assert.equal((await run('cassandra', "CREATE ROLE IF NOT EXISTS alice")).kind, 'void');
    await run('cassandra', 'CREATE ROLE nologin');
    await run('cassandra', "CREATE USER bob WITH PASSWORD 'b' NOSUPERUSER");
    await n.ctx.roles.authenticate('alice', 'pw');
    await n.ctx.roles.authenticate('bob', 'b');
    await run('cassandra', "ALTER ROLE nologin WITH PASSWORD = 'x'");
    await assert.rejects(n.ctx.roles.authenticate('nologin', 'x'), /^AuthenticationError: nologin is not permitted to log in$|nologin is not permitted to log in/);
    assert.deepEqual(await rows('alice', 'LIST ROLES'), [
      { role: 'alice', super: false, login: true, options: new Map() },
      { role: 'bob', super: false, login: true, options: new Map() },
      { role: 'cassandra', super: true, login: true, options: new Map() },
      { role: 'nologin', super: false, login: false, options: new Map() },
    ]);
    assert.deepEqual((await rows('alice', 'LIST USERS')).map((r) => [r.name, r.super, r.datacenters]), [['alice', false, 'ALL'], ['bob', false, 'ALL'], ['cassandra', true, 'ALL']]);
  });

  it('only logged-in superusers manage roles; a role changes its own password', async () => {
    await assert.rejects(run(undefined, 'CREATE ROLE x'), (e: unknown) => e instanceof UnauthorizedError && /You have to be logged in and not anonymous/.test(e.message));
    await assert.rejects(run('alice', 'CREATE ROLE x'), (e: unknown) => e instanceof UnauthorizedError && e.message === 'User alice does not have sufficient privileges to perform the requested operation');
    await assert.rejects(run('alice', 'DROP ROLE bob'), /User alice does not have sufficient privileges to perform the requested operation$/);
    await assert.rejects(run('cassandra', 'DROP ROLE cassandra'), /Cannot DROP primary role for current login/);
    await assert.rejects(run('alice', 'ALTER ROLE alice WITH LOGIN = false'), /You aren't allowed to alter LOGIN/);
    await assert.rejects(run('alice', 'ALTER ROLE alice WITH SUPERUSER = true'), /You aren't allowed to alter your own superuser status/);
    await run('alice', "ALTER ROLE alice WITH PASSWORD = 'pw2'");
    await n.ctx.roles.authenticate('alice', 'pw2');
    await assert.rejects(run('cassandra', 'ALTER ROLE ghost WITH LOGIN = true'), /ghost doesn't exist/);
    // Access before existence, as Cassandra's QueryProcessor (authorize, then validate): no leak to a non-superuser.
    await assert.rejects(run('alice', 'ALTER ROLE ghost WITH LOGIN = true'), /User alice does not have sufficient privileges to perform the requested operation$/);
    await assert.rejects(run('alice', 'DROP ROLE ghost'), /User alice does not have sufficient privileges to perform the requested operation$/);
    await assert.rejects(run('cassandra', 'DROP ROLE ghost'), /ghost doesn't exist/);
    assert.equal((await run('cassandra', 'DROP ROLE IF EXISTS ghost')).kind, 'void');
    await assert.rejects(async () => run('cassandra', "CREATE ROLE r WITH OPTIONS = {'a': 'b'}"), /org.apache.cassandra.auth.CassandraRoleManager doesn't support OPTIONS/);
    await assert.rejects(async () => run('cassandra', 'ALTER ROLE alice'), /ALTER \[ROLE\|USER\] can't be empty/);
  });

  it('GRANT / REVOKE with inheritance: superuser status flows through granted roles', async () => {
    await run('cassandra', 'CREATE ROLE admins WITH SUPERUSER = true');
    await run('cassandra', 'CREATE ROLE ops');
    await run('cassandra', 'GRANT admins TO ops');
    await run('cassandra', 'GRANT ops TO alice');
    await assert.rejects(run('cassandra', 'GRANT alice TO admins'), /alice is a member of admins/);
    await assert.rejects(run('cassandra', 'GRANT ops TO alice'), /alice is a member of ops/);
    assert.deepEqual((await rows('cassandra', 'LIST ROLES OF alice')).map((r) => r.role), ['admins', 'alice', 'ops']);
    assert.deepEqual((await rows('cassandra', 'LIST ROLES OF alice NORECURSIVE')).map((r) => r.role), ['alice', 'ops']);
    await run('alice', 'CREATE ROLE made_by_alice');
    await run('cassandra', 'REVOKE ops FROM alice');
    await assert.rejects(run('cassandra', 'REVOKE ops FROM alice'), /alice is not a member of ops/);
    await assert.rejects(run('alice', 'CREATE ROLE y'), /User alice does not have sufficient privileges to perform the requested operation/);
    await run('cassandra', 'DROP ROLE ops');
    assert.deepEqual((await n.rows("SELECT member_of FROM system_auth.roles WHERE role = 'alice'"))[0]!.member_of, null);
    assert.deepEqual(await n.rows("SELECT * FROM system_auth.role_members WHERE role = 'ops'"), []);
    await assert.rejects(run('cassandra', 'LIST ROLES OF ghost'), (e: unknown) => e instanceof Error && e.message === "<role ghost> doesn't exist");
  });
});

describe('system_auth made on every node converges', () => {
  it('two nodes that each made it agree without a change; an ALTER made anywhere wins over stamp 0', async () => {
    const { initialVersions, mergeKeyspaces } = await import('../../service/keyspace-versions.js');
    const { Schema, keyspaceToJson } = await import('../../schema/index.js');
    const a = Schema.EMPTY.addKeyspace(authKeyspaceDef(new SeededRandom(1)));
    const b = Schema.EMPTY.addKeyspace(authKeyspaceDef(new SeededRandom(2)));
    assert.equal(a.version, b.version, 'the same schema version on both');
    const same = mergeKeyspaces(a, initialVersions(a), [...initialVersions(b).values()]);
    assert.deepEqual(same.changed, []);
    const altered = b.updateKeyspace(AUTH_KEYSPACE, { replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
    const merged = mergeKeyspaces(a, initialVersions(a), [{ name: AUTH_KEYSPACE, stamp: 1_000n, definition: keyspaceToJson(altered.keyspace(AUTH_KEYSPACE)!) }]);
    assert.deepEqual(merged.changed, [AUTH_KEYSPACE]);
    assert.equal(merged.schema.keyspace(AUTH_KEYSPACE)!.replication.options['replication_factor'], '3');
  });
});

describe('RoleManager.authenticate when the roles cannot be read', () => {
  it('is an AuthenticationError saying why, as Cassandra\'s PasswordAuthenticator', async () => {
    const { RoleManager } = await import('./role-manager.js');
    const { PasswordHasher } = await import('./password-hash.js');
    const { UnavailableError } = await import('../../errors/index.js');
    const { tempEnv } = await import('../../../test/support/temp-env.js');
    const t = tempEnv('ilium-roles-');
    try {
      const roles = new RoleManager({
        env: t.env, passwords: true, validityMs: 2000, credentialsValidityMs: 2000, hasher: new PasswordHasher(4),
        query: () => Promise.reject(new UnavailableError('Cannot achieve consistency level LOCAL_ONE', 'LOCAL_ONE', 1, 0)),
      });
      await assert.rejects(roles.authenticate('alice', 'pw'), (e: unknown) => e instanceof AuthenticationError && /^Unable to perform authentication: Cannot achieve consistency level LOCAL_ONE/.test(e.message));
    } finally {
      t.cleanup();
    }
  });
});

describe('credentials_validity_in_ms', () => {
  it('a login trusts the salted hash it read for that long; a change made on this node applies at once; 0 reads every time', async () => {
    const { RoleManager } = await import('./role-manager.js');
    const { PasswordHasher } = await import('./password-hash.js');
    const { createSimEnv } = await import('../../env/index.js');
    const hasher = new PasswordHasher(4);
    let hash = await hasher.hash('old');
    for (const credentialsValidityMs of [1000, 0]) {
      const env = createSimEnv(1);
      let reads = 0;
      const row = () => [Buffer.from('alice'), Buffer.from([0]), Buffer.from([1]), Buffer.from(hash), null];
      const roles = new RoleManager({
        env, passwords: true, validityMs: 0, credentialsValidityMs, hasher,
        query: (cql) => {
          if (cql.startsWith('SELECT role, is_superuser')) reads++;
          return Promise.resolve({ kind: 'rows', columns: [], rows: cql.startsWith('SELECT') ? [row()] : [] });
        },
      });
      hash = await hasher.hash('old');
      await roles.authenticate('alice', 'old');
      // The password changes elsewhere: this node keeps the hash it read until it expires.
      hash = await hasher.hash('new');
      if (credentialsValidityMs > 0) {
        await roles.authenticate('alice', 'old');
        assert.equal(reads, 1, 'the second login used the cached hash');
        env.clock.advanceMs(credentialsValidityMs + 1);
      }
      await assert.rejects(roles.authenticate('alice', 'old'), AuthenticationError);
      await roles.authenticate('alice', 'new');
      // A change made through this node drops its cache at once.
      await roles.alterRole('alice', { login: false });
      hash = await hasher.hash('newer');
      await roles.authenticate('alice', 'newer');
      assert.equal(reads, credentialsValidityMs > 0 ? 3 : 4);
    }
  });
});
