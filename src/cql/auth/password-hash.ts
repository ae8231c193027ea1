/**
 * Salted bcrypt password hashes, as Cassandra's CassandraRoleManager keeps in
 * `system_auth.roles.salted_hash` (jBCrypt there; `bcryptjs` here, pure JS, see
 * docs/DEPENDENCIES.md). The cost is 2^rounds iterations, 10 by default as in Cassandra
 * (-Dcassandra.auth_bcrypt_gensalt_log2_rounds, 4…31). The work itself runs where the node puts
 * it (`BcryptWork`): on a worker thread in a real node (server/worker-bcrypt.ts), in process
 * otherwise (INLINE_BCRYPT: bcryptjs's asynchronous forms, which yield every 100 ms).
 * Hashes Ilium writes start `$2b$`; `$2a$` hashes written by Cassandra check as well.
 */
import bcrypt from 'bcryptjs';
import { ConfigurationError } from '../../errors/index.js';

export const BCRYPT_ROUNDS_DEFAULT = 10;
const ROUNDS_MIN = 4;
const ROUNDS_MAX = 31;
const BCRYPT_HASH = /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/;

/** Where bcrypt's work runs. */
export interface BcryptWork {
  hash(password: string, rounds: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
  /** Ends what runs the work (a worker thread); nothing for the in-process form. */
  close?(): Promise<void>;
}

export const INLINE_BCRYPT: BcryptWork = Object.freeze({
  hash: (password: string, rounds: number) => bcrypt.hash(password, rounds),
  compare: (password: string, hash: string) => bcrypt.compare(password, hash),
});

export class PasswordHasher {
  constructor(
    readonly rounds: number = BCRYPT_ROUNDS_DEFAULT,
    private readonly work: BcryptWork = INLINE_BCRYPT,
  ) {
    if (!Number.isInteger(rounds) || rounds < ROUNDS_MIN || rounds > ROUNDS_MAX) {
      throw new ConfigurationError(`Bad value for system property -Dcassandra.auth_bcrypt_gensalt_log2_rounds.Please use a value between ${ROUNDS_MIN} and ${ROUNDS_MAX} inclusively`);
    }
  }

  hash(password: string): Promise<string> {
    return this.work.hash(password, this.rounds);
  }

  close(): Promise<void> {
    return this.work.close?.() ?? Promise.resolve();
  }

  /** False for a wrong password and for a stored value that is no bcrypt hash. */
  async check(password: string, hash: string): Promise<boolean> {
    if (!isBcryptHash(hash)) return false;
    return this.work.compare(password, hash);
  }
}

export function isBcryptHash(value: string): boolean {
  return BCRYPT_HASH.test(value);
}
