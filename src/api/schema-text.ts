/**
 * Schema text in either of the seeds' forms → keyspace definitions: the JSON of seed 000
 * (`{"Twitter":{"Users":{"comparator_type":…}}}`) or the XML storage-conf of seeds 003/004
 * (`<Keyspace Name=…><ColumnFamily CompareWith=…/>`). The form is told by the first character.
 */
import type { Random } from '../env/index.js';
import { type KeyspaceDef, loadJsonSchema } from '../schema/index.js';
import { loadXmlSchema } from '../schema/xml-schema-loader.js';

export function parseSchemaText(text: string, random: Random): KeyspaceDef[] {
  return text.trimStart().startsWith('<') ? loadXmlSchema(text, random) : loadJsonSchema(text, random);
}
