/**
 * A varint clustering value, set element or map key is one value whatever its width, as in
 * Cassandra 4.0 (which compares them numerically): IntegerType keeps widths for Thrift names
 * (issue 17), CQL stores these in the minimal form (marshal/value-comparable.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withKeyspace } from '../../../test/support/cql-test-node.js';

test('varint clustering values and set elements of different widths are one row and one element', () =>
  withKeyspace(async (n) => {
    await n.run('CREATE TABLE t (k int, c varint, s set<varint>, PRIMARY KEY (k, c))');
    await n.run('INSERT INTO t (k, c, s) VALUES (0, blobAsVarint(0x00000001), {blobAsVarint(0x0002)})');
    await n.run('INSERT INTO t (k, c) VALUES (0, 1)');
    await n.run('UPDATE t SET s = s + {2, 3} WHERE k = 0 AND c = blobAsVarint(0x0001)');
    const r = await n.run('SELECT c, s FROM t WHERE k = 0');
    assert.ok(r.kind === 'rows');
    const rows = r.rows;
    assert.equal(rows.length, 1);
    assert.equal(rows[0]![0]!.toString('hex'), '01');
    assert.equal(rows[0]![1]!.toString('hex'), '00000002' + '0000000102' + '0000000103', 's = {2, 3}');
  }));
