/**
 * Admin commands of day-to-day maintenance, as Cassandra's nodetool names them:
 * enableautocompaction / disableautocompaction [ks [table…]], garbagecollect [ks [table…]],
 * listsnapshots, gcstats (garbage collections since the previous gcstats, gc-stats.ts).
 */
import type { IliumNode } from '../ilium-node.js';
import { GcStats } from './gc-stats.js';
import { tablesOf } from './table-args.js';

export function maintenanceCommands(node: IliumNode): Record<'enableautocompaction' | 'disableautocompaction' | 'garbagecollect' | 'listsnapshots' | 'gcstats', (args: readonly string[]) => unknown> {
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
  };
}
