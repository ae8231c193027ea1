import type { BodyReader } from './body-reader.js';
import type { BodyWriter } from './body-writer.js';
import { ProtocolViolation } from './protocol-violation.js';

/**
 * Column types as the protocol describes them ([option] of the v4 spec §4.2.5.2). The query
 * layer converts its own types into a `DataTypeSpec`; the transport only encodes it.
 * `varchar` is CQL's `text`. Types a client's version does not know are sent as `custom` with
 * their Cassandra class names, as Cassandra does: in v3 date, time, smallint and tinyint (added by
 * v4), and duration in both v3 and v4 (its option id 0x0015 is a v5 fact).
 */
export type NativeTypeName =
  | 'ascii'
  | 'bigint'
  | 'blob'
  | 'boolean'
  | 'counter'
  | 'decimal'
  | 'double'
  | 'float'
  | 'int'
  | 'timestamp'
  | 'uuid'
  | 'varchar'
  | 'varint'
  | 'timeuuid'
  | 'inet'
  | 'date'
  | 'time'
  | 'smallint'
  | 'tinyint'
  | 'duration';

export interface UdtField {
  readonly name: string;
  readonly type: DataTypeSpec;
}

export type DataTypeSpec =
  | { readonly kind: 'native'; readonly name: NativeTypeName }
  | { readonly kind: 'custom'; readonly className: string }
  | { readonly kind: 'list'; readonly element: DataTypeSpec }
  | { readonly kind: 'set'; readonly element: DataTypeSpec }
  | { readonly kind: 'map'; readonly key: DataTypeSpec; readonly value: DataTypeSpec }
  | { readonly kind: 'udt'; readonly keyspace: string; readonly name: string; readonly fields: readonly UdtField[] }
  | { readonly kind: 'tuple'; readonly elements: readonly DataTypeSpec[] };

/** Option ids (wire facts). */
export const TypeId = {
  CUSTOM: 0x0000,
  ASCII: 0x0001,
  BIGINT: 0x0002,
  BLOB: 0x0003,
  BOOLEAN: 0x0004,
  COUNTER: 0x0005,
  DECIMAL: 0x0006,
  DOUBLE: 0x0007,
  FLOAT: 0x0008,
  INT: 0x0009,
  TIMESTAMP: 0x000b,
  UUID: 0x000c,
  VARCHAR: 0x000d,
  VARINT: 0x000e,
  TIMEUUID: 0x000f,
  INET: 0x0010,
  DATE: 0x0011,
  TIME: 0x0012,
  SMALLINT: 0x0013,
  TINYINT: 0x0014,
  DURATION: 0x0015,
  LIST: 0x0020,
  MAP: 0x0021,
  SET: 0x0022,
  UDT: 0x0030,
  TUPLE: 0x0031,
} as const;

const NATIVE_IDS: Readonly<Record<NativeTypeName, number>> = {
  ascii: TypeId.ASCII,
  bigint: TypeId.BIGINT,
  blob: TypeId.BLOB,
  boolean: TypeId.BOOLEAN,
  counter: TypeId.COUNTER,
  decimal: TypeId.DECIMAL,
  double: TypeId.DOUBLE,
  float: TypeId.FLOAT,
  int: TypeId.INT,
  timestamp: TypeId.TIMESTAMP,
  uuid: TypeId.UUID,
  varchar: TypeId.VARCHAR,
  varint: TypeId.VARINT,
  timeuuid: TypeId.TIMEUUID,
  inet: TypeId.INET,
  date: TypeId.DATE,
  time: TypeId.TIME,
  smallint: TypeId.SMALLINT,
  tinyint: TypeId.TINYINT,
  duration: TypeId.DURATION,
};

const NATIVE_BY_ID: ReadonlyMap<number, NativeTypeName> = new Map(
  (Object.entries(NATIVE_IDS) as [NativeTypeName, number][]).map(([n, id]) => [id, n]),
);

/** Native types older clients do not know: the first version with the id, and the class name. */
const INTRODUCED: Partial<Record<NativeTypeName, { since: number; className: string }>> = {
  date: { since: 4, className: 'org.apache.cassandra.db.marshal.SimpleDateType' },
  time: { since: 4, className: 'org.apache.cassandra.db.marshal.TimeType' },
  smallint: { since: 4, className: 'org.apache.cassandra.db.marshal.ShortType' },
  tinyint: { since: 4, className: 'org.apache.cassandra.db.marshal.ByteType' },
  duration: { since: 5, className: 'org.apache.cassandra.db.marshal.DurationType' },
};

export function nativeType(name: NativeTypeName): DataTypeSpec {
  return { kind: 'native', name };
}

/** Writes `t` as an [option]. */
export function writeDataType(w: BodyWriter, t: DataTypeSpec, version: number): void {
  switch (t.kind) {
    case 'native': {
      const later = INTRODUCED[t.name];
      if (later !== undefined && version < later.since) w.short(TypeId.CUSTOM).string(later.className);
      else w.short(NATIVE_IDS[t.name]);
      return;
    }
    case 'custom':
      w.short(TypeId.CUSTOM).string(t.className);
      return;
    case 'list':
    case 'set':
      w.short(t.kind === 'list' ? TypeId.LIST : TypeId.SET);
      writeDataType(w, t.element, version);
      return;
    case 'map':
      w.short(TypeId.MAP);
      writeDataType(w, t.key, version);
      writeDataType(w, t.value, version);
      return;
    case 'udt':
      w.short(TypeId.UDT).string(t.keyspace).string(t.name).short(t.fields.length);
      for (const f of t.fields) {
        w.string(f.name);
        writeDataType(w, f.type, version);
      }
      return;
    case 'tuple':
      w.short(TypeId.TUPLE).short(t.elements.length);
      for (const e of t.elements) writeDataType(w, e, version);
      return;
  }
}

/** Deepest type nesting `readDataType` accepts (keeps hostile input off the stack limit). */
export const MAX_TYPE_DEPTH = 64;

/** Reads an [option] type (client side: result metadata). */
export function readDataType(r: BodyReader, depth = 0): DataTypeSpec {
  if (depth > MAX_TYPE_DEPTH) throw new ProtocolViolation(`type nested deeper than ${MAX_TYPE_DEPTH}`);
  const id = r.short();
  const native = NATIVE_BY_ID.get(id);
  if (native !== undefined) return { kind: 'native', name: native };
  switch (id) {
    case TypeId.CUSTOM:
      return { kind: 'custom', className: r.string() };
    case TypeId.LIST:
      return { kind: 'list', element: readDataType(r, depth + 1) };
    case TypeId.SET:
      return { kind: 'set', element: readDataType(r, depth + 1) };
    case TypeId.MAP: {
      const key = readDataType(r, depth + 1);
      return { kind: 'map', key, value: readDataType(r, depth + 1) };
    }
    case TypeId.UDT: {
      const keyspace = r.string();
      const name = r.string();
      const n = r.count(4, 'UDT field');
      const fields: UdtField[] = [];
      for (let i = 0; i < n; i++) {
        const fieldName = r.string();
        fields.push({ name: fieldName, type: readDataType(r, depth + 1) });
      }
      return { kind: 'udt', keyspace, name, fields };
    }
    case TypeId.TUPLE: {
      const n = r.count(2, 'tuple element');
      const elements: DataTypeSpec[] = [];
      for (let i = 0; i < n; i++) elements.push(readDataType(r, depth + 1));
      return { kind: 'tuple', elements };
    }
    default:
      throw new ProtocolViolation(`unknown type option 0x${id.toString(16)}`);
  }
}
