/**
 * Waits until a node with `authenticator: PasswordAuthenticator` has made its default superuser
 * cassandra/cassandra (Cassandra makes it superuser_setup_delay_ms after start — tests start nodes
 * with `-Dcassandra.superuser_setup_delay_ms=0` — once no role exists): a CQL login as it succeeds.
 */
import cassandra from 'cassandra-driver';

/** The `ilium start` argument that makes the default superuser at once. */
export const SUPERUSER_AT_ONCE = '-Dcassandra.superuser_setup_delay_ms=0';

/** `sslOptions`: the driver's TLS options, for a node whose client_encryption_options is enabled. */
/** An npm cassandra-driver client of host:port logging in as `user` (not yet connected). */
export function clientAs(host: string, port: number, user: string, password: string, sslOptions?: cassandra.ClientOptions['sslOptions']): cassandra.Client {
  return new cassandra.Client({
    contactPoints: [`${host}:${port}`],
    localDataCenter: 'datacenter1',
    authProvider: new cassandra.auth.PlainTextAuthProvider(user, password),
    ...(sslOptions === undefined ? {} : { sslOptions }),
  });
}

export async function defaultSuperuserReady(host: string, port: number, timeoutMs = 20_000, sslOptions?: cassandra.ClientOptions['sslOptions']): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = clientAs(host, port, 'cassandra', 'cassandra', sslOptions);
    try {
      await client.connect();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`the default superuser cassandra/cassandra was not made on ${host}:${port} within ${timeoutMs} ms (${String(e)})`);
    } finally {
      await client.shutdown();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
