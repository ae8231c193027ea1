import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimatedHeapBytes } from './estimated-size.js';

test('estimatedHeapBytes counts strings, buffers and slots, each shared object once, and survives cycles', () => {
  const shared = { s: 'x'.repeat(1000) };
  const one = estimatedHeapBytes(shared);
  assert.ok(one >= 1000 && one < 1100, `${one}`);
  assert.ok(estimatedHeapBytes([shared, shared]) < one + 100, 'a shared object is counted once');
  const cyclic: { self?: unknown; b: Buffer } = { b: Buffer.alloc(5000) };
  cyclic.self = cyclic;
  assert.ok(estimatedHeapBytes(cyclic) >= 5000);
  const many = estimatedHeapBytes(Array.from({ length: 1000 }, (_, i) => ({ kind: 'literal', value: String(i) })));
  assert.ok(many > 1000 * 40, `a thousand small objects weigh more than their text: ${many}`);
});
