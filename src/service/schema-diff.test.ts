/** Schema diffs for drivers: keyspace created (with its tables), updated (tables created/changed/dropped), dropped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../env/index.js';
import { createKeyspace, Schema } from '../schema/index.js';
import { schemaDiff } from './schema-diff.js';

test('created, updated and dropped keyspaces and tables', () => {
  const random = new SeededRandom(2);
  const ks = (name: string, tables: { name: string; comment?: string }[]) => createKeyspace({ name, tables: tables.map((t) => ({ name: t.name, comment: t.comment ?? '' })) }, random);
  const before = Schema.of([ks('a', [{ name: 't1' }, { name: 't2' }]), ks('gone', [])]);
  const a = before.keyspace('a')!;
  const changedA = { ...a, tables: [{ ...a.tables.find((t) => t.name === 't1')!, comment: 'new' }, ...ks('a', [{ name: 't3' }]).tables] };
  const after = Schema.of([changedA, ks('b', [{ name: 'x' }])]);
  assert.deepEqual(schemaDiff(before, after, ['a', 'b', 'gone', 'none']), [
    { change: 'UPDATED', target: 'KEYSPACE', keyspace: 'a' },
    { change: 'UPDATED', target: 'TABLE', keyspace: 'a', name: 't1' },
    { change: 'CREATED', target: 'TABLE', keyspace: 'a', name: 't3' },
    { change: 'DROPPED', target: 'TABLE', keyspace: 'a', name: 't2' },
    { change: 'CREATED', target: 'KEYSPACE', keyspace: 'b' },
    { change: 'CREATED', target: 'TABLE', keyspace: 'b', name: 'x' },
    { change: 'DROPPED', target: 'KEYSPACE', keyspace: 'gone' },
  ]);
});
