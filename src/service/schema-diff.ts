/**
 * The schema change events a merged schema means for CQL clients (drivers refresh their metadata
 * on them): per keyspace CREATED / DROPPED, or UPDATED with the tables created, dropped or
 * changed in it. The shape is the CQL layer's SchemaChangeEvent for keyspaces and tables.
 */
import { keyspaceToObject, type KeyspaceDef, type Schema } from '../schema/index.js';

export type SchemaDiffChange =
  | { readonly change: 'CREATED' | 'UPDATED' | 'DROPPED'; readonly target: 'KEYSPACE'; readonly keyspace: string }
  | { readonly change: 'CREATED' | 'UPDATED' | 'DROPPED'; readonly target: 'TABLE'; readonly keyspace: string; readonly name: string };

function tablesOf(ks: KeyspaceDef): Map<string, string> {
  const tables = (keyspaceToObject(ks) as { tables: { name: string }[] }).tables;
  return new Map(tables.map((t) => [t.name, JSON.stringify(t)]));
}

export function schemaDiff(before: Schema, after: Schema, keyspaces: readonly string[]): SchemaDiffChange[] {
  const out: SchemaDiffChange[] = [];
  for (const keyspace of keyspaces) {
    const a = before.keyspace(keyspace);
    const b = after.keyspace(keyspace);
    if (a === undefined && b === undefined) continue;
    if (a === undefined) out.push({ change: 'CREATED', target: 'KEYSPACE', keyspace });
    else if (b === undefined) out.push({ change: 'DROPPED', target: 'KEYSPACE', keyspace });
    else {
      out.push({ change: 'UPDATED', target: 'KEYSPACE', keyspace });
      const ta = tablesOf(a);
      const tb = tablesOf(b);
      for (const [name, json] of tb) {
        const old = ta.get(name);
        if (old === undefined) out.push({ change: 'CREATED', target: 'TABLE', keyspace, name });
        else if (old !== json) out.push({ change: 'UPDATED', target: 'TABLE', keyspace, name });
      }
      for (const name of ta.keys()) if (!tb.has(name)) out.push({ change: 'DROPPED', target: 'TABLE', keyspace, name });
    }
    if (a === undefined && b !== undefined) for (const name of tablesOf(b).keys()) out.push({ change: 'CREATED', target: 'TABLE', keyspace, name });
  }
  return out;
}
