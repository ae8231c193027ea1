/**
 * Cassandra's CassandraRoleManager over `system_auth` (auth-keyspace.ts): roles, their options
 * and memberships read and written with internal CQL through the node's DataStore, so the ring
 * replicates them as any keyspace. Levels as Cassandra's: LOCAL_ONE for every role but the
 * default superuser 'cassandra', which is read and written at QUORUM; LIST ROLES without OF
 * reads every role at QUORUM.
 *
 * A role's row is cached for `roles_validity_in_ms` (0: no cache), bounded to
 * `ROLES_CACHED_MAX` entries; a change made here drops this node's cache, other nodes see it
 * when their entry expires, as with Cassandra's RolesCache. A login reads the role's salted hash
 * and LOGIN through a cache of its own, for `credentials_validity_in_ms` (Cassandra's
 * CredentialsCache): a changed password takes over on the other nodes within that time. The default superuser
 * cassandra/cassandra is made by `setupDefaultRole` (the node calls it after a delay, once the
 * ring is known) only while no role exists at all, checked at ONE, then QUORUM.
 */
import { AuthenticationError, InvalidRequestError } from '../../errors/index.js';
import type { Env } from '../../env/index.js';
import { BOOLEAN_TYPE, SetType, UTF8_TYPE } from '../../marshal/index.js';
import type { BoundValue, Consistency, RowsResult } from '../execution/index.js';
import { AUTH_KEYSPACE, ROLES, ROLE_MEMBERS } from './auth-keyspace.js';
import { PasswordHasher, isBcryptHash } from './password-hash.js';
import { ExpiringCache } from './expiring-cache.js';
import type { DcGrant } from './network-authorizer.js';
import { pushAll } from '../../util/push-all.js';

export const DEFAULT_SUPERUSER_NAME = 'cassandra';
const DEFAULT_SUPERUSER_PASSWORD = 'cassandra';
export const ROLES_CACHED_MAX = 1000;
export const ROLE_MANAGER_CLASS = 'org.apache.cassandra.auth.CassandraRoleManager';

/** Runs one CQL statement as the node itself (no user, no permission checks). */
export type InternalQuery = (cql: string, values: readonly BoundValue[], consistency: Consistency) => Promise<RowsResult | null>;

export interface Role {
  readonly name: string;
  readonly isSuper: boolean;
  readonly canLogin: boolean;
  readonly saltedHash: string | null;
  readonly memberOf: readonly string[];
}

/** What CREATE/ALTER ROLE set; absent: not given. */
export interface RoleChanges {
  readonly login?: boolean;
  readonly superuser?: boolean;
  readonly password?: string;
  /** Already a bcrypt hash (HASHED PASSWORD). */
  readonly hashedPassword?: string;
  /** ACCESS TO [ALL] DATACENTERS: kept by the network authorizer, not in the role's row. */
  readonly datacenters?: DcGrant;
}

export interface RoleManagerOptions {
  readonly env: Env;
  readonly query: InternalQuery;
  /** True under PasswordAuthenticator: PASSWORD is then a supported (and alterable) option. */
  readonly passwords: boolean;
  /** roles_validity_in_ms (Cassandra's default 2000). */
  readonly validityMs: number;
  /** credentials_validity_in_ms (Cassandra's default 2000). */
  readonly credentialsValidityMs: number;
  readonly hasher: PasswordHasher;
}

export type RoleOption = 'LOGIN' | 'SUPERUSER' | 'PASSWORD' | 'HASHED_PASSWORD' | 'OPTIONS' | 'ACCESS TO DATACENTERS';

export class RoleManager {
  private readonly roles: ExpiringCache<Role | null>;
  private readonly credentials: ExpiringCache<Role | null>;

  constructor(private readonly o: RoleManagerOptions) {
    this.roles = new ExpiringCache(o.env.clock, o.validityMs, ROLES_CACHED_MAX);
    this.credentials = new ExpiringCache(o.env.clock, o.credentialsValidityMs, ROLES_CACHED_MAX);
  }

  /** The options CREATE ROLE accepts under the configured authenticator. */
  supports(option: RoleOption): boolean {
    if (option === 'LOGIN' || option === 'SUPERUSER') return true;
    return (option === 'PASSWORD' || option === 'HASHED_PASSWORD') && this.o.passwords;
  }

  /** The options a role may change on itself without being a superuser. */
  alterableByItself(option: RoleOption): boolean {
    return (option === 'PASSWORD' || option === 'HASHED_PASSWORD') && this.o.passwords;
  }

  /** The role's row (cached), or null when there is no such role. */
  getRole(name: string): Promise<Role | null> {
    return this.roles.get(name, () => this.readRole(name));
  }

