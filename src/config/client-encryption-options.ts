/**
 * cassandra.yaml's `client_encryption_options` (Cassandra 4.0/4.1 names and meaning): TLS for the
 * client ports, CQL and Thrift. Only the parse and the checks that need no file are here; the key
 * material is read by the server (src/server/node-tls.ts).
 *
 *   client_encryption_options:
 *     enabled: true                 # TLS on the client ports
 *     optional: false               # true: TLS and plaintext on one port (unset: Cassandra's rule,
 *                                   #   true when not enabled and the keystore file exists)
 *     require_client_auth: false    # clients must present a certificate the truststore trusts
 *     protocol: TLS                 # TLS, or one version (TLSv1.2) when accepted_protocols is unset
 *     accepted_protocols: [TLSv1.2, TLSv1.3]
 *     cipher_suites: [TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, …]   # Java/IANA or OpenSSL names
 *     keystore: conf/.keystore      # PKCS12 (keystore_type: PKCS12), or PEM with the factory below
 *     keystore_password: cassandra
 *     keystore_type: PKCS12         # store_type is the older name; JKS is refused with how to convert
 *     truststore: conf/.truststore  # PEM certificates (a PKCS12 truststore is refused: convert it)
 *     truststore_password: cassandra
 *     ssl_context_factory:
 *       class_name: org.apache.cassandra.security.PEMBasedSslContextFactory   # or DefaultSslContextFactory
 *
 * `server_encryption_options` (internode messaging) takes the same key material keys plus
 * internode_encryption (none, all, dc, rack) and require_endpoint_verification (ServerEncryptionOptions below).
 *
 * A key Ilium cannot honour (an unknown key, another factory, JCEKS, inline PEM parameters,
 * algorithm other than SunX509, require_endpoint_verification) is a ConfigurationError naming it.
 */
import { ConfigurationError } from '../errors/index.js';

export type TlsProtocolName = 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';
/** How the keystore is read: PKCS12 (DefaultSslContextFactory) or PEM (PEMBasedSslContextFactory). */
export type KeystoreFormat = 'PKCS12' | 'PEM';

export interface ClientEncryptionOptions {
  readonly enabled: boolean;
  /** null: unset (Cassandra decides from `enabled` and whether the keystore file exists). */
  readonly optional: boolean | null;
  readonly require_client_auth: boolean;
  /** The protocol versions accepted, oldest first; null: node's defaults (TLSv1.2 and TLSv1.3). */
  readonly protocols: readonly TlsProtocolName[] | null;
  /** As given (Java/IANA or OpenSSL names); null: the defaults. */
  readonly cipher_suites: readonly string[] | null;
  readonly keystore: string;
  readonly keystore_password: string | null;
  readonly format: KeystoreFormat;
  readonly truststore: string | null;
  readonly truststore_password: string | null;
}

export const DEFAULT_CLIENT_ENCRYPTION_OPTIONS: ClientEncryptionOptions = Object.freeze({
  enabled: false,
  optional: null,
  require_client_auth: false,
  protocols: null,
  cipher_suites: null,
  keystore: 'conf/.keystore',
  keystore_password: null,
  format: 'PKCS12',
  truststore: null,
  truststore_password: null,
} satisfies ClientEncryptionOptions);

const PROTOCOLS: readonly TlsProtocolName[] = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];
const PEM_FACTORY = 'org.apache.cassandra.security.PEMBasedSslContextFactory';
const DEFAULT_FACTORY = 'org.apache.cassandra.security.DefaultSslContextFactory';
const KEYS = new Set([
  'enabled', 'optional', 'require_client_auth', 'protocol', 'accepted_protocols', 'cipher_suites', 'keystore', 'keystore_password',
  'keystore_type', 'store_type', 'truststore', 'truststore_password', 'truststore_type', 'ssl_context_factory', 'algorithm',
  'require_endpoint_verification',
]);

/** Validates the YAML mapping under client_encryption_options. */
export function parseClientEncryptionOptions(value: unknown): ClientEncryptionOptions {
  if (value === null) return DEFAULT_CLIENT_ENCRYPTION_OPTIONS;
  const v = mappingOf(value, 'client_encryption_options', KEYS);
  if (v['require_endpoint_verification'] === true) throw cannot('require_endpoint_verification', 'true (clients are not verified by host name; use require_client_auth)');
  return parseEncryptionOptions(v, 'client_encryption_options');
}

export type InternodeEncryption = 'none' | 'all' | 'dc' | 'rack';

