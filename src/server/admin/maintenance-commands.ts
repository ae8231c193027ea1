/**
 * Admin commands of day-to-day maintenance, as Cassandra's nodetool names them:
 * enableautocompaction / disableautocompaction [ks [table…]], garbagecollect [ks [table…]],
 * listsnapshots, gcstats (garbage collections since the previous gcstats, gc-stats.ts), refresh <ks>
 * <table> (SSTables copied into the table's directory loaded without a restart).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { IliumNode } from '../ilium-node.js';
import { GcStats } from './gc-stats.js';
import { tablesOf } from './table-args.js';

export function maintenanceCommands(node: IliumNode): Record<'enableautocompaction' | 'disableautocompaction' | 'garbagecollect' | 'listsnapshots' | 'gcstats' | 'refresh', (args: readonly string[]) => unknown> {
  const gc = new GcStats(node.env);
  gc.start();
  return {
    enableautocompaction: (args) => {
      node.engine.setAutoCompaction(tablesOf(node, args), true);
      return {};
    },
    disableautocompaction: (args) => {
      node.engine.setAutoCompaction(tablesOf(node, args), false);
      return {};
    },
    garbagecollect: async (args) => {
      for (const id of tablesOf(node, args)) await node.engine.garbageCollect(id);
      return {};
    },
    listsnapshots: () => ({ snapshots: node.engine.listSnapshots() }),
    gcstats: () => gc.report(),
    refresh: async (args) => {
      // Cassandra's nodetool Refresh checks the same (its message).
      if (args.length !== 2) throw new InvalidRequestError('refresh requires ks and cf args');
      const [ks, table] = args as [string, string];
      const id = tablesOf(node, [ks, table]).find((i) => node.engine.table(i).def.name === table);
      if (id === undefined) throw new InvalidRequestError(`Table '${ks}.${table}' does not exist`);
      return { loaded: await node.engine.refresh(id) };
    },
  };
}
