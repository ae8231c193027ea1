/**
 * A table's applies in flight, counted from the moment `apply` is called (before admission, so a
 * writer waiting for memory counts too) until the update is in a memtable or has failed. `settled()`
 * waits for the applies begun before it, never for later ones: applies are counted in epochs, and
 * each call closes the current epoch and waits for it and every earlier one.
 *
 * What it is for: a schema change that alters how writes must be handled (a new KEYS index) can
 * wait until no write made under the old rules is still on its way to the memtable.
 */
export class ApplyBarrier {
  private epoch = new Epoch(Promise.resolve());

  /** Counts one apply in the current epoch; call `end()` on what it returns once it settles. */
  begin(): Epoch {
    this.epoch.pending++;
    return this.epoch;
  }

  /** Resolves once every apply begun before this call has settled. */
  settled(): Promise<void> {
    const closing = this.epoch;
    const done = closing.close();
    this.epoch = new Epoch(done);
    return done;
  }
}

export class Epoch {
  pending = 0;
  private release: (() => void) | null = null;

  /** `earlier`: settles when every earlier epoch has. */
  constructor(private readonly earlier: Promise<void>) {}

  end(): void {
    this.pending--;
    if (this.pending === 0 && this.release !== null) this.release();
  }

  /** Settles once this epoch's applies and every earlier epoch's have. */
  close(): Promise<void> {
    const own = this.pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.release = resolve));
    return Promise.all([this.earlier, own]).then(() => undefined);
  }
}
