import { AuthenticationError } from '../../errors/index.js';
import type { Authenticator, SaslNegotiator, SaslStep } from './authenticator.js';

/**
 * SASL PLAIN against a fixed user → password map, announced under Cassandra's
 * PasswordAuthenticator class name so drivers' plain-text auth providers engage. The token is
 * `authzid NUL user NUL password` (RFC 4616; drivers send an empty authzid). A stand-in until
 * roles live in a system table.
 */
export class PasswordAuthenticator implements Authenticator {
  readonly requiresAuthentication = true;
  readonly className = 'org.apache.cassandra.auth.PasswordAuthenticator';

  constructor(private readonly users: ReadonlyMap<string, string>) {}

  newNegotiator(): SaslNegotiator {
    return { evaluate: (token) => this.check(token) };
  }

  private check(token: Buffer | null): SaslStep {
    if (token === null) throw new AuthenticationError('Provided username and/or password are incorrect');
    const first = token.indexOf(0);
    const second = first < 0 ? -1 : token.indexOf(0, first + 1);
    if (second < 0) throw new AuthenticationError('Provided username and/or password are incorrect');
    const user = token.subarray(first + 1, second).toString('utf8');
    const password = token.subarray(second + 1).toString('utf8');
    const expected = this.users.get(user);
    if (expected === undefined || expected !== password) {
      throw new AuthenticationError('Provided username and/or password are incorrect');
    }
    return { done: true, user, token: null };
  }
}
