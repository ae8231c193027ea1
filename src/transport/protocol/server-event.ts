import type { BodyReader, InetSocketAddress } from './body-reader.js';
import type { BodyWriter } from './body-writer.js';
import { ProtocolViolation } from './protocol-violation.js';
import type { EventType } from './requests.js';
import { type SchemaChange, readSchemaChange, writeSchemaChange } from './schema-change.js';

/**
 * EVENT bodies (v4 spec §4.2.6): <type:[string]> then
 *   TOPOLOGY_CHANGE  <change:[string]><node:[inet]>   NEW_NODE | REMOVED_NODE (| MOVED_NODE, v3+)
 *   STATUS_CHANGE    <change:[string]><node:[inet]>   UP | DOWN
 *   SCHEMA_CHANGE    the Schema_change body (schema-change.ts)
 * Events always travel on stream -1.
 */
export type ServerEvent =
  | { readonly type: 'TOPOLOGY_CHANGE'; readonly change: 'NEW_NODE' | 'REMOVED_NODE' | 'MOVED_NODE'; readonly node: InetSocketAddress }
  | { readonly type: 'STATUS_CHANGE'; readonly change: 'UP' | 'DOWN'; readonly node: InetSocketAddress }
  | { readonly type: 'SCHEMA_CHANGE'; readonly change: SchemaChange };

export const EVENT_STREAM = -1;

export function eventType(e: ServerEvent): EventType {
  return e.type;
}

export function writeEvent(w: BodyWriter, e: ServerEvent, version: number): void {
  w.string(e.type);
  if (e.type === 'SCHEMA_CHANGE') writeSchemaChange(w, e.change, version);
  else w.string(e.change).inet(e.node);
}

export function readEvent(r: BodyReader): ServerEvent {
  const type = r.string();
  switch (type) {
    case 'TOPOLOGY_CHANGE': {
      const change = r.string();
      if (change !== 'NEW_NODE' && change !== 'REMOVED_NODE' && change !== 'MOVED_NODE') {
        throw new ProtocolViolation(`unknown topology change ${change}`);
      }
      return { type, change, node: r.inet() };
    }
    case 'STATUS_CHANGE': {
      const change = r.string();
      if (change !== 'UP' && change !== 'DOWN') throw new ProtocolViolation(`unknown status change ${change}`);
      return { type, change, node: r.inet() };
    }
    case 'SCHEMA_CHANGE':
      return { type, change: readSchemaChange(r) };
    default:
      throw new ProtocolViolation(`unknown event type ${type}`);
  }
}
