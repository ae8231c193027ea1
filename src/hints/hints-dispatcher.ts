/**
 * Delivers one target's hints, oldest file first, record by record, at no more than the
 * configured bytes per second (hinted_handoff_throttle_in_kb), so a node that comes back is not
 * flooded. Each hint is sent and acknowledged before the next; a file is deleted once every record
 * in it was delivered or had expired. A failure (the target went down again, a timeout) stops the
 * run and remembers where it stopped, so the next run resumes there instead of resending the file
 * (resending would be harmless — a hint is an idempotent mutation — only wasteful). After a restart
 * the positions are gone and delivery starts at each file's beginning. A damaged record ends its
 * file's delivery (nothing after it can be trusted); the file is quarantined (moved aside whole,
 * hints-store.ts) and reported through `onDamaged`, and delivery goes on with the next file.
 */
import type { Env } from '../env/index.js';
import { HintsFileReader } from './hints-file-reader.js';
import type { HintsStore } from './hints-store.js';

export interface HintDelivery {
  /** Sends one hint's payload to `target`; resolves when the target acknowledged applying it. */
  deliver(target: string, payload: Uint8Array): Promise<void>;
}

export interface DispatchResult {
  readonly delivered: number;
  readonly expired: number;
  /** Records found damaged (the rest of their file was dropped). */
  readonly damaged: number;
  /** Every hint for the target was handled. */
  readonly completed: boolean;
  /** Why the run stopped early (a delivery failure), if it did. */
  readonly error?: unknown;
}

export interface HintsDispatcherOptions {
  readonly throttleBytesPerSec: number;
  /** Told of each damaged file, after it was moved to `quarantinedTo`. */
  readonly onDamaged: (damage: { readonly target: string; readonly path: string; readonly offset: number; readonly reason: string; readonly quarantinedTo: string }) => void;
}

export class HintsDispatcher {
  /** Resume points: file path → offset of the first record not yet handled. */
  private readonly positions = new Map<string, number>();
  private nextSendAtMs = 0;

  constructor(
    private readonly env: Env,
    private readonly store: HintsStore,
    private readonly delivery: HintDelivery,
    private readonly options: HintsDispatcherOptions,
  ) {}

  /** Delivers `target`'s hints while `keepGoing()` holds. */
  async dispatch(target: string, keepGoing: () => boolean): Promise<DispatchResult> {
    this.store.seal(target);
    let delivered = 0;
    let expired = 0;
    let damaged = 0;
    for (const path of this.store.files(target)) {
      const reader = new HintsFileReader(this.env.fs, path);
      let offset = this.positions.get(path) ?? 0;
      let damage: { offset: number; reason: string } | undefined;
      try {
        for (;;) {
          if (!keepGoing()) return { delivered, expired, damaged, completed: false };
          const step = reader.read(offset);
          if (step.kind === 'end' || step.kind === 'torn') break;
          if (step.kind === 'damaged') {
            damaged++;
            damage = { offset: step.offset, reason: step.reason };
            break;
          }
          if (step.hint.expiresAtMs <= this.env.clock.nowMs()) {
            expired++;
          } else {
            await this.throttle(step.next - step.offset);
            if (!keepGoing()) return { delivered, expired, damaged, completed: false };
            try {
              await this.delivery.deliver(target, step.hint.payload);
            } catch (error) {
              this.positions.set(path, offset);
              return { delivered, expired, damaged, completed: false, error };
            }
            delivered++;
          }
          offset = step.next;
          this.positions.set(path, offset);
        }
      } finally {
        reader.close();
      }
      this.positions.delete(path);
      if (damage === undefined) this.store.remove(path);
      else this.options.onDamaged({ target, path, ...damage, quarantinedTo: this.store.quarantine(target, path) });
    }
    return { delivered, expired, damaged, completed: true };
  }

  /** Waits until `bytes` more may be sent without exceeding the rate. */
  private async throttle(bytes: number): Promise<void> {
    const rate = this.options.throttleBytesPerSec;
    if (!(rate > 0) || !Number.isFinite(rate)) return;
    const now = this.env.clock.nowMs();
    const sendAt = Math.max(now, this.nextSendAtMs);
    this.nextSendAtMs = sendAt + (bytes * 1000) / rate;
    if (sendAt > now) await new Promise<void>((resolve) => this.env.timers.setTimeout(resolve, sendAt - now));
  }
}
