/**
 * Ilium's CQL extension statements (not CQL: a Cassandra server refuses them). They carry the
 * schema changes the Thrift API made and CQL cannot say — Super column families, comparators and
 * validators of any type, column metadata with KEYS indexes — so that the TypeScript API's remote
 * mode (src/api/remote) keeps every schema call over the native protocol. Definitions travel as a
 * keyspace's canonical JSON (src/schema/keyspace-json.ts):
 *
 *   ILIUM SCHEMA                         rows (keyspace_name, definition): every user keyspace
 *   ILIUM ADD KEYSPACE '<json>'          a keyspace with its column families, as system_add_keyspace
 *   ILIUM ADD COLUMNFAMILY '<json>'      each column family of the JSON keyspace, into that keyspace
 *   ILIUM UPDATE COLUMNFAMILY '<json>'   as system_update_column_family (KEYS indexes built first)
 */
export type IliumSchemaAction = 'addKeyspace' | 'addColumnFamily' | 'updateColumnFamily';

export type IliumStatement =
  | { readonly kind: 'iliumSchema' }
  | { readonly kind: 'iliumSchemaChange'; readonly action: IliumSchemaAction; readonly definition: string };
