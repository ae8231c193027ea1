/**
 * The security keys of cassandra.yaml Ilium reads, and the start refused for any value it cannot
 * honour (DESIGN §9: a security setting that cannot be honoured stops the start; never a warning
 * only). Each refusal is one ConfigurationError line naming the key.
 *
 *   authorizer               AllowAllAuthorizer, CassandraAuthorizer (with PasswordAuthenticator)
 *   role_manager             CassandraRoleManager
 *   network_authorizer       AllowAllNetworkAuthorizer, CassandraNetworkAuthorizer (with PasswordAuthenticator)
 *   internode_authenticator  AllowAllInternodeAuthenticator
 *   transparent_data_encryption_options   accepted with enabled: false (or no `enabled`) only:
 *   Ilium has no encryption at rest yet.
 * (audit_logging_options is read, and refused where Ilium cannot honour it, by audit-logging-options.ts.)
 *
 * As Cassandra's AuthConfig does, an authorizer or a network authorizer that needs logins is refused
 * with an authenticator that has none ("AllowAllAuthenticator can't be used with
 * CassandraAuthorizer"), before the authorizer itself is looked at. Class names are compared as
 * Cassandra's FBUtilities resolves them: a bare name is in org.apache.cassandra.auth.
 * (client_encryption_options and server_encryption_options are TLS's, elsewhere.)
 */
import { ConfigurationError } from '../errors/index.js';

/** The class-name keys: what Ilium honours for each, and what it knows of but has not built. */
const CLASS_KEYS = {
  authorizer: { honoured: ['AllowAllAuthorizer', 'CassandraAuthorizer'], notYet: [] },
  role_manager: { honoured: ['CassandraRoleManager'], notYet: [] },
  network_authorizer: { honoured: ['AllowAllNetworkAuthorizer', 'CassandraNetworkAuthorizer'], notYet: [] },
  internode_authenticator: { honoured: ['AllowAllInternodeAuthenticator'], notYet: [] },
} as const;

/** The authorizers Ilium runs, by Cassandra's short name. */
export type AuthorizerName = (typeof CLASS_KEYS.authorizer.honoured)[number];
export type NetworkAuthorizerName = (typeof CLASS_KEYS.network_authorizer.honoured)[number];

/** Option maps accepted only while their `enabled` is false. */
const OPTION_KEYS = {
  transparent_data_encryption_options: 'Ilium does not encrypt data at rest',
} as const;

export type SecurityClassKey = keyof typeof CLASS_KEYS;

/** The keys `checkSecuritySettings` owns: resolveNodeConfig neither stores nor reports them. */
export const SECURITY_KEYS: ReadonlySet<string> = new Set([...Object.keys(CLASS_KEYS), ...Object.keys(OPTION_KEYS)]);

/** Cassandra's short name for a class in org.apache.cassandra.auth, or the name as given (another package). */
function authClassName(name: string): string {
  const prefix = 'org.apache.cassandra.auth.';
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/**
 * Refuses the security settings in `given` (a parsed cassandra.yaml mapping with command-line
 * overrides) that Ilium cannot honour; `authenticator` is the one the node will run.
 */
export function checkSecuritySettings(given: Readonly<Record<string, unknown>>, authenticator: string): void {
  const names = new Map<SecurityClassKey, string>();
  for (const key of Object.keys(CLASS_KEYS) as SecurityClassKey[]) {
    const value = given[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length === 0) throw new ConfigurationError(`${key} must be a class name, got ${JSON.stringify(value)}`);
    names.set(key, value);
  }
  const logins = authClassName(authenticator) !== 'AllowAllAuthenticator';
  // Cassandra's order: an authorizer needing logins without an authenticator is refused as such.
  const authorizer = names.get('authorizer');
  if (!logins && authorizer !== undefined && authClassName(authorizer) !== 'AllowAllAuthorizer') {
    throw new ConfigurationError(`${authenticator} can't be used with ${authorizer} (authorizer ${authorizer} needs authenticator: PasswordAuthenticator)`);
  }
  const network = names.get('network_authorizer');
  if (!logins && network !== undefined && authClassName(network) !== 'AllowAllNetworkAuthorizer') {
    throw new ConfigurationError(`${network} can't be used with ${authenticator} (network_authorizer ${network} needs authenticator: PasswordAuthenticator)`);
  }
  for (const [key, name] of names) {
    const { honoured, notYet } = CLASS_KEYS[key];
    const short = authClassName(name);
    if ((honoured as readonly string[]).includes(short)) continue;
    if ((notYet as readonly string[]).includes(short)) {
      throw new ConfigurationError(`${key}: ${name} is not implemented in Ilium yet, so the start is refused rather than run without it (use ${honoured[0]})`);
    }
    throw new ConfigurationError(`${key}: ${name} is not supported by Ilium (only ${honoured.join(' or ')})`);
  }
  for (const key of Object.keys(OPTION_KEYS) as (keyof typeof OPTION_KEYS)[]) checkOptionMap(key, given[key]);
}

/** The authorizer `given` names (after checkSecuritySettings accepted it); AllowAllAuthorizer when unset. */
export function authorizerOf(given: Readonly<Record<string, unknown>>): AuthorizerName {
  const value = given.authorizer;
  return typeof value === 'string' && authClassName(value) === 'CassandraAuthorizer' ? 'CassandraAuthorizer' : 'AllowAllAuthorizer';
}

/** The network authorizer `given` names (after checkSecuritySettings accepted it); AllowAllNetworkAuthorizer when unset. */
export function networkAuthorizerOf(given: Readonly<Record<string, unknown>>): NetworkAuthorizerName {
  const value = given.network_authorizer;
  return typeof value === 'string' && authClassName(value) === 'CassandraNetworkAuthorizer' ? 'CassandraNetworkAuthorizer' : 'AllowAllNetworkAuthorizer';
}

function checkOptionMap(key: keyof typeof OPTION_KEYS, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ConfigurationError(`${key} must be a mapping, got ${JSON.stringify(value)}`);
  const enabled = (value as Record<string, unknown>).enabled;
  if (enabled === undefined || enabled === false) return;
  if (enabled === true) throw new ConfigurationError(`${key}: enabled: true is not supported (${OPTION_KEYS[key]}); set enabled: false or remove the key`);
  throw new ConfigurationError(`${key}.enabled must be true or false, got ${JSON.stringify(enabled)}`);
}
