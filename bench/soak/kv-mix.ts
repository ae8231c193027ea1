/**
 * The soak's operation mix over bench:cql's key-value workload (bench/cql-kv.ts): request i is
 * a write when i is even (the next key in turn, modulo the key count, so the data set stops
 * growing once every key is written and later writes overwrite), a read of a random key already
 * acknowledged when i is odd. Every write below the lowest one still in flight has been
 * acknowledged, so reads pick below that: a read that finds no row is a real loss, an error.
 */
import type cassandra from 'cassandra-driver';
import { kvKeys, kvRead, kvWrite } from '../cql-kv.js';

export class KvMix {
  private readonly keys: string[];
  private nextWrite = 0;
  private readonly inFlight = new Set<number>();
  private seed = 12345;

  constructor(
    private readonly client: cassandra.Client,
    keyCount: number,
  ) {
    this.keys = kvKeys(keyCount);
  }

  /** Request number `i` of the mix. */
  readonly op = (i: number): Promise<unknown> => (i % 2 === 0 || this.acknowledged() === 0 ? this.write() : this.read());

  /** How many distinct keys are known written (all below the lowest write in flight). */
  acknowledged(): number {
    let lowest = this.nextWrite;
    for (const w of this.inFlight) lowest = Math.min(lowest, w);
    return Math.min(lowest, this.keys.length);
  }

  private async write(): Promise<void> {
    const w = this.nextWrite++;
    this.inFlight.add(w);
    try {
      await kvWrite(this.client, this.keys[w % this.keys.length]!);
    } finally {
      this.inFlight.delete(w);
    }
  }

  private read(): Promise<void> {
    return kvRead(this.client, this.keys[this.random(this.acknowledged())]!);
  }

  /** The same linear congruential sequence as bench:cql's reads: runs are repeatable. */
  private random(n: number): number {
    this.seed = (this.seed * 1103515245 + 12345) & 0x7fffffff;
    return this.seed % n;
  }
}
