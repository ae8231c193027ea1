import { InvalidRequestError } from '../../errors/index.js';
import type { IliumNode } from '../ilium-node.js';

/**
 * Engine table ids named by nodetool's arguments: none = every table; `ks` = the keyspace's
 * tables; `ks t1 t2` = those tables; with `dotted`, also `ks.t` forms (tablestats, snapshot).
 * A table's index tables go with it. Unknown names are errors, not silently nothing.
 */
export function tablesOf(node: IliumNode, args: readonly string[], dotted = false): string[] {
  const all = node.engine.tableIds().map((id) => ({ id, def: node.engine.table(id).def }));
  if (args.length === 0) return all.map((t) => t.id);
  const belongs = (name: string, cf: string) => name === cf || name.startsWith(`${cf}.`);
  const pick = (ks: string, cf?: string) => {
    const found = all.filter((t) => t.def.keyspace === ks && (cf === undefined || belongs(t.def.name, cf)));
    if (found.length === 0) {
      throw new InvalidRequestError(cf === undefined ? `Keyspace '${ks}' does not exist` : `Table '${ks}.${cf}' does not exist`);
    }
    return found.map((t) => t.id);
  };
  if (dotted) return [...new Set(args.flatMap((a) => (a.includes('.') ? pick(a.slice(0, a.indexOf('.')), a.slice(a.indexOf('.') + 1)) : pick(a))))];
  const [ks, ...cfs] = args as [string, ...string[]];
  return cfs.length === 0 ? pick(ks) : [...new Set(cfs.flatMap((cf) => pick(ks, cf)))];
}

