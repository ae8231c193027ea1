import type { NetAddress } from '../../env/index.js';

/**
 * Pluggable SASL authentication (v4 spec §4.2.3): after STARTUP the server sends AUTHENTICATE
 * with the authenticator's class name, the client answers AUTH_RESPONSE tokens, the server
 * replies AUTH_CHALLENGE until it can say AUTH_SUCCESS, or ERROR (BAD_CREDENTIALS: throw an
 * `AuthenticationError`).
 */
export type SaslStep =
  | { readonly done: false; readonly challenge: Buffer | null }
  | { readonly done: true; readonly user: string; readonly token: Buffer | null };

export interface SaslNegotiator {
  evaluate(token: Buffer | null): SaslStep | Promise<SaslStep>;
}

export interface Authenticator {
  /** False: STARTUP is answered READY at once. */
  readonly requiresAuthentication: boolean;
  /** Sent in AUTHENTICATE; drivers choose their mechanism from it (e.g. PasswordAuthenticator → PLAIN). */
  readonly className: string;
  newNegotiator(client: NetAddress): SaslNegotiator;
}

/** Lets everyone in without a login (Cassandra's AllowAllAuthenticator). */
export class AllowAllAuthenticator implements Authenticator {
  readonly requiresAuthentication = false;
  readonly className = 'org.apache.cassandra.auth.AllowAllAuthenticator';
  newNegotiator(): SaslNegotiator {
    return { evaluate: () => ({ done: true, user: 'anonymous', token: null }) };
  }
}
