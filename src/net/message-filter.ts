/**
 * Fault hooks: a chain of filters every message passes on send and on receive, so tests, the
 * simulator and (through a debug switch, later) real processes can lose, delay, duplicate and
 * reorder messages or split the cluster. Each filter looks at one message and answers a verdict;
 * the chain folds the verdicts into the list of deliveries to make:
 *
 * - `drop`      no delivery (the message is lost, as on a real network: requests time out);
 * - `delay`     every copy so far is delivered `ms` later (delays of several filters add up);
 * - `duplicate` `copies` extra copies, each `extraDelayMs` after the original;
 * - `pass`      (or undefined) no change.
 *
 * Filters run in the order added and a drop ends the fold. They must be deterministic given the
 * `Random` they draw from (the Env's, seeded under SimEnv), so a seed replays the same faults.
 */
import type { InetAddressAndPort } from './inet-address.js';
import type { Message } from './message.js';

export type FilterDirection = 'send' | 'receive';

export interface FilterContext {
  readonly direction: FilterDirection;
  readonly from: InetAddressAndPort;
  readonly to: InetAddressAndPort;
  readonly message: Message;
}

export type FilterVerdict =
  | { readonly action: 'pass' }
  | { readonly action: 'drop' }
  | { readonly action: 'delay'; readonly ms: number }
  | { readonly action: 'duplicate'; readonly copies: number; readonly extraDelayMs: number };

export interface MessageFilter {
  /** For logs and for removing it by name. */
  readonly name: string;
  apply(ctx: FilterContext): FilterVerdict | undefined;
}

/** Delays (ms) of the deliveries to make; empty when the message is dropped. */
export type Deliveries = readonly number[];

const DELIVER_NOW: Deliveries = Object.freeze([0]);
const DUPLICATE_COPIES_MAX = 16;

/** The ordered filters of one messaging service. */
export class MessageFilterChain {
  private filters: MessageFilter[] = [];

  get size(): number {
    return this.filters.length;
  }

  /** The filters' names, in order. */
  names(): string[] {
    return this.filters.map((f) => f.name);
  }

  /** Adds `filter` at the end; returns a function that removes it. */
  add(filter: MessageFilter): () => void {
    this.filters.push(filter);
    return () => this.remove(filter);
  }

  remove(filter: MessageFilter | string): void {
    this.filters = this.filters.filter((f) => (typeof filter === 'string' ? f.name !== filter : f !== filter));
  }

  clear(): void {
    this.filters = [];
  }

  decide(ctx: FilterContext): Deliveries {
    if (this.filters.length === 0) return DELIVER_NOW;
    let delays: number[] = [0];
    for (const f of this.filters) {
      const v = f.apply(ctx);
      if (v === undefined || v.action === 'pass') continue;
      if (v.action === 'drop') return [];
      if (v.action === 'delay') {
        delays = delays.map((d) => d + Math.max(0, v.ms));
      } else {
        const copies = Math.min(DUPLICATE_COPIES_MAX, Math.max(0, Math.floor(v.copies)));
        const base = delays[0]!;
        for (let i = 1; i <= copies; i++) delays.push(base + Math.max(0, v.extraDelayMs) * i);
      }
    }
    return delays;
  }
}
