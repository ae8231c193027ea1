/**
 * A node's host id: a UUID chosen once when the node first starts and kept in its data directory,
 * so a node keeps its identity across address changes. Stored in canonical lower-case form.
 */
import { isUuidText } from '../schema/index.js';
import { TopologyError } from './topology-error.js';

export function canonicalHostId(text: string): string {
  const id = text.trim().toLowerCase();
  if (!isUuidText(id)) throw new TopologyError(`'${text}' is not a host id (a UUID)`);
  return id;
}