  private async readRole(name: string): Promise<Role | null> {
    const rows = await this.o.query(`SELECT role, is_superuser, can_login, salted_hash, member_of FROM ${AUTH_KEYSPACE}.${ROLES} WHERE role = ?`, [text(name)], consistencyForRole(name));
    return rows === null || rows.rows.length === 0 ? null : roleOf(rows.rows[0]!);
  }

  async exists(name: string): Promise<boolean> {
    return (await this.getRole(name)) !== null;
  }

  async createRole(name: string, changes: RoleChanges): Promise<void> {
    const hash = await this.hashOf(changes);
    await this.write(
      `INSERT INTO ${AUTH_KEYSPACE}.${ROLES} (role, is_superuser, can_login, salted_hash) VALUES (?, ?, ?, ?)`,
      [text(name), bool(changes.superuser ?? false), bool(changes.login ?? false), hash === undefined ? null : text(hash)],
      name,
    );
  }

  async alterRole(name: string, changes: RoleChanges): Promise<void> {
    const sets: string[] = [];
    const values: BoundValue[] = [];
    if (changes.login !== undefined) sets.push('can_login = ?') && values.push(bool(changes.login));
    if (changes.superuser !== undefined) sets.push('is_superuser = ?') && values.push(bool(changes.superuser));
    const hash = await this.hashOf(changes);
    if (hash !== undefined) sets.push('salted_hash = ?') && values.push(text(hash));
    if (sets.length === 0) return;
    await this.write(`UPDATE ${AUTH_KEYSPACE}.${ROLES} SET ${sets.join(', ')} WHERE role = ?`, [...values, text(name)], name);
  }

