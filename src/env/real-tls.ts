/**
 * TLS for the node:net network (`real-network.ts`): a node:tls server that is never listened on,
 * fed the sockets the plain listener accepts, so one listener serves TLS, plaintext, or both
 * (`optional`). A connection's first bytes decide when both are served: a TLS record header
 * carrying a handshake starts 0x16 (handshake) 0x03 (major version of SSL 3 to TLS 1.3); a CQL
 * frame starts with its version (0x01…0x05) and a Thrift frame with its length (a frame of 0x16…
 * bytes would be over 369 MB, far above thrift_framed_transport_size_in_mb). New key material is
 * taken at the next accept when `TlsServerOptions.material()` returns another object (hot reloading).
 */
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { TlsClientOptions, TlsMaterial, TlsServerOptions } from './network.js';

/** The first two bytes of a TLS handshake record. */
const TLS_HANDSHAKE = 0x16;
const TLS_MAJOR_VERSION = 0x03;

/** node:tls's secure-context options from `m` (absent fields left to node's defaults). */
export function secureContextOptionsOf(m: TlsMaterial): tls.SecureContextOptions {
  const o: tls.SecureContextOptions = {};
  if (m.key !== undefined) o.key = m.key;
  if (m.cert !== undefined) o.cert = m.cert;
  if (m.pfx !== undefined) o.pfx = m.pfx;
  if (m.passphrase !== undefined) o.passphrase = m.passphrase;
  if (m.ca !== undefined) o.ca = m.ca;
  if (m.minVersion !== undefined) o.minVersion = m.minVersion;
  if (m.maxVersion !== undefined) o.maxVersion = m.maxVersion;
  if (m.ciphers !== undefined) o.ciphers = m.ciphers;
  return o;
}

/**
 * Returns what to do with each accepted plain socket: hand it to `onSecure` once TLS is up or to
 * `onPlain` as it is. Throws (node's message) when the starting material is refused.
 */
export function tlsAcceptor(options: TlsServerOptions, onSecure: (s: net.Socket) => void, onPlain: (s: net.Socket) => void): (s: net.Socket) => void {
  let material = options.material();
  const server = new tls.Server({ ...secureContextOptionsOf(material), requestCert: options.requireClientAuth, rejectUnauthorized: options.requireClientAuth }, onSecure);
  // A failed handshake (plaintext on a TLS-only port, no client certificate…) ends that socket only.
  server.on('tlsClientError', (_err, socket) => socket.destroy());
  const secure = (s: net.Socket): void => {
    const now = options.material();
    if (now !== material) {
      try {
        server.setSecureContext(secureContextOptionsOf(now));
      } catch (e) {
        options.onMaterialRefused(e as Error);
      }
      material = now;
    }
    server.emit('connection', s);
  };
  return options.optional ? (s) => sniff(s, (isTls) => (isTls ? secure(s) : onPlain(s))) : secure;
}

/** Waits for two bytes (or fewer if the peer stops sending), puts them back, then decides. */
function sniff(s: net.Socket, decide: (isTls: boolean) => void): void {
  let head = Buffer.alloc(0);
  const done = (): void => {
    s.off('data', onData);
    s.off('end', done);
    s.pause();
    if (head.length > 0) s.unshift(head);
    const isTls = head[0] === TLS_HANDSHAKE && head[1] === TLS_MAJOR_VERSION;
    decide(isTls);
    // A plaintext handler attached its 'data' listener by now; node:tls reads what was put back
    // itself (resuming the plain socket would hand those bytes to no one).
    if (!isTls) s.resume();
  };
  const onData = (chunk: Buffer): void => {
    head = Buffer.concat([head, chunk]);
    if (head.length >= 2) done();
  };
  s.on('data', onData);
  s.on('end', done);
}

/** node:tls.connect's options for a client of `host:port`. */
export function tlsConnectOptionsOf(host: string, port: number, o: TlsClientOptions): tls.ConnectionOptions {
  const c: tls.ConnectionOptions = { host, port, ...secureContextOptionsOf(o), rejectUnauthorized: o.rejectUnauthorized ?? true };
  // An IP address is checked against the certificate's IP SANs; SNI carries host names only.
  if (o.verifyHostname === false) c.checkServerIdentity = () => undefined;
  if (o.servername !== undefined) c.servername = o.servername;
  else if (net.isIP(host) === 0) c.servername = host;
  return c;
}
