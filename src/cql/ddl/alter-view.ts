/**
 * ALTER MATERIALIZED VIEW [IF EXISTS] [ks.]v WITH options: the table options of the view's own
 * table, as Cassandra 4.0 allows them (AlterViewStatement: no default_time_to_live, no id).
 */
import { InvalidRequestError } from '../../errors/index.js';
import { columnFamilyInputOf, createColumnFamily } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { AlterMaterializedViewStatement } from '../parser/index.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';
import { tableOptions } from './table-options.js';

export const prepareAlterMaterializedView: Preparer<AlterMaterializedViewStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.view, session);
  const name = stmt.view.name;
  const options = tableOptions(stmt.properties);
  if (options.id !== undefined) throw new InvalidRequestError('Cannot alter table id.');
  if (options.defaultTimeToLive !== undefined) {
    throw new InvalidRequestError('Cannot set or alter default_time_to_live for a materialized view. Data in a materialized view always expire at the same time than the corresponding data in the parent table.');
  }
  return schemaStatement('alterMaterializedView', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined) throw new InvalidRequestError(`Keyspace '${keyspace}' doesn't exist`);
      const view = ks.tables.find((t) => t.name === name && t.view !== null);
      if (view === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`Materialized view '${keyspace}.${name}' doesn't exist`);
      }
      const next = createColumnFamily(
        {
          ...columnFamilyInputOf(view),
          comment: options.comment ?? view.comment,
          gcGraceSeconds: options.gcGraceSeconds ?? view.gcGraceSeconds,
          params: { ...view.params, ...Object.fromEntries(Object.entries(options.params).filter(([, v]) => v !== undefined)) },
        },
        ctx.env.random,
      );
      return { schema: s.updateColumnFamily(next), event: { change: 'UPDATED', target: 'TABLE', keyspace, name } };
    });
  });
};
