/** The PAXOS_* payloads: round trips, bounds, and refusals of garbled input. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createSimEnv } from '../../env/index.js';
import { MalformedMessageError } from '../../errors/index.js';
import { liveCell, tombstoneCell } from '../../storage/model/index.js';
import { newBallot } from '../paxos/ballot.js';
import type { PaxosCommit } from '../paxos/paxos-commit.js';
import { decodeCommit, encodeCommit } from './paxos-commit-codec.js';
import { decodePrepareRequest, decodePrepareResponse, encodePrepareRequest, encodePrepareResponse } from './paxos-prepare-message.js';
import { decodeProposeResponse, encodeProposeResponse } from './paxos-propose-message.js';

const env = createSimEnv(7);

function commit(micros: bigint, value: string): PaxosCommit {
  const cells = [liveCell(Buffer.from('a'), Buffer.from(value), micros), tombstoneCell(Buffer.from('b'), micros, 100)];
  return { tableId: 'tid-1', ballot: newBallot(micros, env.random), update: { key: Buffer.from('pk'), partitionDeletion: null, rangeTombstones: [], cells } };
}

test('prepare, propose and commit payloads round-trip', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 2n ** 52n }), fc.string(), fc.boolean(), fc.boolean(), fc.boolean(), (micros, value, promised, hasAccepted, hasCommitted) => {
      const c = commit(micros, value);
      assert.deepEqual(decodeCommit(encodeCommit(c)), c);
      const req = { tableId: 't', key: Buffer.from(value), ballot: c.ballot };
      assert.deepEqual(decodePrepareRequest(encodePrepareRequest(req)), req);
      const rsp = { promised, promisedBallot: c.ballot, accepted: hasAccepted ? c : null, committed: hasCommitted ? commit(micros + 1n, value) : null };
      assert.deepEqual(decodePrepareResponse(encodePrepareResponse(rsp)), rsp);
      assert.equal(decodeProposeResponse(encodeProposeResponse(promised)), promised);
    }),
    { numRuns: 50, seed: 7 },
  );
});

test('garbled payloads are MalformedMessageError: truncations, trailing bytes, unknown flags, a ballot that is no TimeUUID', () => {
  const c = commit(1_000n, 'x');
  const full = encodePrepareResponse({ promised: true, promisedBallot: c.ballot, accepted: c, committed: c });
  for (let n = 0; n < full.length; n++) assert.throws(() => decodePrepareResponse(full.subarray(0, n)), MalformedMessageError, `cut at ${n}`);
  assert.throws(() => decodePrepareResponse(Buffer.concat([full, Buffer.from([0])])), MalformedMessageError);
  assert.throws(() => decodePrepareResponse(Buffer.concat([Buffer.from([0x80]), full.subarray(1)])), MalformedMessageError);
  assert.throws(() => decodeProposeResponse(Buffer.from([2])), MalformedMessageError);
  const notTime = Buffer.from(encodeCommit(c));
  notTime[6] = 0x40; // version 4
  assert.throws(() => decodeCommit(notTime), MalformedMessageError);
  const bigKey = encodePrepareRequest({ tableId: 't', key: Buffer.alloc(0x10000), ballot: c.ballot });
  assert.throws(() => decodePrepareRequest(bigKey), MalformedMessageError);
});
