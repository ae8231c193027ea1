/**
 * How the hints layer reaches a replica: a hint's target is a host id; its current address comes
 * from the ring at delivery time (the node may have changed address while down). The payload (a
 * MUTATION wire form) goes as a HINT message; delivery succeeds when the replica answers HINT_RSP
 * after applying it. A host id no longer on the ring fails the delivery (the hints stay).
 */
import { ErrorCode, IliumError } from '../../errors/index.js';
import type { HintDelivery } from '../../hints/index.js';
import type { MessagingService } from '../../net/index.js';
import { addressOf } from '../coordinator/endpoint-address.js';
import type { RingProvider } from '../coordinator/seams.js';

export class UnknownHintTargetError extends IliumError {
  constructor(readonly hostId: string) {
    super(ErrorCode.SERVER_ERROR, `No node with host id ${hostId} on the ring; its hints are kept`);
  }
}

export class MessagingHintDelivery implements HintDelivery {
  constructor(
    private readonly messaging: MessagingService,
    private readonly rings: RingProvider,
    private readonly timeoutMs?: number,
  ) {}

  async deliver(target: string, payload: Uint8Array): Promise<void> {
    const endpoint = this.rings.ring().endpointWithHostId(target);
    if (endpoint === undefined) throw new UnknownHintTargetError(target);
    await this.messaging.request(addressOf(endpoint), { verb: 'HINT', payload }, this.timeoutMs === undefined ? {} : { timeoutMs: this.timeoutMs });
  }
}
