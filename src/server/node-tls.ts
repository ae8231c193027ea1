/**
 * TLS key material of one port family — the client ports from `client_encryption_options`, or
 * internode messaging from `server_encryption_options` (src/config/client-encryption-options.ts):
 * the key material read through `Env.fs`, the port's policy, and Cassandra 4.0's hot reloading —
 * every `reloadPeriodMs` (Cassandra: 10 minutes) the files are read again and, when their bytes
 * changed, new connections get the new certificate; open connections keep theirs. A reload that
 * fails (a half-written file) keeps the old material and logs `tls_reload_failed`.
 *
 * Policy (Cassandra 4.0's EncryptionOptions): `optional` when set decides; unset, it is true when
 * TLS is not enabled and the keystore file exists (a node preparing to move to TLS). Not enabled
 * and not optional: plaintext only. Material Ilium cannot read fails the start with one line
 * naming the key (a JKS keystore says how to convert it).
 */
import { resolve } from 'node:path';
import { getCiphers } from 'node:tls';
import type { ClientEncryptionOptions } from '../config/index.js';
import type { Env, TimerHandle, TlsClientOptions, TlsMaterial, TlsServerOptions } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import type { NodeLogger } from './node-logger.js';

/** Cassandra 4.0 checks the certificate files every 10 minutes. */
export const TLS_RELOAD_PERIOD_MS = 600_000;

const JKS_MAGIC = 0xfeedfeed;
const JCEKS_MAGIC = 0xcececece;

/** The files one context is made of, read together. */
interface KeyFiles {
  readonly keystore: Buffer;
  readonly truststore: Buffer | undefined;
}

export class NodeTls {
  private files: KeyFiles;
  private material: TlsMaterial;
  private timer: TimerHandle | undefined;

  private constructor(
    private readonly env: Env,
    private readonly options: ClientEncryptionOptions,
    readonly optional: boolean,
    private readonly log: NodeLogger,
    /** The cassandra.yaml key errors name. */
    private readonly key: string,
  ) {
    this.files = this.readFiles();
    this.material = materialOf(options, this.files, key);
  }

  /**
   * The TLS of the ports `options` configure (`key` names them in errors), or undefined when they
   * speak plaintext only. `optional` overrides Cassandra's rule for an unset `optional`.
   */
  static load(env: Env, options: ClientEncryptionOptions, log: NodeLogger, key = 'client_encryption_options', optional?: boolean): NodeTls | undefined {
    const isOptional = options.optional ?? optional ?? (!options.enabled && env.fs.existsSync(resolve(options.keystore)));
    if (!options.enabled && !isOptional) return undefined;
    return new NodeTls(env, options, isOptional, log, key);
  }

  /** What a connection to a peer presents and checks (internode): our certificate, the truststore. */
  clientOptions(verifyHostname: boolean): TlsClientOptions {
    return { ...this.material, verifyHostname };
  }

  /** What a client port listens with. */
  serverOptions(): TlsServerOptions {
    return {
      optional: this.optional,
      requireClientAuth: this.options.require_client_auth,
      material: () => this.material,
      onMaterialRefused: (e) => this.log.error('tls_reload_failed', { error: e.message }),
    };
  }

  /** Checks the files every `periodMs` until `stop()`. */
  startReloading(periodMs: number = TLS_RELOAD_PERIOD_MS): void {
    this.timer ??= this.env.timers.setInterval(() => this.reloadIfChanged(), periodMs);
  }

