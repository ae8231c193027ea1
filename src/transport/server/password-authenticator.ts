import { AuthenticationError } from '../../errors/index.js';
import type { Authenticator, SaslNegotiator, SaslStep } from './authenticator.js';

/**
 * Checks a user's password: resolves when they may log in, throws an `AuthenticationError`
 * with the message the client is to see otherwise (the node checks the roles in system_auth).
 */
export type CredentialsCheck = (user: string, password: string) => Promise<void>;

/**
 * SASL PLAIN announced under Cassandra's PasswordAuthenticator class name, so drivers'
 * plain-text auth providers engage. The token is `authzid NUL user NUL password` (RFC 4616;
 * drivers send an empty authzid); the credentials go to the node's check (the roles), or, in
 * tests, to a fixed user → password map.
 */
export class PasswordAuthenticator implements Authenticator {
  readonly requiresAuthentication = true;
  readonly className = 'org.apache.cassandra.auth.PasswordAuthenticator';
  private readonly check: CredentialsCheck;

  constructor(credentials: CredentialsCheck | ReadonlyMap<string, string>) {
    this.check = typeof credentials === 'function' ? credentials : fixedCredentials(credentials);
  }

  newNegotiator(): SaslNegotiator {
    return { evaluate: (token) => this.evaluate(token) };
  }

  private async evaluate(token: Buffer | null): Promise<SaslStep> {
    const first = token === null ? -1 : token.indexOf(0);
    const second = first < 0 || token === null ? -1 : token.indexOf(0, first + 1);
    if (token === null || second < 0) throw new AuthenticationError('Password must not be null');
    const user = token.subarray(first + 1, second).toString('utf8');
    const password = token.subarray(second + 1).toString('utf8');
    if (user.length === 0) throw new AuthenticationError('Authentication ID must not be null');
    await this.check(user, password);
    return { done: true, user, token: null };
  }
}

function fixedCredentials(users: ReadonlyMap<string, string>): CredentialsCheck {
  return async (user, password) => {
    if (users.get(user) !== password) throw new AuthenticationError(`Provided username ${user} and/or password are incorrect`);
  };
}
