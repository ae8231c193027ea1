/** cell-values.ts: the short-name fast path gives exactly Buffer#toString's strings at every length and offset. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UTF8_TYPE } from '../marshal/index.js';
import { cellName } from '../storage/model/cell-name.js';
import { asciiText, componentDecoder } from './cell-values.js';

test('asciiText equals toString latin1 for every length 0..20 at any offset', () => {
  const bytes = Buffer.from('#abcdefghijklmnopqrstuvwxyz0123456789', 'latin1');
  for (let start = 0; start < 4; start++) {
    for (let n = 0; n <= 20; n++) assert.equal(asciiText(bytes, start, start + n), bytes.toString('latin1', start, start + n), `start ${start}, length ${n}`);
  }
});

test('UTF8Type names decode from cell names: ASCII of every length, non-ASCII, escaped bytes', () => {
  const decode = componentDecoder(UTF8_TYPE, false);
  const names = [...Array.from({ length: 16 }, (_, n) => 'n'.repeat(n)), 'héllo', '日本語', 'a\u0000b', '\u0001x'];
  for (const name of names) {
    const cell = cellName([UTF8_TYPE.toComparable(Buffer.from(name))]);
    const at = { buf: cell, pos: 1 };
    assert.equal(decode(at), name);
  }
});