  /** Reads the files again; true when they changed and the new material is in use for new connections. */
  reloadIfChanged(): boolean {
    try {
      const files = this.readFiles();
      if (files.keystore.equals(this.files.keystore) && sameBytes(files.truststore, this.files.truststore)) return false;
      this.material = materialOf(this.options, files, this.key);
      this.files = files;
      this.log.info('tls_reloaded', { key: this.key, keystore: this.options.keystore, truststore: this.options.truststore });
      return true;
    } catch (e) {
      this.log.error('tls_reload_failed', { error: (e as Error).message });
      return false;
    }
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  private readFiles(): KeyFiles {
    const o = this.options;
    if (o.require_client_auth && o.truststore === null) throw new ConfigurationError(`${this.key}.truststore: require_client_auth needs a truststore (PEM certificates of the CAs that sign client certificates)`);
    return { keystore: this.read('keystore', o.keystore), truststore: o.truststore === null ? undefined : this.read('truststore', o.truststore) };
  }

  private read(key: string, path: string): Buffer {
    try {
      return this.env.fs.readFileSync(resolve(path));
    } catch (e) {
      throw new ConfigurationError(`${this.key}.${key}: cannot read ${resolve(path)}: ${(e as Error).message}`, { cause: e });
    }
  }
}

function sameBytes(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.equals(b);
}

/** The node:tls material of `files` as `o` describes them. */
function materialOf(o: ClientEncryptionOptions, files: KeyFiles, prefix: string): TlsMaterial {
  const m: { -readonly [K in keyof TlsMaterial]: TlsMaterial[K] } = {};
  const path = resolve(o.keystore);
  if (o.format === 'PEM') {
    const text = files.keystore.toString('latin1');
    if (!/-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/.test(text) || !text.includes('-----BEGIN CERTIFICATE-----')) {
      throw new ConfigurationError(`${prefix}.keystore: ${path} must be a PEM file with the private key and the certificate chain (PEMBasedSslContextFactory)`);
    }
    m.key = files.keystore;
    m.cert = files.keystore;
  } else {
    const magic = files.keystore.length >= 4 ? files.keystore.readUInt32BE(0) : 0;
    if (magic === JKS_MAGIC || magic === JCEKS_MAGIC) {
      const kind = magic === JKS_MAGIC ? 'JKS' : 'JCEKS';
      throw new ConfigurationError(
        `${prefix}.keystore: ${path} is a ${kind} keystore, which Ilium cannot read; convert it to PKCS12 with ` +
          `keytool -importkeystore -srckeystore ${path} -srcstoretype ${kind} -destkeystore ${path}.p12 -deststoretype PKCS12, ` +
          `then set keystore: ${path}.p12 and keystore_type: PKCS12`,
      );
    }
    if (files.keystore[0] !== 0x30) throw new ConfigurationError(`${prefix}.keystore: ${path} is not a PKCS12 keystore (for a PEM file use ssl_context_factory: {class_name: org.apache.cassandra.security.PEMBasedSslContextFactory})`);
    m.pfx = files.keystore;
  }
  if (o.keystore_password !== null) m.passphrase = o.keystore_password;
  if (files.truststore !== undefined) {
    if (!files.truststore.toString('latin1').includes('-----BEGIN CERTIFICATE-----')) {
      const t = resolve(o.truststore ?? '');
      throw new ConfigurationError(`${prefix}.truststore: ${t} must be PEM certificates; convert a PKCS12 truststore with openssl pkcs12 -in ${t} -nokeys -out ${t}.pem`);
    }
    m.ca = files.truststore;
  }
  if (o.protocols !== null) {
    m.minVersion = o.protocols[0]!;
    m.maxVersion = o.protocols[o.protocols.length - 1]!;
  }
  if (o.cipher_suites !== null) m.ciphers = o.cipher_suites.map((s) => cipherName(s, prefix)).join(':');
  return Object.freeze(m);
}

/** Java's key exchanges as OpenSSL spells them in suite names ('' for plain RSA). */
const prefix_EXCHANGES: Readonly<Record<string, string>> = { ECDHE_ECDSA: 'ECDHE-ECDSA-', ECDHE_RSA: 'ECDHE-RSA-', DHE_RSA: 'DHE-RSA-', RSA: '' };
/** Java's cipher-and-MAC parts as OpenSSL spells them. */
const CIPHERS: Readonly<Record<string, string>> = {
  AES_128_GCM_SHA256: 'AES128-GCM-SHA256', AES_256_GCM_SHA384: 'AES256-GCM-SHA384', CHACHA20_POLY1305_SHA256: 'CHACHA20-POLY1305',
  AES_128_CBC_SHA: 'AES128-SHA', AES_256_CBC_SHA: 'AES256-SHA', AES_128_CBC_SHA256: 'AES128-SHA256', AES_256_CBC_SHA384: 'AES256-SHA384', AES_256_CBC_SHA256: 'AES256-SHA256',
};

/**
 * A cipher suite of cipher_suites as node:tls names it: TLS 1.3 suites and OpenSSL names as they
 * are, Java's TLS_<kx>_WITH_<cipher> names translated; one node's OpenSSL does not know is refused.
 */
export function cipherName(suite: string, prefix = 'client_encryption_options'): string {
  const known = new Set(getCiphers());
  if (known.has(suite.toLowerCase())) return suite;
  const m = /^(?:TLS|SSL)_(.+)_WITH_(.+)$/.exec(suite);
  const kx = m === null ? undefined : prefix_EXCHANGES[m[1]!];
  const cipher = m === null ? undefined : CIPHERS[m[2]!];
  const name = kx === undefined || cipher === undefined ? undefined : `${kx}${cipher}`;
  if (name === undefined || !known.has(name.toLowerCase())) throw new ConfigurationError(`${prefix}.cipher_suites: Ilium cannot honour ${suite} (not a cipher suite of this node's OpenSSL)`);
  return name;
}
