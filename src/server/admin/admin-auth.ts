/**
 * Who may run admin commands. With authentication off (AllowAllAuthenticator) anyone who reaches
 * the port may, as with Cassandra's local JMX, which is why the port binds 127.0.0.1 by default.
 * With it on, every request must carry the name and password of a superuser (admin-wire.ts
 * "user"/"password"), checked through one seam:
 *
 *   SuperuserCheck(name, password) → true when they are a superuser's credentials that may log in
 *
 * `nodeSuperuserCheck` provides it for a node. Today it asks the node's Authenticator (SASL PLAIN,
 * the login CQL and Thrift use), whose only login, cassandra/cassandra, is a superuser; a
 * role-backed check (system_auth: can_login and is_superuser) replaces it there and nowhere else.
 *
 * A refused request is answered after `adminAuthFailureDelayMs`, and refusals are answered one at a
 * time across the whole port (one chain of delays), so guessing passwords costs a second each
 * however many connections a guesser opens. Accepted requests never wait on that chain. Messages
 * are those Cassandra's JMX gives nodetool ("Authentication failed! Credentials required").
 */
import type { Env } from '../../env/index.js';
import { AuthenticationError } from '../../errors/index.js';
import { authenticatorKind, type IliumNode } from '../ilium-node.js';

/** The seam: are these a superuser's credentials? Never throws for wrong ones (false). */
export type SuperuserCheck = (name: string, password: string) => Promise<boolean>;

/** How long a refused admin request waits before its answer (and before the next refusal's). */
export const adminAuthFailureDelayMs = 1000;

export const ADMIN_CREDENTIALS_REQUIRED = 'Authentication failed! Credentials required';
export const ADMIN_CREDENTIALS_INVALID = 'Authentication failed! Invalid username or password';


export class AdminGuard {
  /** The chain every refusal waits its turn on. */
  private refusals: Promise<void> = Promise.resolve();

  /** `check` undefined: authentication is off and every request is admitted. */
  constructor(
    private readonly env: Env,
    private readonly check: SuperuserCheck | undefined,
    private readonly failureDelayMs = adminAuthFailureDelayMs,
  ) {}

  get requiresCredentials(): boolean {
    return this.check !== undefined;
  }

  /**
   * Resolves when a request with these credentials may run (an admin line's "user"/"password", an
   * HTTP request's Basic credentials); otherwise throws an AuthenticationError after the delay.
   */
  async admit(request: { readonly user?: string | undefined; readonly password?: string | undefined }): Promise<void> {
    if (this.check === undefined) return;
    if (request.user === undefined || request.password === undefined) return this.refuse(ADMIN_CREDENTIALS_REQUIRED);
    if (await this.check(request.user, request.password)) return;
    return this.refuse(ADMIN_CREDENTIALS_INVALID);
  }

  private async refuse(message: string): Promise<never> {
    const turn = this.refusals.then(() => new Promise<void>((resolve) => this.env.timers.setTimeout(resolve, this.failureDelayMs)));
    this.refusals = turn;
    await turn;
    throw new AuthenticationError(message);
  }
}

/**
 * The node's seam for its admin port: undefined while its authenticator needs no login
 * (AllowAllAuthenticator). With PasswordAuthenticator, the name and password must log in against
 * the roles in system_auth and the role must have superuser status (its own or inherited), as
 * Cassandra's nodetool needs a JMX user allowed to run operations.
 */
export function nodeSuperuserCheck(node: IliumNode): SuperuserCheck | undefined {
  if (authenticatorKind(node.config.authenticator) !== 'PasswordAuthenticator') return undefined;
  const roles = node.ctx.roles;
  return async (name, password) => {
    try {
      await roles.authenticate(name, password);
    } catch (e) {
      if (e instanceof AuthenticationError) return false;
      throw e;
    }
    return roles.hasSuperuserStatus(name);
  };
}
