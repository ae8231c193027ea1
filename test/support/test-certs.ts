/**
 * Certificates made at test time with the openssl command (Debian's openssl package, /usr/bin/openssl):
 * a CA, server certificates for one IP address (IP subjectAltName, P-256 keys), a client
 * certificate, and the key stores Cassandra's client_encryption_options names — a PEM keystore
 * (key + chain, its key encrypted with a password), a PKCS12 keystore, a PEM truststore.
 *
 *   const certs = makeTestCerts('127.0.0.67');
 *   … keystore: certs.serverPem, keystore_password: certs.password, truststore: certs.caPem …
 *   certs.dispose();
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const OPENSSL = '/usr/bin/openssl';

export interface ServerCert {
  /** PEM: the encrypted private key, the certificate, the CA (PEMBasedSslContextFactory's keystore). */
  readonly pem: string;
  /** PKCS12 with the same key and chain. */
  readonly p12: string;
  /** The certificate's serial number as node:tls reports it (upper-case hex). */
  readonly serial: string;
}

export interface TestCerts {
  readonly dir: string;
  /** The password of the encrypted PEM key and of the PKCS12 store. */
  readonly password: string;
  /** The CA certificate (PEM): the truststore, and what clients verify the node with. */
  readonly caPem: string;
  readonly ca: Buffer;
  readonly server: ServerCert;
  /** Another certificate for the same address (hot reloading). */
  readonly server2: ServerCert;
  /** A client certificate and its unencrypted key (PEM), signed by the CA. */
  readonly clientKey: string;
  readonly clientCert: string;
  dispose(): void;
}

function openssl(dir: string, args: readonly string[]): void {
  execFileSync(OPENSSL, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function makeTestCerts(ip: string): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-certs-'));
  const password = 'cassandra';
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(dir, ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Ilium Test CA']);
  const sign = (name: string, cn: string, ext: string): void => {
    writeFileSync(join(dir, `${name}.ext`), ext);
    openssl(dir, ['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`]);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`]);
  };
  const server = (name: string): ServerCert => {
    sign(name, ip, `subjectAltName=IP:${ip}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth,clientAuth\n`);
    openssl(dir, ['pkey', '-in', `${name}.key`, '-aes256', '-passout', `pass:${password}`, '-out', `${name}.enc.key`]);
    const pem = join(dir, `${name}.pem`);
    writeFileSync(pem, [`${name}.enc.key`, `${name}.crt`, 'ca.pem'].map((f) => readFileSync(join(dir, f), 'utf8')).join(''));
    openssl(dir, ['pkcs12', '-export', '-inkey', `${name}.key`, '-in', `${name}.crt`, '-certfile', 'ca.pem', '-passout', `pass:${password}`, '-out', `${name}.p12`]);
    const serial = execFileSync(OPENSSL, ['x509', '-in', `${name}.crt`, '-noout', '-serial'], { cwd: dir, encoding: 'utf8' }).trim().replace(/^serial=/, '');
    return { pem, p12: join(dir, `${name}.p12`), serial };
  };
  const s1 = server('server');
  const s2 = server('server2');
  sign('client', 'ilium-test-client', 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n');
  const caPem = join(dir, 'ca.pem');
  return {
    dir, password, caPem, ca: readFileSync(caPem), server: s1, server2: s2,
    clientKey: join(dir, 'client.key'), clientCert: join(dir, 'client.crt'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface NodeCerts {
  readonly dir: string;
  /** The password of each node's encrypted PEM key. */
  readonly password: string;
  /** The CA certificate (PEM): every node's truststore. */
  readonly caPem: string;
  /** Per IP address: a PEM keystore (encrypted key, certificate, CA) valid for that address (and `alsoFor`), for serverAuth and clientAuth. */
  readonly pemFor: Readonly<Record<string, string>>;
  dispose(): void;
}

/**
 * One CA and one node certificate per address in `ips` (IP subjectAltName; with `alsoFor` more IPs
 * on each, e.g. 127.0.0.1 for an admin port bound there), at `<dir>/node-<ip>.pem`.
 */
export function makeNodeCerts(ips: readonly string[], alsoFor: readonly string[] = []): NodeCerts {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-certs-'));
  const password = 'cassandra';
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(dir, ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Ilium Test CA']);
  const pemFor: Record<string, string> = {};
  for (const ip of ips) {
    const name = `node-${ip}`;
    const sans = [ip, ...alsoFor.filter((a) => a !== ip)].map((a) => `IP:${a}`).join(',');
    writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${sans}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth,clientAuth\n`);
    openssl(dir, ['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${ip}`]);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`]);
    openssl(dir, ['pkey', '-in', `${name}.key`, '-aes256', '-passout', `pass:${password}`, '-out', `${name}.enc.key`]);
    const pem = join(dir, `${name}.pem`);
    writeFileSync(pem, [`${name}.enc.key`, `${name}.crt`, 'ca.pem'].map((f) => readFileSync(join(dir, f), 'utf8')).join(''));
    pemFor[ip] = pem;
  }
  return { dir, password, caPem: join(dir, 'ca.pem'), pemFor, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
