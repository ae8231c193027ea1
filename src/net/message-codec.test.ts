/** The message, handshake and failure codecs: round trips and refusal of malformed input. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ErrorCode, OverloadedError } from '../errors/index.js';
import { decodeFailure, encodeFailure, failureFromError, FAILURE_REASONS, type FailureReason } from './failure.js';
import { decodeHello, decodeReply, encodeHello, encodeReply, PROTOCOL_VERSION, refusalReason } from './handshake.js';
import { endpoint } from './inet-address.js';
import type { Message, MessageKind } from './message.js';
import { decodeMessage, encodeMessage, UnknownVerbError } from './message-codec.js';
import { InternodeProtocolError } from './net-errors.js';
import { VERB_NAMES } from './verbs.js';

const FROM = endpoint('127.0.0.9', 7001);
const arbKind = fc.constantFrom<MessageKind>('oneway', 'request', 'response', 'failure');
const arbMessage = fc.record({
  id: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  verb: fc.constantFrom(...VERB_NAMES),
  kind: arbKind,
  createdAtMs: fc.integer({ min: 0, max: 2 ** 45 }),
  ttlMs: fc.integer({ min: 0, max: 10_000_000 }),
  payload: fc.uint8Array({ maxLength: 500 }),
});

test('messages round-trip; the deadline travels as time left, in the receiver clock', () => {
  fc.assert(
    fc.property(arbMessage, fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: -1e6, max: 1e6 }), (a, senderNow, skew) => {
      const m: Message = { id: a.id, verb: a.verb, kind: a.kind, from: FROM, createdAtMs: a.createdAtMs, expiresAtMs: senderNow + a.ttlMs, payload: a.payload };
      const receiverNow = senderNow + skew + 1e6;
      const back = decodeMessage(encodeMessage(m, senderNow), FROM, receiverNow);
      assert.deepEqual({ ...back, payload: Buffer.from(back.payload) }, { ...m, payload: Buffer.from(m.payload), expiresAtMs: receiverNow + a.ttlMs });
    }),
  );
});

test('a traced request carries its 16-byte trace session (a flag in the kind byte); untraced ones do not', () => {
  const session = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
  const m: Message = { id: 7, verb: 'READ', kind: 'request', from: FROM, createdAtMs: 1, expiresAtMs: 100, payload: Buffer.from('q'), traceSession: session };
  const body = encodeMessage(m, 0);
  const back = decodeMessage(body, FROM, 0);
  assert.deepEqual(Buffer.from(back.traceSession!), session);
  assert.equal(back.kind, 'request');
  const plain = decodeMessage(encodeMessage({ ...m, traceSession: undefined }, 0), FROM, 0);
  assert.equal('traceSession' in plain, false);
  assert.equal(body.length - encodeMessage({ id: 7, verb: 'READ', kind: 'request', from: FROM, createdAtMs: 1, expiresAtMs: 100, payload: Buffer.from('q') }, 0).length, 16);
  assert.throws(() => decodeMessage(body.subarray(0, body.length - 10), FROM, 0), InternodeProtocolError);
});

test('an unknown verb is reported with the message id and kind; malformed bodies are protocol errors', () => {
  const m: Message = { id: 42, verb: 'ECHO', kind: 'request', from: FROM, createdAtMs: 1, expiresAtMs: 100, payload: Buffer.from('x') };
  const body = encodeMessage(m, 0);
  const foreign = Buffer.from(body);
  foreign.writeUInt16BE(0xfff0, 1); // id 42 is one varint byte; the verb follows
  assert.throws(
    () => decodeMessage(foreign, FROM, 0),
    (e: unknown) => e instanceof UnknownVerbError && e.messageId === 42 && e.verbId === 0xfff0 && e.kind === 'request',
  );
  assert.throws(() => decodeMessage(body.subarray(0, body.length - 1), FROM, 0), InternodeProtocolError);
  assert.throws(() => decodeMessage(Buffer.concat([body, Buffer.from([0])]), FROM, 0), /stray bytes/);
  const badKind = Buffer.from(body);
  badKind[3] = 9;
  assert.throws(() => decodeMessage(badKind, FROM, 0), /unknown message kind 9/);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (junk) => {
      try {
        decodeMessage(Buffer.from(junk), FROM, 0);
      } catch (err) {
        assert.ok(err instanceof InternodeProtocolError, String(err));
      }
    }),
  );
});

test('hello and reply round-trip; refusal reasons name the version or the cluster', () => {
  const hello = { version: PROTOCOL_VERSION, connectionType: 'gossip', from: endpoint('127.0.0.3', 7000), clusterName: 'Prod Ring' } as const;
  const back = decodeHello(encodeHello(hello));
  assert.deepEqual(back, { kind: 'hello', hello });
  assert.equal(refusalReason(back, 'Prod Ring'), null);
  assert.match(refusalReason(back, 'Other') ?? '', /cluster name mismatch: peer is in 'Prod Ring', this node in 'Other'/);
  const v9 = decodeHello(encodeHello({ ...hello, version: 9 }));
  assert.deepEqual(v9, { kind: 'unsupported', version: 9 });
  assert.match(refusalReason(v9, 'Prod Ring') ?? '', /unsupported internode protocol version 9 \(this node speaks 1\)/);
  assert.deepEqual(decodeReply(encodeReply({ version: 1, accepted: false, reason: 'nope' })), { version: 1, accepted: false, reason: 'nope' });
  assert.throws(() => decodeHello(Buffer.from('PING\0\0\0\0')), /bad magic 0x50494e47/);
  assert.throws(() => decodeHello(encodeHello(hello).subarray(0, 10)), /malformed handshake/);
});

test('failure payloads round-trip and carry the remote error code', () => {
  fc.assert(
    fc.property(fc.constantFrom(...(Object.keys(FAILURE_REASONS) as FailureReason[])), fc.nat(0xffff), fc.string({ maxLength: 100 }), (reason, errorCode, message) => {
      assert.deepEqual(decodeFailure(encodeFailure({ reason, errorCode, message })), { reason, errorCode, message });
    }),
  );
  const f = failureFromError(new OverloadedError('memtables full'));
  assert.deepEqual(f, { reason: 'HANDLER_ERROR', errorCode: ErrorCode.OVERLOADED, message: 'OverloadedError: memtables full' });
  assert.equal(decodeFailure(Buffer.from([1])).reason, 'UNKNOWN');
});
