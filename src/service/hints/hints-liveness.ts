/**
 * The hints layer asks about host ids; the coordinator's liveness speaks of endpoints. This maps
 * one to the other through the current ring. A host id not on the ring is neither alive (nothing
 * to deliver to) nor known down (a hint for it is not refused by the window).
 */
import type { Endpoint } from '../../locator/index.js';
import type { HintsLiveness } from '../../hints/index.js';
import type { LivenessOracle, RingProvider } from '../coordinator/seams.js';

export interface TimedLiveness extends LivenessOracle {
  /** Since when (ms since the epoch) the endpoint is down; null when up or unknown. */
  downSinceMs(endpoint: Endpoint): number | null;
}

export class RingHintsLiveness implements HintsLiveness {
  constructor(
    private readonly liveness: TimedLiveness,
    private readonly rings: RingProvider,
  ) {}

  isAlive(target: string): boolean {
    const e = this.rings.ring().endpointWithHostId(target);
    return e !== undefined && this.liveness.isAlive(e);
  }

  downSinceMs(target: string): number | null {
    const e = this.rings.ring().endpointWithHostId(target);
    return e === undefined ? null : this.liveness.downSinceMs(e);
  }

  datacenterOf(target: string): string | null {
    const ring = this.rings.ring();
    const e = ring.endpointWithHostId(target);
    return e === undefined ? null : ring.datacenterOf(e);
  }
}
