/**
 * The executor's results → the protocol's RESULT messages: rows with their column specs and
 * paging state, set_keyspace, schema_change, void; and a prepared statement → its Prepared
 * result (bind variables and partition key indexes; the result columns, or No_metadata for a
 * statement that returns no rows, as Cassandra sends it).
 */
import type { ColumnSpec as CqlColumnSpec, CqlResult, CqlStatement, SchemaChangeEvent } from '../cql/execution/index.js';
import type { ColumnSpec, PreparedResult, ResultMessage, ResultMetadata, SchemaChange } from '../transport/index.js';
import type { TypeSpecs } from './type-spec.js';

const VOID: ResultMessage = Object.freeze({ kind: 'void' });
const NO_RESULT_METADATA: ResultMetadata = Object.freeze({ columns: [], noMetadata: true });

export function toResultMessage(result: CqlResult, types: TypeSpecs): ResultMessage {
  switch (result.kind) {
    case 'void':
      return VOID;
    case 'rows': {
      const columns = toColumnSpecs(result.columns, types);
      const metadata: ResultMetadata = result.pagingState === undefined ? { columns } : { columns, pagingState: result.pagingState };
      return { kind: 'rows', metadata, rows: result.rows };
    }
    case 'setKeyspace':
      return { kind: 'set_keyspace', keyspace: result.keyspace };
    case 'schemaChange':
      return { kind: 'schema_change', change: toSchemaChange(result.change) };
  }
}

export function toPreparedResult(id: Buffer, statement: CqlStatement, types: TypeSpecs): PreparedResult {
  const resultMetadata = statement.resultColumns === null ? NO_RESULT_METADATA : { columns: toColumnSpecs(statement.resultColumns, types) };
  return {
    kind: 'prepared',
    id,
    metadata: { columns: toColumnSpecs(statement.bindVariables, types), pkIndexes: statement.pkIndexes },
    resultMetadata,
  };
}

export function toColumnSpecs(columns: readonly CqlColumnSpec[], types: TypeSpecs): ColumnSpec[] {
  return columns.map((c) => ({ keyspace: c.keyspace, table: c.table, name: c.name, type: types.of(c.type) }));
}

export function toSchemaChange(e: SchemaChangeEvent): SchemaChange {
  switch (e.target) {
    case 'KEYSPACE':
      return { change: e.change, target: e.target, keyspace: e.keyspace };
    case 'TABLE':
    case 'TYPE':
      return { change: e.change, target: e.target, keyspace: e.keyspace, name: e.name };
    case 'FUNCTION':
    case 'AGGREGATE':
      return { change: e.change, target: e.target, keyspace: e.keyspace, name: e.name, argTypes: e.argTypes };
  }
}
