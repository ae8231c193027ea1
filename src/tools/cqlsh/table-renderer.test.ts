import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayWidth } from './display-width.js';
import { renderExpanded, renderTable } from './table-renderer.js';

test('a table has a left-aligned header, a rule, and right-aligned cells as wide as the widest', () => {
  assert.deepEqual(renderTable(['a', 'b'], [['1', '1'], ['13', '13'], ['2', 'null']], true), [
    ' a  | b',
    '----+------',
    '  1 |    1',
    ' 13 |   13',
    '  2 | null',
  ]);
  assert.deepEqual(renderTable(['lonelykey', 'lonelycol'], [], true), [' lonelykey | lonelycol', '-----------+-----------']);
  assert.deepEqual(renderTable(['k'], [['x']], false), [' x']);
});

test('wide characters count two columns and combining marks none', () => {
  assert.equal(displayWidth('abc'), 3);
  assert.equal(displayWidth('日本語'), 6);
  assert.equal(displayWidth('double wides: \u2f91\u2fa4\u2f9a'), 20);
  assert.equal(displayWidth('zero width\u200bspace'), 15);
  assert.equal(displayWidth('e\u0301'), 1);
  assert.equal(displayWidth('😀'), 2);
  assert.deepEqual(renderTable(['k', 'v'], [['1', '日本'], ['2', 'abcde']], true), [
    ' k | v',
    '---+-------',
    ' 1 |  日本',
    ' 2 | abcde',
  ]);
});

test('the expanded layout prints one @ Row block per row', () => {
  assert.deepEqual(renderExpanded(['k', 'value'], [['1', 'one'], ['2', 'two point three']], 1), [
    '@ Row 1',
    '-------+-----------------',
    ' k     | 1',
    ' value | one',
    '',
    '@ Row 2',
    '-------+-----------------',
    ' k     | 2',
    ' value | two point three',
    '',
  ]);
  assert.equal(renderExpanded(['k'], [['x']], 21)[0], '@ Row 21');
});
