import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../errors/index.js';
import { SeededRandom } from '../env/index.js';
import { createColumnFamily } from './column-family-def.js';
import { createKeyspace } from './keyspace-def.js';
import { keyspaceFromJson, keyspaceToJson } from './keyspace-json.js';

const random = (): SeededRandom => new SeededRandom(3);
const names = (cols: readonly { name: string }[]): string[] => cols.map((c) => c.name);

test('a CQL table keeps its columns and derives its Thrift view', () => {
  const cf = createColumnFamily(
    {
      keyspace: 'ks',
      name: 'events',
      cql: {
        partitionKey: [{ name: 'tenant', type: 'text' }, { name: 'day', type: 'int' }],
        clustering: [{ name: 'at', type: 'timestamp', order: 'DESC' }, { name: 'id', type: 'uuid' }],
        regular: [{ name: 'body', type: 'text' }],
        statics: [{ name: 'owner', type: 'text' }],
      },
    },
    random(),
  );
  assert.deepEqual(names(cf.cql.partitionKey), ['tenant', 'day']);
  assert.deepEqual(cf.cql.clustering.map((c) => [c.name, c.reversed]), [['at', true], ['id', false]]);
  assert.equal(cf.cql.columns.get('owner')?.kind, 'static');
  assert.equal(cf.keyValidator.name, 'CompositeType(UTF8Type,Int32Type)');
  assert.equal(cf.comparator.name, 'CompositeType(ReversedType(TimestampType),UUIDType,UTF8Type)');
  assert.equal(cf.columnType, 'Standard');
});

test('compact storage tables derive the Thrift layouts', () => {
  const dense = createColumnFamily({ keyspace: 'ks', name: 'd', cql: { partitionKey: [{ name: 'k', type: 'text' }], clustering: [{ name: 'c', type: 'bigint' }], regular: [{ name: 'v', type: 'blob' }], compact: true } }, random());
  assert.equal(dense.comparator.name, 'LongType');
  assert.equal(dense.defaultValidator.name, 'BytesType');
  const named = createColumnFamily({ keyspace: 'ks', name: 's', cql: { partitionKey: [{ name: 'k', type: 'text' }], regular: [{ name: 'a', type: 'int' }, { name: 'b', type: 'text' }], compact: true } }, random());
  assert.equal(named.comparator.name, 'UTF8Type');
  assert.deepEqual(named.columnMetadata.map((m) => [m.name.toString(), m.validator.name]), [['a', 'Int32Type'], ['b', 'UTF8Type']]);
});

test('Thrift column families get Cassandra 2.x’s CQL view', () => {
  const standard = createColumnFamily({ keyspace: 'ks', name: 'Users', comparator: 'UTF8Type', keyValidator: 'UTF8Type' }, random());
  assert.deepEqual([...standard.cql.columns.keys()], ['key', 'column1', 'value']);
  assert.equal(standard.cql.compact, true);
  assert.equal(standard.cql.fromThrift, true);
  const sup = createColumnFamily({ keyspace: 'ks', name: 'Comments', columnType: 'Super', comparator: 'TimeUUIDType', subcomparator: 'UTF8Type' }, random());
  assert.deepEqual(sup.cql.clustering.map((c) => [c.name, c.type.name]), [['column1', 'TimeUUIDType'], ['column2', 'UTF8Type']]);
  const reversed = createColumnFamily({ keyspace: 'ks', name: 'R', comparator: 'ReversedType(LongType)' }, random());
  assert.deepEqual(reversed.cql.clustering.map((c) => [c.type.name, c.reversed]), [['LongType', true]]);
  const withMeta = createColumnFamily({ keyspace: 'ks', name: 'M', comparator: 'UTF8Type', columnMetadata: [{ name: 'email', validator: 'UTF8Type' }] }, random());
  assert.deepEqual([...withMeta.cql.columns.keys()], ['key', 'email']);
});

test('CQL definitions are validated with clear errors', () => {
  const bad = (cql: Parameters<typeof createColumnFamily>[0]['cql'], re: RegExp): void => {
    assert.throws(() => createColumnFamily({ keyspace: 'ks', name: 't', cql }, random()), (e: unknown) => e instanceof InvalidRequestError && re.test(e.message));
  };
  bad({ partitionKey: [] }, /PRIMARY KEY/);
  bad({ partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'k', type: 'text' }] }, /Multiple definition of identifier k/);
  bad({ partitionKey: [{ name: 'k', type: 'int' }], statics: [{ name: 's', type: 'int' }] }, /Static columns/);
  bad({ partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'c', type: 'counter' }, { name: 'x', type: 'int' }] }, /mix counter/);
  bad({ partitionKey: [{ name: 'k', type: 'counter' }] }, /counter type is not supported for PRIMARY KEY/);
  bad({ partitionKey: [{ name: 'k', type: 'nosuchtype' }] }, /type of column k/);
  bad({ partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }], compact: true }, /at most one column/);
  assert.throws(() => createColumnFamily({ keyspace: 'ks', name: 't', comparator: 'UTF8Type', cql: { partitionKey: [{ name: 'k', type: 'int' }] } }, random()), /declared in CQL: comparator/);
});

test('a CQL table survives the stored JSON form, byte for byte', () => {
  const ks = createKeyspace(
    {
      name: 'ks',
      tables: [
        { name: 't', cql: { partitionKey: [{ name: 'k', type: 'text' }], clustering: [{ name: 'c', type: 'int', order: 'DESC' }], regular: [{ name: 'v', type: 'double' }], statics: [{ name: 's', type: 'text' }] } },
        { name: 'Thrifty', comparator: 'UTF8Type' },
      ],
    },
    random(),
  );
  const json = keyspaceToJson(ks);
  const back = keyspaceFromJson(json);
  assert.equal(keyspaceToJson(back), json);
  const t = back.tables.find((x) => x.name === 't')!;
  assert.deepEqual(t.cql.clustering.map((c) => [c.name, c.type.name, c.reversed]), [['c', 'Int32Type', true]]);
  assert.equal(t.cql.fromThrift, false);
  assert.equal(back.tables.find((x) => x.name === 'Thrifty')!.cql.fromThrift, true);
});
