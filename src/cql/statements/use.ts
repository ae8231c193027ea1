/** USE ks: the session's keyspace becomes ks (it must exist, or be a virtual keyspace). */
import { InvalidRequestError } from '../../errors/index.js';
import type { CqlStatement, Preparer } from '../execution/index.js';
import type { UseStatement } from '../parser/index.js';

export const prepareUse: Preparer<UseStatement> = (stmt, _parsed, ctx) => {
  const statement: CqlStatement = {
    kind: 'use',
    bindVariables: [],
    pkIndexes: [],
    resultColumns: null,
    execute: (state) => {
      if (ctx.schema().keyspace(stmt.keyspace) === undefined && !ctx.virtualTables.isVirtualKeyspace(stmt.keyspace)) {
        return Promise.reject(new InvalidRequestError(`Keyspace '${stmt.keyspace}' does not exist`));
      }
      state.keyspace = stmt.keyspace;
      return Promise.resolve({ kind: 'setKeyspace', keyspace: stmt.keyspace });
    },
  };
  return statement;
};
