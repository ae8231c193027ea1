/**
 * PAXOS_PROPOSE carries one proposal (paxos-commit-codec.ts); PAXOS_PROPOSE_RSP one byte:
 * 1 accepted, 0 refused (a higher ballot was promised meanwhile).
 */
import { decodeWire, readFlags } from './wire-decoding.js';

export function encodeProposeResponse(accepted: boolean): Buffer {
  return Buffer.from([accepted ? 1 : 0]);
}

export function decodeProposeResponse(payload: Uint8Array): boolean {
  return decodeWire('paxos propose response', payload, (r) => readFlags(r, 1, 'paxos propose response') === 1);
}
