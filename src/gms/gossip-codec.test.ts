/** The gossip payload grammar: round trips for any message, and malformed bytes → GossipCodecError. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { endpoint } from '../net/index.js';
import { APPLICATION_STATE_NAMES, type ApplicationState } from './application-state.js';
import type { EndpointStateData } from './endpoint-state.js';
import { GossipCodecError } from './gms-errors.js';
import { decodeAck, decodeAck2, decodeShutdown, decodeSyn, encodeAck, encodeAck2, encodeShutdown, encodeSyn, GOSSIP_FORMAT } from './gossip-codec.js';
import type { EndpointStateEntry, GossipDigest } from './gossip-messages.js';
import type { VersionedValue } from './versioned-value.js';

const int32 = fc.integer({ min: 0, max: 0x7fffffff });
const anEndpoint = fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 65535 })).map(([h, p]) => endpoint(h, p));
const aDigest: fc.Arbitrary<GossipDigest> = fc.tuple(anEndpoint, int32, int32).map(([e, generation, maxVersion]) => ({ endpoint: e, generation, maxVersion }));
const aValue = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => Buffer.from(s, 'utf8').toString('utf8') === s);
const aState: fc.Arbitrary<EndpointStateData> = fc
  .record({
    heartbeat: fc.tuple(int32, int32).map(([generation, version]) => ({ generation, version })),
    states: fc.uniqueArray(fc.tuple(fc.constantFrom(...APPLICATION_STATE_NAMES), fc.tuple(aValue, int32).map(([value, version]) => ({ value, version }))), {
      selector: ([k]) => k,
      maxLength: 8,
    }),
  })
  .map(({ heartbeat, states }) => ({ heartbeat, states: new Map<ApplicationState, VersionedValue>(states) }));
const anEntry: fc.Arbitrary<EndpointStateEntry> = fc.tuple(anEndpoint, aState).map(([e, state]) => ({ endpoint: e, state }));

test('SYN, ACK, ACK2 and SHUTDOWN round-trip for any content', () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.array(aDigest, { maxLength: 6 }), (clusterName, partitioner, digests) => {
      assert.deepEqual(decodeSyn(encodeSyn({ clusterName, partitioner, digests })), { clusterName, partitioner, digests });
    }),
  );
  fc.assert(
    fc.property(fc.array(aDigest, { maxLength: 5 }), fc.array(anEntry, { maxLength: 4 }), (digests, states) => {
      assert.deepEqual(decodeAck(encodeAck({ digests, states })), { digests, states });
      assert.deepEqual(decodeAck2(encodeAck2({ states })), { states });
    }),
  );
  fc.assert(fc.property(int32, (generation) => assert.deepEqual(decodeShutdown(encodeShutdown({ generation })), { generation })));
});

test('every truncation of a valid payload is a GossipCodecError, never another exception', () => {
  fc.assert(
    fc.property(fc.array(aDigest, { maxLength: 3 }), fc.array(anEntry, { minLength: 1, maxLength: 3 }), (digests, states) => {
      const bytes = encodeAck({ digests, states });
      for (let n = 0; n < bytes.length; n++) assert.throws(() => decodeAck(bytes.subarray(0, n)), GossipCodecError);
    }),
    { numRuns: 30 },
  );
});

test('random bytes decode or fail with GossipCodecError only', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (junk) => {
      for (const decode of [decodeSyn, decodeAck, decodeAck2, decodeShutdown]) {
        try {
          decode(junk);
        } catch (e) {
          assert.ok(e instanceof GossipCodecError, String(e));
        }
      }
    }),
  );
});

test('malformed payloads name what is wrong', () => {
  const entry: EndpointStateEntry = {
    endpoint: endpoint('127.0.0.2'),
    state: { heartbeat: { generation: 5, version: 3 }, states: new Map([['STATUS', { value: 'NORMAL,1', version: 2 }]]) },
  };
  const good = encodeAck2({ states: [entry] });
  const bad = (bytes: Uint8Array, decode: (b: Uint8Array) => unknown, re: RegExp): void =>
    assert.throws(() => decode(bytes), (e: unknown) => e instanceof GossipCodecError && re.test(e.message));

  bad(Buffer.from([]), decodeAck2, /GOSSIP_DIGEST_ACK2 at byte 0: read past end/);
  bad(Buffer.from([GOSSIP_FORMAT + 1, 0]), decodeAck2, /unknown format 2/);
  bad(Buffer.concat([good, Buffer.from([0])]), decodeAck2, /1 trailing bytes/);
  // The application state id sits after format, count, host (len + 9 bytes), port, generation, version, count.
  const idAt = 1 + 1 + 1 + 9 + 2 + 4 + 4 + 1;
  assert.equal(good[idAt], 0, 'STATUS is state 0');
  const unknownId = Buffer.from(good);
  unknownId[idAt] = 9;
  bad(unknownId, decodeAck2, /unknown application state 9/);
  const negative = Buffer.from(good);
  negative.writeInt32BE(-1, idAt - 5);
  bad(negative, decodeAck2, /heartbeat version -1 is negative/);
  bad(Buffer.from([GOSSIP_FORMAT, 0xff, 0xff, 0x7f]), decodeAck2, /2097151 endpoint states exceed the limit/);
  bad(Buffer.from([GOSSIP_FORMAT, 1, 0xc3, 0x28, 0, 0]), decodeSyn, /cluster name is not UTF-8/);
  bad(Buffer.from([GOSSIP_FORMAT, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]), decodeSyn, /empty host/);
  const twice = Buffer.concat([good.subarray(0, idAt - 1), Buffer.from([2]), good.subarray(idAt), good.subarray(idAt)]);
  bad(twice, decodeAck2, /STATUS twice/);
});