  /** Drops the role, takes it out of every role it was granted to and from its members. */
  async dropRole(name: string): Promise<void> {
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${ROLES} WHERE role = ?`, [text(name)], name);
    const members = await this.o.query(`SELECT member FROM ${AUTH_KEYSPACE}.${ROLE_MEMBERS} WHERE role = ?`, [text(name)], consistencyForRole(name));
    for (const row of members?.rows ?? []) await this.modifyMembership(textOf(row[0]!), name, '-');
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${ROLE_MEMBERS} WHERE role = ?`, [text(name)], name);
  }

  /** GRANT role TO grantee; refused when it would make a cycle or is already so. */
  async grantRole(role: string, grantee: string): Promise<void> {
    if ((await this.getRoles(grantee, true)).has(role)) throw new InvalidRequestError(`${grantee} is a member of ${role}`);
    if ((await this.getRoles(role, true)).has(grantee)) throw new InvalidRequestError(`${role} is a member of ${grantee}`);
    await this.modifyMembership(grantee, role, '+');
    await this.write(`INSERT INTO ${AUTH_KEYSPACE}.${ROLE_MEMBERS} (role, member) VALUES (?, ?)`, [text(role), text(grantee)], role);
  }

  async revokeRole(role: string, revokee: string): Promise<void> {
    if (!(await this.getRoles(revokee, false)).has(role)) throw new InvalidRequestError(`${revokee} is not a member of ${role}`);
    await this.modifyMembership(revokee, role, '-');
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${ROLE_MEMBERS} WHERE role = ? AND member = ?`, [text(role), text(revokee)], role);
  }

  /** The role itself and the roles granted to it: directly, or through others when `inherited`. */
  async getRoles(name: string, inherited: boolean): Promise<Set<string>> {
    const out = new Set<string>();
    const first = await this.getRole(name);
    if (first === null) return out;
    out.add(first.name);
    let frontier = [...first.memberOf];
    while (frontier.length > 0) {
      const next: string[] = [];
      for (const r of frontier) {
        if (out.has(r)) continue;
        const role = await this.getRole(r);
        if (role === null) continue;
        out.add(r);
        if (inherited) pushAll(next, role.memberOf);
      }
      frontier = next;
    }
    return out;
  }

  /** Every role, read at QUORUM. */
  async getAllRoles(): Promise<Set<string>> {
    const rows = await this.o.query(`SELECT role FROM ${AUTH_KEYSPACE}.${ROLES}`, [], 'QUORUM');
    return new Set((rows?.rows ?? []).map((r) => textOf(r[0]!)));
  }

  /** True when the role or any role granted to it, directly or not, is a superuser. */
  async hasSuperuserStatus(name: string): Promise<boolean> {
    for (const r of await this.getRoles(name, true)) if ((await this.getRole(r))?.isSuper === true) return true;
    return false;
  }

  /**
   * PasswordAuthenticator's check (Cassandra's messages): unknown role or wrong password are the
   * same error; a role without LOGIN is refused once the password is right; a read that fails
   * (Unavailable, a timeout) is an AuthenticationError saying so.
   */
  async authenticate(user: string, password: string): Promise<void> {
    let role: Role | null;
    try {
      role = await this.credentials.get(user, () => this.readRole(user));
    } catch (e) {
      // Too few replicas, a timeout: Cassandra's PasswordAuthenticator says so in the login error.
      throw new AuthenticationError(`Unable to perform authentication: ${(e as Error).message}`);
    }
    const ok = role !== null && role.saltedHash !== null && (await this.o.hasher.check(password, role.saltedHash));
    if (!ok || role === null) throw new AuthenticationError(`Provided username ${user} and/or password are incorrect`);
    if (!role.canLogin) throw new AuthenticationError(`${user} is not permitted to log in`);
  }

  /**
   * Makes cassandra/cassandra a superuser when no role exists (checked at ONE, then QUORUM, as
   * Cassandra does); true when it made it. A failure (too few replicas yet) throws: the caller
   * tries again later.
   */
  async setupDefaultRole(): Promise<boolean> {
    if (await this.hasExistingRoles()) return false;
    const hash = await this.o.hasher.hash(DEFAULT_SUPERUSER_PASSWORD);
    await this.write(
      `INSERT INTO ${AUTH_KEYSPACE}.${ROLES} (role, is_superuser, can_login, salted_hash) VALUES (?, true, true, ?)`,
      [text(DEFAULT_SUPERUSER_NAME), text(hash)],
      DEFAULT_SUPERUSER_NAME,
    );
    return true;
  }

  /** The node is closing: ends the password hasher's worker, if it has one. */
  close(): Promise<void> {
    return this.o.hasher.close();
  }

  /** Forgets every cached role (a change made on this node). */
  invalidate(): void {
    this.roles.clear();
    this.credentials.clear();
  }

  private async hasExistingRoles(): Promise<boolean> {
    const su = `SELECT role FROM ${AUTH_KEYSPACE}.${ROLES} WHERE role = ?`;
    const any = `SELECT role FROM ${AUTH_KEYSPACE}.${ROLES} LIMIT 1`;
    const nonEmpty = (r: RowsResult | null) => r !== null && r.rows.length > 0;
    return nonEmpty(await this.o.query(su, [text(DEFAULT_SUPERUSER_NAME)], 'ONE'))
      || nonEmpty(await this.o.query(su, [text(DEFAULT_SUPERUSER_NAME)], 'QUORUM'))
      || nonEmpty(await this.o.query(any, [], 'QUORUM'));
  }

  private async hashOf(changes: RoleChanges): Promise<string | undefined> {
    if (changes.hashedPassword !== undefined) {
      if (!isBcryptHash(changes.hashedPassword)) throw new InvalidRequestError('Invalid hashed password value. Please use jBcrypt.');
      return changes.hashedPassword;
    }
    return changes.password === undefined ? undefined : this.o.hasher.hash(changes.password);
  }

  private modifyMembership(grantee: string, role: string, op: '+' | '-'): Promise<void> {
    return this.write(`UPDATE ${AUTH_KEYSPACE}.${ROLES} SET member_of = member_of ${op} ? WHERE role = ?`, [textSet([role]), text(grantee)], grantee);
  }

  private async write(cql: string, values: readonly BoundValue[], role: string): Promise<void> {
    this.invalidate();
    try {
      await this.o.query(cql, values, consistencyForRole(role));
    } finally {
      this.invalidate();
    }
  }
}

/** Cassandra's consistencyForRole: QUORUM for the default superuser, LOCAL_ONE for the others. */
export function consistencyForRole(role: string): Consistency {
  return role === DEFAULT_SUPERUSER_NAME ? 'QUORUM' : 'LOCAL_ONE';
}

function roleOf(row: readonly (Buffer | null)[]): Role {
  const members = row[4] == null ? [] : (TEXT_SET_TYPE.compose(row[4]) ?? []);
  return Object.freeze({
    name: textOf(row[0]!),
    isSuper: row[1] != null && BOOLEAN_TYPE.compose(row[1]) === true,
    canLogin: row[2] != null && BOOLEAN_TYPE.compose(row[2]) === true,
    saltedHash: row[3] == null ? null : textOf(row[3]),
    memberOf: Object.freeze([...members] as string[]),
  });
}

/** set<text> in its serialized (whole-value) form, as bound values and result cells carry it. */
const TEXT_SET_TYPE = new SetType<string | null>(UTF8_TYPE, false);
const textSet = (items: readonly string[]): Buffer => TEXT_SET_TYPE.decompose([...items]);
const text = (s: string): Buffer => Buffer.from(s, 'utf8');
const bool = (b: boolean): Buffer => BOOLEAN_TYPE.decompose(b);
const textOf = (b: Buffer | null): string => (b === null ? '' : UTF8_TYPE.compose(b) ?? '');