/**
 * `server_encryption_options`: TLS on internode messaging (storage_port). The same key material
 * keys, plus `internode_encryption` (none, all, dc: only to nodes of other data centers, rack: only
 * to nodes of other racks) and `require_endpoint_verification` (a peer's certificate must name its
 * address). As Cassandra 4.0, `enabled` is refused (internode_encryption says it), and so is the
 * legacy ssl_storage_port.
 */
export interface ServerEncryptionOptions extends ClientEncryptionOptions {
  readonly internode_encryption: InternodeEncryption;
  readonly require_endpoint_verification: boolean;
}

export const DEFAULT_SERVER_ENCRYPTION_OPTIONS: ServerEncryptionOptions = Object.freeze({ ...DEFAULT_CLIENT_ENCRYPTION_OPTIONS, internode_encryption: 'none', require_endpoint_verification: false } satisfies ServerEncryptionOptions);

/** `legacy_ssl_storage_port_enabled` is 4.1's name for `enable_legacy_ssl_storage_port`. */
const SERVER_KEYS = new Set([...KEYS, 'internode_encryption', 'enable_legacy_ssl_storage_port', 'legacy_ssl_storage_port_enabled', 'outbound_keystore', 'outbound_keystore_password']);

export function parseServerEncryptionOptions(value: unknown): ServerEncryptionOptions {
  const prefix = 'server_encryption_options';
  if (value === null) return DEFAULT_SERVER_ENCRYPTION_OPTIONS;
  const v = mappingOf(value, prefix, SERVER_KEYS);
  if (v['enabled'] !== undefined) throw new ConfigurationError(`${prefix}.enabled: not used for internode messaging (Cassandra 4.0): set internode_encryption to all, dc or rack`);
  for (const k of ['enable_legacy_ssl_storage_port', 'legacy_ssl_storage_port_enabled']) {
    if (v[k] === true) throw cannot(k, 'true (TLS goes on storage_port)', prefix);
  }
  for (const k of ['outbound_keystore', 'outbound_keystore_password']) if (v[k] !== undefined && v[k] !== null) throw cannot(k, 'a separate outbound keystore (keystore serves both directions)', prefix);
  const mode = str(v, 'internode_encryption', prefix) ?? 'none';
  if (!['none', 'all', 'dc', 'rack'].includes(mode)) throw cannot('internode_encryption', `${mode} (none, all, dc or rack)`, prefix);
  const base = parseEncryptionOptions(v, prefix);
  return Object.freeze({ ...base, enabled: mode !== 'none', internode_encryption: mode as InternodeEncryption, require_endpoint_verification: bool(v, 'require_endpoint_verification', prefix) ?? false });
}

/** The mapping under `prefix`, its keys checked against `keys`. */
export function mappingOf(value: unknown, prefix: string, keys: ReadonlySet<string>): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigurationError(`${prefix} must be a mapping of keys to values`);
  const v = value as Record<string, unknown>;
  for (const k of Object.keys(v)) if (!keys.has(k)) throw new ConfigurationError(`${prefix}.${k}: unknown key (Ilium knows ${[...keys].join(', ')})`);
  return v;
}

/** The keys client and server encryption options share; `prefix` names them in errors. */
export function parseEncryptionOptions(v: Record<string, unknown>, prefix: string): ClientEncryptionOptions {
  const cannot = (key: string, what: string) => new ConfigurationError(`${prefix}.${key}: Ilium cannot honour ${what}`);
  if (v['algorithm'] !== undefined && v['algorithm'] !== 'SunX509') throw cannot('algorithm', `${String(v['algorithm'])} (only the default SunX509 key manager)`);
  const format = formatOf(v, prefix);
  return Object.freeze({
    enabled: bool(v, 'enabled', prefix) ?? false,
    optional: bool(v, 'optional', prefix),
    require_client_auth: bool(v, 'require_client_auth', prefix) ?? false,
    protocols: protocolsOf(v, prefix),
    cipher_suites: stringList(v, 'cipher_suites', prefix),
    keystore: str(v, 'keystore', prefix) ?? DEFAULT_CLIENT_ENCRYPTION_OPTIONS.keystore,
    keystore_password: str(v, 'keystore_password', prefix),
    format,
    truststore: str(v, 'truststore', prefix),
    truststore_password: str(v, 'truststore_password', prefix),
  });
}

function cannot(key: string, what: string, prefix = 'client_encryption_options'): ConfigurationError {
  return new ConfigurationError(`${prefix}.${key}: Ilium cannot honour ${what}`);
}

