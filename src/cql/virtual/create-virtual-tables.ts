/**
 * The node's virtual tables, made from its CqlContext (the composition root's default):
 * system.{local, peers, peers_v2}, system_schema.*, and the virtual keyspaces system_virtual_schema.*
 * and system_views.* (caches, clients, settings, thread_pools), all read through
 * one VirtualDataStore. `keyspaces()` gives their keyspace definitions (LocalStrategy) for
 * system_schema's own rows and for DESCRIBE.
 */
import { type KeyspaceDef, createKeyspace } from '../../schema/index.js';
import type { CqlContext, VirtualTables } from '../execution/index.js';
import { systemLocalTables } from './system-local.js';
import { systemSchemaTables } from './system-schema.js';
import { VirtualDataStore } from './virtual-data-store.js';
import { virtualSchemaTables } from './virtual-schema.js';
import { SYSTEM_VIEWS, systemViewsTables } from './system-views.js';
import type { VirtualTable } from './virtual-table.js';
import { pushAll } from '../../util/push-all.js';

export function createVirtualTables(ctx: CqlContext): VirtualTables {
  const own: KeyspaceDef[] = [];
  // Virtual keyspaces are described by system_virtual_schema, not system_schema (as in Cassandra).
  const schemaTables = systemSchemaTables(() => [...own.filter((k) => k.name !== 'system_virtual_schema' && k.name !== SYSTEM_VIEWS), ...ctx.schema().keyspaces]);
  const regular = [...systemLocalTables(ctx), ...schemaTables];
  const virtualOnes: VirtualTable[] = [];
  pushAll(virtualOnes, virtualSchemaTables(() => virtualOnes));
  pushAll(virtualOnes, systemViewsTables(ctx.views));
  const all = [...regular, ...virtualOnes];
  for (const name of ['system', 'system_schema', 'system_virtual_schema', SYSTEM_VIEWS]) {
    const tables = all.filter((t) => t.cf.keyspace === name).map((t) => t.cf);
    own.push({ ...createKeyspace({ name, replication: { class: 'LocalStrategy' } }, ctx.env.random), tables: Object.freeze(tables) });
  }
  const byId = new Map(all.map((t) => [t.cf.id, t]));
  const byName = new Map(all.map((t) => [`${t.cf.keyspace}.${t.cf.name}`, t]));
  const names = new Set(own.map((k) => k.name));
  return {
    keyspaces: () => own,
    table: (keyspace, name) => byName.get(`${keyspace}.${name}`)?.cf,
    isVirtualKeyspace: (keyspace) => names.has(keyspace),
    store: new VirtualDataStore((id) => byId.get(id), ctx.partitioner, ctx.layouts),
  };
}
