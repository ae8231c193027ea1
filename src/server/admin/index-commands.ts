/**
 * nodetool rebuild_index <ks> <table> <index…>: the named secondary indexes (KEYS indexes of Thrift
 * column families, CQL indexes) emptied and built again from the table's rows, answering once done
 * (Cassandra's StorageService.rebuildSecondaryIndex blocks likewise).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { IliumNode } from '../ilium-node.js';

export function indexCommands(node: IliumNode): Record<'rebuild_index', (args: readonly string[]) => unknown> {
  return {
    rebuild_index: async (args) => {
      // Cassandra's nodetool RebuildIndex checks the same (its message).
      if (args.length < 3) throw new InvalidRequestError('rebuild_index requires ks, cf and idx args');
      const [ks, table, ...names] = args as [string, string, ...string[]];
      const cf = node.keeper.schema.table(ks, table);
      if (cf === undefined) throw new InvalidRequestError(`Table '${ks}.${table}' does not exist`);
      const byName = new Map(node.engine.tableIds().map((id) => [node.engine.table(id).def, id] as const).filter(([d]) => d.keyspace === ks && d.name.startsWith(`${table}.`)).map(([d, id]) => [d.name.slice(table.length + 1), id]));
      const ids = new Set<string>();
      for (const n of names) {
        const id = byName.get(n);
        if (id === undefined) throw new InvalidRequestError(`Index '${n}' of table '${ks}.${table}' does not exist`);
        ids.add(id);
      }
      await node.keeper.rebuildIndexes(cf, ids);
      return {};
    },
  };
}