function formatOf(v: Record<string, unknown>, prefix: string): KeystoreFormat {
  const factory = v['ssl_context_factory'];
  let pem = false;
  if (factory !== undefined && factory !== null) {
    const f = factory as { class_name?: unknown; parameters?: unknown };
    if (typeof f !== 'object' || typeof f.class_name !== 'string') throw new ConfigurationError(`${prefix}.ssl_context_factory must be a mapping with class_name`);
    if (f.parameters !== undefined && f.parameters !== null) throw cannot('ssl_context_factory.parameters', 'inline key material (private_key, trusted_certificates): put the PEM in files named by keystore and truststore', prefix);
    if (f.class_name === PEM_FACTORY || f.class_name === 'PEMBasedSslContextFactory') pem = true;
    else if (f.class_name !== DEFAULT_FACTORY && f.class_name !== 'DefaultSslContextFactory') throw cannot('ssl_context_factory.class_name', `${f.class_name} (${DEFAULT_FACTORY} or ${PEM_FACTORY})`, prefix);
  }
  const keyType = str(v, 'keystore_type', prefix) ?? str(v, 'store_type', prefix);
  const key = v['keystore_type'] !== undefined ? 'keystore_type' : 'store_type';
  if (pem) {
    if (keyType !== null && keyType.toUpperCase() !== 'PEM') throw cannot(key, `${keyType} with PEMBasedSslContextFactory (its keystore is a PEM file: omit ${key} or say PEM)`, prefix);
    return 'PEM';
  }
  // JKS is Cassandra's default store type; the file is checked when read (a PKCS12 file passes, as Java reads it).
  if (keyType === null || keyType.toUpperCase() === 'PKCS12' || keyType.toUpperCase() === 'JKS') return 'PKCS12';
  if (keyType.toUpperCase() === 'PEM') throw cannot(key, `PEM without ssl_context_factory: {class_name: ${PEM_FACTORY}}`, prefix);
  throw cannot(key, `${keyType} (PKCS12, or PEM with ${PEM_FACTORY})`, prefix);
}

/** Cassandra 4.0: accepted_protocols when given, else `protocol` if it names one version, else the defaults. */
function protocolsOf(v: Record<string, unknown>, prefix: string): readonly TlsProtocolName[] | null {
  const accepted = stringList(v, 'accepted_protocols', prefix);
  const protocol = str(v, 'protocol', prefix);
  const names = accepted ?? (protocol === null || protocol === 'TLS' ? null : [protocol]);
  if (names === null) return null;
  const key = accepted !== null ? 'accepted_protocols' : 'protocol';
  const indexes = names.map((n) => {
    const i = PROTOCOLS.indexOf(n as TlsProtocolName);
    if (i < 0) throw cannot(key, `${n} (TLS, ${PROTOCOLS.join(', ')})`, prefix);
    return i;
  });
  if (indexes.length === 0) throw new ConfigurationError(`${prefix}.accepted_protocols must name at least one protocol`);
  const lo = Math.min(...indexes);
  const hi = Math.max(...indexes);
  // node:tls accepts a range of versions: a gap (TLSv1 and TLSv1.3 without those between) cannot be honoured.
  if (new Set(indexes).size !== hi - lo + 1) throw cannot(key, `${names.join(', ')}: the versions must be consecutive`, prefix);
  return Object.freeze(PROTOCOLS.slice(lo, hi + 1));
}

function bool(v: Record<string, unknown>, key: string, prefix: string): boolean | null {
  const x = v[key];
  if (x === undefined || x === null) return null;
  if (typeof x !== 'boolean') throw new ConfigurationError(`${prefix}.${key} must be true or false, got ${JSON.stringify(x)}`);
  return x;
}

function str(v: Record<string, unknown>, key: string, prefix: string): string | null {
  const x = v[key];
  if (x === undefined || x === null) return null;
  if (typeof x !== 'string' && typeof x !== 'number') throw new ConfigurationError(`${prefix}.${key} must be a string, got ${JSON.stringify(x)}`);
  return String(x);
}

function stringList(v: Record<string, unknown>, key: string, prefix: string): readonly string[] | null {
  const x = v[key];
  if (x === undefined || x === null) return null;
  const list = typeof x === 'string' ? x.split(',').map((s) => s.trim()) : x;
  if (!Array.isArray(list) || list.some((s) => typeof s !== 'string' || s.length === 0)) throw new ConfigurationError(`${prefix}.${key} must be a list of names`);
  return Object.freeze([...(list as string[])]);
}
