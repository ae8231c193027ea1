/** `--log-file-size` parsing: what the help promises (bytes, or k/m/g) is what reaches the rotation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { logFileSizeBytes } from './node-log.js';

test('regression: a plain --log-file-size is bytes (pino-roll alone would read 400 as 400 MiB); k, m, g are powers of 1024', () => {
  assert.equal(logFileSizeBytes('400'), 400);
  assert.equal(logFileSizeBytes('1k'), 1024);
  assert.equal(logFileSizeBytes('10M'), 10 * 1024 ** 2);
  assert.equal(logFileSizeBytes('2g'), 2 * 1024 ** 3);
});

test('a --log-file-size that is not a positive size is refused', () => {
  for (const bad of ['', '0', '1.5m', '10mb', '-1', 'k', '99999999999999999g']) assert.equal(logFileSizeBytes(bad), undefined, bad);
});
