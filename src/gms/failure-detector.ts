/**
 * Phi-accrual failure detection (Cassandra's FailureDetector), one per node. Gossip `report`s an
 * endpoint each time news of it (a higher heartbeat or state version) arrives; each gossip round
 * `interpret`s every endpoint, and when phi exceeds `phi_convict_threshold` the listeners (the
 * gossiper) are told to convict it. Time is the Env's monotonic clock only.
 *
 * Defaults as Cassandra's: threshold 8, a window of 1000 intervals, an initial interval guess of
 * two gossip intervals (2 s) which is also the longest interval recorded, and local-pause
 * detection: when this node itself did not interpret for 5 s (a GC pause, a stopped process) it
 * convicts nobody for the next 5 s, since silence it caused proves nothing about the others.
 */
import type { Clock } from '../env/index.js';
import { endpointKey, type InetAddressAndPort } from '../net/index.js';
import { ArrivalWindow } from './arrival-window.js';

/** phi = -log10(P(later arrival)) = (t / mean) × 1/ln 10. */
export const PHI_FACTOR = 1 / Math.log(10);
export const DEFAULT_PHI_CONVICT_THRESHOLD = 8;
export const ARRIVAL_WINDOW_SIZE = 1000;
export const DEFAULT_INITIAL_INTERVAL_MS = 2000;
export const DEFAULT_MAX_LOCAL_PAUSE_MS = 5000;

export interface FailureDetectionListener {
  convict(endpoint: InetAddressAndPort, phi: number): void;
}

export interface FailureDetectorOptions {
  readonly clock: Clock;
  readonly phiConvictThreshold?: number;
  readonly initialIntervalMs?: number;
  /** Longest interval recorded; defaults to the initial interval (Cassandra's fd_max_interval_ms). */
  readonly maxIntervalMs?: number;
  readonly windowSize?: number;
  readonly maxLocalPauseMs?: number;
}

export class FailureDetector {
  readonly phiConvictThreshold: number;
  private readonly initialIntervalMs: number;
  private readonly maxIntervalMs: number;
  private readonly windowSize: number;
  private readonly maxLocalPauseMs: number;
  private readonly windows = new Map<string, ArrivalWindow>();
  private readonly listeners: FailureDetectionListener[] = [];
  private lastInterpretMs: number | undefined;
  private lastPauseMs: number | undefined;

  constructor(private readonly o: FailureDetectorOptions) {
    this.phiConvictThreshold = o.phiConvictThreshold ?? DEFAULT_PHI_CONVICT_THRESHOLD;
    this.initialIntervalMs = o.initialIntervalMs ?? DEFAULT_INITIAL_INTERVAL_MS;
    this.maxIntervalMs = o.maxIntervalMs ?? this.initialIntervalMs;
    this.windowSize = o.windowSize ?? ARRIVAL_WINDOW_SIZE;
    this.maxLocalPauseMs = o.maxLocalPauseMs ?? DEFAULT_MAX_LOCAL_PAUSE_MS;
    if (!(this.phiConvictThreshold > 0)) throw new RangeError(`phi_convict_threshold must be positive, got ${this.phiConvictThreshold}`);
  }

  registerListener(l: FailureDetectionListener): void {
    this.listeners.push(l);
  }

  unregisterListener(l: FailureDetectionListener): void {
    const i = this.listeners.indexOf(l);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  /** Monotonic ms. */
  private nowMs(): number {
    return Number(this.o.clock.monotonicNs() / 1000n) / 1000;
  }

  /** News of `endpoint` arrived now. */
  report(endpoint: InetAddressAndPort): void {
    const key = endpointKey(endpoint);
    let w = this.windows.get(key);
    if (w === undefined) {
      w = new ArrivalWindow(this.windowSize, this.initialIntervalMs, this.maxIntervalMs);
      this.windows.set(key, w);
    }
    w.add(this.nowMs());
  }

  /** phi (already scaled by PHI_FACTOR) of `endpoint` now; 0 when nothing was reported of it. */
  phi(endpoint: InetAddressAndPort): number {
    const w = this.windows.get(endpointKey(endpoint));
    return w === undefined ? 0 : PHI_FACTOR * w.phiRaw(this.nowMs());
  }

  /** The detector's own verdict: reported at least once and phi within the threshold. */
  isAlive(endpoint: InetAddressAndPort): boolean {
    return this.windows.has(endpointKey(endpoint)) && this.phi(endpoint) <= this.phiConvictThreshold;
  }

  /** Checks `endpoint` now; convicts it (tells the listeners) when phi exceeds the threshold. */
  interpret(endpoint: InetAddressAndPort): void {
    const w = this.windows.get(endpointKey(endpoint));
    if (w === undefined) return;
    const now = this.nowMs();
    const sinceLast = this.lastInterpretMs === undefined ? 0 : now - this.lastInterpretMs;
    this.lastInterpretMs = now;
    if (sinceLast > this.maxLocalPauseMs) {
      this.lastPauseMs = now;
      return;
    }
    if (this.lastPauseMs !== undefined && now - this.lastPauseMs < this.maxLocalPauseMs) return;
    const phi = PHI_FACTOR * w.phiRaw(now);
    if (phi > this.phiConvictThreshold) for (const l of [...this.listeners]) l.convict(endpoint, phi);
  }

  /** Convicts `endpoint` at once (it said it is shutting down). */
  forceConviction(endpoint: InetAddressAndPort): void {
    for (const l of [...this.listeners]) l.convict(endpoint, Number.POSITIVE_INFINITY);
  }

  /** Forgets `endpoint`'s history (it was removed, or came back as a new incarnation). */
  remove(endpoint: InetAddressAndPort): void {
    this.windows.delete(endpointKey(endpoint));
  }

  /** The mean arrival interval of `endpoint` in ms, for diagnostics; undefined when unknown. */
  meanIntervalMs(endpoint: InetAddressAndPort): number | undefined {
    return this.windows.get(endpointKey(endpoint))?.mean();
  }
}
