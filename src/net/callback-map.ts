/**
 * Requests waiting for their answer, by message id. Each entry expires on the Env's timers; the
 * first of (response, failure, timeout, shutdown) settles it and removes it, so duplicated or
 * late answers find nothing and are counted as unmatched. An answer must also come from the peer
 * the request went to: ids are unique only per sender, and a restarted peer could otherwise
 * answer a stale id.
 */
import type { TimerHandle, Timers } from '../env/index.js';
import { sameEndpoint, type InetAddressAndPort } from './inet-address.js';
import type { Message } from './message.js';
import type { VerbName } from './verbs.js';

export interface ResponseCallbacks {
  onResponse(response: Message): void;
  onFailure(error: Error): void;
}

export interface PendingRequest {
  readonly id: number;
  readonly verb: VerbName;
  readonly to: InetAddressAndPort;
  readonly callbacks: ResponseCallbacks;
}

interface Entry extends PendingRequest {
  readonly timer: TimerHandle;
}

export class CallbackMap {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly timers: Timers) {}

  get size(): number {
    return this.entries.size;
  }

  /** Registers `request`; `onTimeout` runs (after removal) if nothing settles it within `timeoutMs`. */
  add(request: PendingRequest, timeoutMs: number, onTimeout: (request: PendingRequest) => void): void {
    if (this.entries.has(request.id)) throw new Error(`message id ${request.id} is already waiting`);
    const timer = this.timers.setTimeout(() => {
      if (this.entries.get(request.id)?.timer !== timer) return;
      this.entries.delete(request.id);
      onTimeout(request);
    }, timeoutMs);
    this.entries.set(request.id, { ...request, timer });
  }

  /** Removes and returns the request `id` answered by `from`, or undefined if none waits. */
  take(id: number, from: InetAddressAndPort): PendingRequest | undefined {
    const e = this.entries.get(id);
    if (e === undefined || !sameEndpoint(e.to, from)) return undefined;
    this.entries.delete(id);
    e.timer.cancel();
    return e;
  }

  /** Removes `id` without settling it (the send failed before it left). */
  forget(id: number): PendingRequest | undefined {
    const e = this.entries.get(id);
    if (e === undefined) return undefined;
    this.entries.delete(id);
    e.timer.cancel();
    return e;
  }

  /** Removes every entry and returns them (shutdown fails them all). */
  drain(): PendingRequest[] {
    const all = [...this.entries.values()];
    for (const e of all) e.timer.cancel();
    this.entries.clear();
    return all;
  }
}
