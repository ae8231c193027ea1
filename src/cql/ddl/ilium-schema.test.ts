/** The ILIUM schema extension statements: parsing, exact definitions in and out, Super CFs, updates, errors. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError, InvalidRequestError } from '../../errors/index.js';
import { CqlSyntaxError, parseStatement } from '../parser/index.js';
import { AlreadyExistsError, createKeyspace, keyspaceFromJson, keyspaceToJson } from '../../schema/index.js';
import { quoteString } from '../parser/index.js';
import { openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { UTF8_TYPE } from '../../marshal/index.js';

let seed = 0;
const random = { next: () => 0.5, bytes: (n: number) => Buffer.alloc(n, ++seed) };

test('ILIUM statements parse; anything else after ILIUM is a syntax error', () => {
  assert.deepEqual(parseStatement('ILIUM SCHEMA').statement, { kind: 'iliumSchema' });
  assert.deepEqual(parseStatement("ilium add keyspace '{}';").statement, { kind: 'iliumSchemaChange', action: 'addKeyspace', definition: '{}' });
  assert.deepEqual(parseStatement("ILIUM ADD COLUMNFAMILY 'x'").statement, { kind: 'iliumSchemaChange', action: 'addColumnFamily', definition: 'x' });
  assert.deepEqual(parseStatement("ILIUM UPDATE COLUMNFAMILY 'y'").statement, { kind: 'iliumSchemaChange', action: 'updateColumnFamily', definition: 'y' });
  for (const bad of ['ILIUM', 'ILIUM DROP', "ILIUM ADD TABLE 'x'", 'ILIUM ADD KEYSPACE ks', "ILIUM SCHEMA 'x'"]) assert.throws(() => parseStatement(bad), CqlSyntaxError, bad);
});

test('ILIUM ADD KEYSPACE / ADD COLUMNFAMILY / UPDATE COLUMNFAMILY apply exact definitions; ILIUM SCHEMA reads them back', async () => {
  const n = await openCqlTestNode();
  try {
    const ks = createKeyspace({ name: 'K', tables: [{ name: 'Book', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' }] }, random);
    const r = await n.run(`ILIUM ADD KEYSPACE ${quoteString(keyspaceToJson(ks))}`);
    assert.deepEqual(r, { kind: 'schemaChange', change: { change: 'CREATED', target: 'KEYSPACE', keyspace: 'K' } });
    assert.equal(keyspaceToJson(n.ctx.schema().keyspace('K')!), keyspaceToJson(ks), 'the same definition, ids included');
    await assert.rejects(n.run(`ILIUM ADD KEYSPACE ${quoteString(keyspaceToJson(ks))}`), AlreadyExistsError);
    const withCf = createKeyspace({ name: 'K', tables: [{ name: 'Users', comparator: 'UTF8Type', columnMetadata: [{ name: 'state', validator: 'UTF8Type' }] }] }, random);
    await n.run(`ILIUM ADD COLUMNFAMILY ${quoteString(keyspaceToJson(withCf))}`);
    const users = withCf.tables[0]!;
    const indexed = createKeyspace({ name: 'K', tables: [{ name: 'Users', id: users.id, comparator: 'UTF8Type', columnMetadata: [{ name: 'state', validator: 'UTF8Type', indexType: 'KEYS' }] }] }, random);
    const u = await n.run(`ILIUM UPDATE COLUMNFAMILY ${quoteString(keyspaceToJson(indexed))}`);
    assert.deepEqual(u, { kind: 'schemaChange', change: { change: 'UPDATED', target: 'TABLE', keyspace: 'K', name: 'Users' } });
    assert.equal(n.ctx.schema().table('K', 'Users')!.columnMetadata[0]!.indexType, 'KEYS');
    const rows = await n.run('ILIUM SCHEMA');
    assert.equal(rows.kind, 'rows');
    const defs = rows.kind === 'rows' ? rows.rows.map((row) => keyspaceFromJson(UTF8_TYPE.compose(row[1]!))) : [];
    assert.deepEqual(defs.map((d) => [d.name, d.tables.map((t) => t.name)]), [['K', ['Book', 'Users']]]);
    assert.equal(defs[0]!.tables[0]!.columnType, 'Super');
    await assert.rejects(n.run(`ILIUM ADD COLUMNFAMILY ${quoteString(keyspaceToJson({ ...ks, tables: [] }))}`), (e: unknown) => e instanceof InvalidRequestError && /exactly one column family/.test(e.message));
    await assert.rejects(n.run("ILIUM ADD KEYSPACE 'not json'"), ConfigurationError);
    const sys = createKeyspace({ name: 'system_schema', tables: [] }, random);
    await assert.rejects(n.run(`ILIUM ADD KEYSPACE ${quoteString(keyspaceToJson(sys))}`), (e: unknown) => e instanceof InvalidRequestError && /not user-modifiable/.test(e.message));
  } finally {
    await n.close();
  }
});
