/**
 * The XML form of 0.6's storage-conf.xml (seeds 003 and 004): `<Keyspace Name=…>` elements with
 * `<ColumnFamily Name=… CompareWith=… [ColumnType="Super" CompareSubcolumnsWith=…] [Comment=…]/>`
 * children and `<ReplicaPlacementStrategy>`/`<ReplicationFactor>`; the root may be `<Storage>`,
 * `<Keyspaces>` or a bare `<Keyspace>`. Other storage-conf settings (EndPointSnitch, caches) are
 * node configuration, not schema, and are ignored. Seed 004's text, as published, has blanks
 * after `<` and before `=` (`< ColumnFamily CompareWith ="…"`); those are removed first.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Random } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import type { ColumnFamilyInput } from './column-family-def.js';
import { type KeyspaceDef, createKeyspace } from './keyspace-def.js';
import type { ReplicationInput } from './replication.js';

type XmlNode = Record<string, unknown>;

const ARRAYS = new Set(['Keyspace', 'ColumnFamily']);

export function loadXmlSchema(text: string, random: Random): KeyspaceDef[] {
  const xml = text.replace(/<\s+/g, '<').replace(/<\/\s+/g, '</').replace(/\s+=\s*"/g, '="');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ConfigurationError(`schema is not valid XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => ARRAYS.has(name),
  });
  const doc = parser.parse(xml) as XmlNode;
  return findKeyspaces(doc).map((k) => keyspace(k, random));
}

function findKeyspaces(doc: XmlNode): XmlNode[] {
  const storage = (doc.Storage ?? doc) as XmlNode;
  const holder = (storage.Keyspaces ?? storage) as XmlNode;
  const found = holder.Keyspace;
  if (!Array.isArray(found) || found.length === 0) throw new ConfigurationError('no <Keyspace> element found in the schema');
  return found as XmlNode[];
}

function keyspace(k: XmlNode, random: Random): KeyspaceDef {
  const name = attr(k, 'Name', 'Keyspace');
  const cfs = (k.ColumnFamily ?? []) as XmlNode[];
  const tables: Omit<ColumnFamilyInput, 'keyspace'>[] = cfs.map((cf) => ({
    name: attr(cf, 'Name', `ColumnFamily in ${name}`),
    comparator: optionalAttr(cf, 'CompareWith') ?? 'BytesType',
    columnType: optionalAttr(cf, 'ColumnType') ?? 'Standard',
    subcomparator: optionalAttr(cf, 'CompareSubcolumnsWith') ?? null,
    comment: optionalAttr(cf, 'Comment') ?? '',
  }));
  return createKeyspace({ name, replication: replication(k), tables }, random);
}

function replication(k: XmlNode): ReplicationInput | undefined {
  const strategy = text(k.ReplicaPlacementStrategy);
  const rf = text(k.ReplicationFactor);
  if (strategy === undefined && rf === undefined) return undefined;
  return { class: strategy ?? 'SimpleStrategy', options: rf === undefined ? {} : { replication_factor: rf } };
}

function text(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v.trim();
  const inner = (v as XmlNode)['#text'];
  return typeof inner === 'string' ? inner.trim() : undefined;
}

function optionalAttr(node: XmlNode, name: string): string | undefined {
  const v = node[`@${name}`];
  return typeof v === 'string' ? v.trim() : undefined;
}

function attr(node: XmlNode, name: string, where: string): string {
  const v = optionalAttr(node, name);
  if (v === undefined) throw new ConfigurationError(`${where} has no ${name} attribute`);
  return v;
}
