/**
 * login() over the node's Authenticator: 0.7 clients send a credentials map with `username` and
 * `password` (SimpleAuthenticator's keys), which is the SASL PLAIN token the native protocol's
 * PasswordAuthenticator checks, so both protocols accept the same users. No authenticator, or one
 * that needs no authentication, lets anyone in (as the user named, else `anonymous`).
 */
import type { NetAddress } from '../../env/index.js';
import type { Authenticator } from '../../transport/index.js';
import type { AuthenticationRequest } from './cassandra-service.js';
import { ThriftException } from './thrift-exceptions.js';

/** The user name the credentials authenticate; AuthenticationException otherwise. */
export async function authenticate(authenticator: Authenticator | undefined, client: NetAddress, request: AuthenticationRequest): Promise<string> {
  const credentials = request?.credentials;
  if (!(credentials instanceof Map)) throw new ThriftException('AuthenticationException', 'Authentication request is missing its credentials');
  if (authenticator === undefined || !authenticator.requiresAuthentication) return credentials.get('username') ?? 'anonymous';
  const user = credentials.get('username');
  const password = credentials.get('password');
  for (const [key, v] of [['username', user], ['password', password]] as const) {
    if (typeof v !== 'string') throw new ThriftException('AuthenticationException', `Authentication request was missing the required key '${key}'`);
  }
  const token = Buffer.concat([Buffer.from([0]), Buffer.from(user!, 'utf8'), Buffer.from([0]), Buffer.from(password!, 'utf8')]);
  const step = await authenticator.newNegotiator(client).evaluate(token);
  if (!step.done) throw new ThriftException('AuthenticationException', `${authenticator.className} needs more than one step, which login() cannot carry`);
  return step.user;
}
