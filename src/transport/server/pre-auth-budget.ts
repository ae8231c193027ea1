/**
 * The bytes every unauthenticated connection of a server holds together (partial frames read but
 * not yet complete). Each connection may hold `PRE_AUTH_FREE_BYTES` on its own — a handshake's
 * frames are a few hundred bytes, so logins never wait on the budget — and only what it holds
 * beyond that counts against the node-wide bound (`preAuthBufferedBytesMax`). A connection that
 * would take the total over the bound is refused (cql-connection.ts), so 3,000 peers each sending
 * a frame just under the 256 KiB pre-auth limit cannot make the node hold 750 MiB.
 */
export const PRE_AUTH_FREE_BYTES = 4096;

export class PreAuthBudget {
  private used = 0;
  private readonly held = new Map<object, number>();

  constructor(readonly maxBytes: number) {}

  /** Bytes counted against the bound now (the allowance of each holder excluded). */
  get usedBytes(): number {
    return this.used;
  }

  /**
   * Records that `holder` now holds `bytes`; false, with nothing recorded, when the part beyond
   * its allowance would take the total over the bound (shrinking always succeeds).
   */
  hold(holder: object, bytes: number): boolean {
    const before = this.held.get(holder) ?? 0;
    const counted = Math.max(0, bytes - PRE_AUTH_FREE_BYTES);
    if (counted > before && this.used + counted - before > this.maxBytes) return false;
    this.used += counted - before;
    if (counted === 0) this.held.delete(holder);
    else this.held.set(holder, counted);
    return true;
  }

  /** `holder` authenticated or closed: what it held no longer counts. */
  release(holder: object): void {
    this.hold(holder, 0);
  }
}
