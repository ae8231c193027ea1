/**
 * One client session's state as statements see it: the keyspace set by USE, the logged-in user,
 * and a way to send the client warnings (e.g. an unlogged batch across many partitions).
 */
export interface ClientState {
  keyspace: string | undefined;
  readonly user?: string;
  warn(message: string): void;
}

export function newClientState(keyspace?: string, warn: (m: string) => void = () => undefined): ClientState {
  return { keyspace, warn };
}
