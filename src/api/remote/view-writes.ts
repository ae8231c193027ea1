/**
 * batch_mutate through the column families' CQL views: each insert and deletion becomes one CQL
 * statement, all of a request in one logged BATCH (so a request is at least as atomic as the
 * embedded one, which is atomic per row). The request is first checked here exactly as the
 * embedded operations check it (the same RowUpdateBuilder validation, nothing applied), so a
 * refused request fails with the same error and sends nothing.
 *
 *   column (dynamic)      INSERT INTO t (key, column1, value) VALUES (?, ?, ?) USING [TTL ? AND] TIMESTAMP ?
 *   sub-column (super)    INSERT INTO t (key, column1, column2, value) VALUES (?, ?, ?, ?) USING …
 *   column (named)        INSERT INTO t (key, "name") VALUES (?, ?) USING …
 *   row                   DELETE FROM t USING TIMESTAMP ? WHERE key = ?
 *   column / super column DELETE FROM t USING TIMESTAMP ? WHERE key = ? AND column1 = ? (a super
 *                         column: the whole clustering prefix); sub-column: AND column2 = ?
 *   named column          DELETE "name" FROM t USING TIMESTAMP ? WHERE key = ?
 *
 * A column family with column metadata shows only its named columns over CQL: writing or deleting
 * another column remotely is refused (InvalidRequestError) rather than silently lost.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { checkKeyspace, lookupColumnFamily } from '../../db/operations/column-family-lookup.js';
import { RowUpdateBuilder } from '../../db/operations/row-update-builder.js';
import { validateKey } from '../../db/operations/thrift-validation.js';
import type { Column, Deletion, Mutation, MutationMap } from '../../db/index.js';
import type { Schema } from '../../schema/index.js';
import type { CqlView, CqlViews } from './cql-view.js';
import type { BatchEntry } from './remote-session.js';
import { pushAll } from '../../util/push-all.js';

export function mutationStatements(schema: Schema, keyspace: string, map: MutationMap, nowSec: number, views: CqlViews): BatchEntry[] {
  checkKeyspace(schema, keyspace);
  const out: BatchEntry[] = [];
  for (const [key, byCf] of map) {
    for (const [cfName, mutations] of byCf) {
      const cf = lookupColumnFamily(schema, keyspace, cfName);
      validateKey(cf, key);
      const check = new RowUpdateBuilder(cf, key, nowSec);
      for (const m of mutations) {
        if (m === null || typeof m !== 'object' || (m.columnOrSuperColumn === undefined) === (m.deletion === undefined)) {
          throw new InvalidRequestError('Mutation must have one and only one of column_or_supercolumn or deletion');
        }
        if (m.columnOrSuperColumn !== undefined) check.addColumnOrSuperColumn(m.columnOrSuperColumn);
        else check.addDeletion(m.deletion!);
      }
      const view = views.of(cf);
      for (const m of mutations) pushAll(out, statementsOf(view, key, m));
    }
  }
  return out;
}

function statementsOf(view: CqlView, key: Buffer, m: Mutation): BatchEntry[] {
  if (m.deletion !== undefined) return deletions(view, key, m.deletion);
  const cosc = m.columnOrSuperColumn!;
  if (cosc.column !== undefined) return [insert(view, key, undefined, cosc.column)];
  return cosc.superColumn!.columns.map((c) => insert(view, key, cosc.superColumn!.name, c));
}

function insert(view: CqlView, key: Buffer, superName: Buffer | undefined, c: Column): BatchEntry {
  const using = c.ttl === undefined ? 'USING TIMESTAMP ?' : 'USING TTL ? AND TIMESTAMP ?';
  const attrs: unknown[] = c.ttl === undefined ? [c.timestamp] : [c.ttl, c.timestamp];
  switch (view.shape) {
    case 'dynamic':
      return { query: `INSERT INTO ${view.table} (${view.key.id}, ${view.column1.id}, ${view.value.id}) VALUES (?, ?, ?) ${using}`, params: [key, c.name, c.value, ...attrs] };
    case 'super':
      return { query: `INSERT INTO ${view.table} (${view.key.id}, ${view.column1.id}, ${view.column2.id}, ${view.value.id}) VALUES (?, ?, ?, ?) ${using}`, params: [key, superName, c.name, c.value, ...attrs] };
    case 'named':
      return { query: `INSERT INTO ${view.table} (${view.key.id}, ${namedId(view, c.name)}) VALUES (?, ?) ${using}`, params: [key, c.value, ...attrs] };
  }
}

function deletions(view: CqlView, key: Buffer, d: Deletion): BatchEntry[] {
  const from = `FROM ${view.table} USING TIMESTAMP ?`;
  const names = d.predicate?.columnNames;
  if (d.predicate?.sliceRange !== undefined) throw new InvalidRequestError('Deletion does not yet support SliceRange predicates.');
  if (view.shape === 'named') {
    if (names === undefined) return [{ query: `DELETE ${from} WHERE ${view.key.id} = ?`, params: [d.timestamp, key] }];
    return names.map((n) => ({ query: `DELETE ${namedId(view, n)} ${from} WHERE ${view.key.id} = ?`, params: [d.timestamp, key] }));
  }
  const byKey = `WHERE ${view.key.id} = ?`;
  if (d.superColumn === undefined && names === undefined) return [{ query: `DELETE ${from} ${byKey}`, params: [d.timestamp, key] }];
  if (d.superColumn === undefined) return names!.map((n) => ({ query: `DELETE ${from} ${byKey} AND ${view.column1.id} = ?`, params: [d.timestamp, key, n] }));
  if (view.shape !== 'super') throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${view.def.name}`);
  if (names === undefined) return [{ query: `DELETE ${from} ${byKey} AND ${view.column1.id} = ?`, params: [d.timestamp, key, d.superColumn] }];
  return names.map((n) => ({ query: `DELETE ${from} ${byKey} AND ${view.column1.id} = ? AND ${view.column2.id} = ?`, params: [d.timestamp, key, d.superColumn, n] }));
}

function namedId(view: Extract<CqlView, { shape: 'named' }>, name: Buffer): string {
  const named = view.named.find((n) => view.def.comparator.compare(n.name, name) === 0);
  if (named === undefined) {
    const shown = view.named.map((n) => view.def.comparator.toString(n.name)).join(', ');
    throw new InvalidRequestError(`column ${view.def.comparator.toString(name)} is not in the column metadata of ${view.def.keyspace}.${view.def.name}: over CQL (the remote API) a column family with column metadata shows only its named columns (${shown})`);
  }
  return named.column.id;
}
