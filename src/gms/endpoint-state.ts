/**
 * What one node knows of one endpoint (itself included): its heartbeat and application states as
 * gossiped (`EndpointStateData`, the immutable shape that travels in ACK and ACK2), plus local
 * bookkeeping that never travels: whether it is considered alive and when it last changed (on the
 * Env's monotonic clock).
 */
import type { ApplicationState } from './application-state.js';
import type { HeartbeatState } from './heartbeat-state.js';
import type { VersionedValue } from './versioned-value.js';

export interface EndpointStateData {
  readonly heartbeat: HeartbeatState;
  readonly states: ReadonlyMap<ApplicationState, VersionedValue>;
}

/** The highest version in `d`: its heartbeat's or any state's. */
export function maxVersionOf(d: EndpointStateData): number {
  let max = d.heartbeat.version;
  for (const v of d.states.values()) if (v.version > max) max = v.version;
  return max;
}

/**
 * The part of `d` newer than `sinceVersion`, or undefined when nothing is. The heartbeat always
 * comes along (the receiver needs the generation), as in Cassandra.
 */
export function deltaSince(d: EndpointStateData, sinceVersion: number): EndpointStateData | undefined {
  const states = new Map<ApplicationState, VersionedValue>();
  for (const [k, v] of d.states) if (v.version > sinceVersion) states.set(k, v);
  if (states.size === 0 && d.heartbeat.version <= sinceVersion) return undefined;
  return { heartbeat: d.heartbeat, states };
}

export class EndpointState implements EndpointStateData {
  private hb: HeartbeatState;
  private readonly map: Map<ApplicationState, VersionedValue>;
  private alive = true;
  private updatedNs: bigint;

  constructor(data: EndpointStateData, nowNs: bigint) {
    this.hb = data.heartbeat;
    this.map = new Map(data.states);
    this.updatedNs = nowNs;
  }

  get heartbeat(): HeartbeatState {
    return this.hb;
  }

  get states(): ReadonlyMap<ApplicationState, VersionedValue> {
    return this.map;
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** When this state last took news (monotonic ns). */
  get updateTimestampNs(): bigint {
    return this.updatedNs;
  }

  get(state: ApplicationState): VersionedValue | undefined {
    return this.map.get(state);
  }

  setHeartbeat(hb: HeartbeatState): void {
    this.hb = hb;
  }

  put(state: ApplicationState, value: VersionedValue): void {
    this.map.set(state, value);
  }

  markAlive(): void {
    this.alive = true;
  }

  markDead(): void {
    this.alive = false;
  }

  touch(nowNs: bigint): void {
    this.updatedNs = nowNs;
  }

  /** An immutable copy, safe to send while this state keeps changing. */
  snapshot(): EndpointStateData {
    return { heartbeat: this.hb, states: new Map(this.map) };
  }
}
