import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeCluster, describeKeyspace } from './describe-output.js';

test('describe keyspace: strategy, factor or data-center options, column families by name with their metadata', () => {
  const text = describeKeyspace({
    name: 'K', strategyClass: 'org.apache.cassandra.locator.SimpleStrategy', replicationFactor: 1,
    cfDefs: [
      { keyspace: 'K', name: 'Users', comparatorType: 'BytesType', columnType: 'Standard', gcGraceSeconds: 10, columnMetadata: [
        { name: Buffer.from('state'), validationClass: 'UTF8Type', indexType: 'KEYS', indexName: 'by_state' },
      ] },
      { keyspace: 'K', name: 'Rel', comparatorType: 'UTF8Type', subcomparatorType: 'TimeUUIDType', columnType: 'Super', comment: 'who' },
    ],
  });
  assert.equal(text, [
    'Keyspace: K:',
    '  Replication Strategy: org.apache.cassandra.locator.SimpleStrategy',
    '    Replication Factor: 1',
    '  Column Families:',
    '    ColumnFamily: Rel (Super)',
    '    "who"',
    '      Columns sorted by: UTF8Type/TimeUUIDType',
    '      Row cache size / save period: 0.0/null',
    '      Key cache size / save period: 200000.0/null',
    '      Memtable thresholds: 0.0/null/null',
    '      GC grace seconds: null',
    '      Compaction min/max thresholds: null/null',
    '      Read repair chance: 1.0',
    '    ColumnFamily: Users',
    '      Columns sorted by: BytesType',
    '      Row cache size / save period: 0.0/null',
    '      Key cache size / save period: 200000.0/null',
    '      Memtable thresholds: 0.0/null/null',
    '      GC grace seconds: 10',
    '      Compaction min/max thresholds: null/null',
    '      Read repair chance: 1.0',
    '      Column Metadata:',
    '        Column Name: state (7374617465)',
    '          Validation Class: UTF8Type',
    '          Index Name: by_state',
    '          Index Type: KEYS',
    '',
  ].join('\n'));
  const nts = describeKeyspace({ name: 'N', strategyClass: 'NetworkTopologyStrategy', replicationFactor: 0, strategyOptions: new Map([['DC1', '2']]), cfDefs: [] });
  assert.equal(nts, 'Keyspace: N:\n  Replication Strategy: NetworkTopologyStrategy\n    Options: [DC1:2]\n  Column Families:\n');
});

test('describe cluster lists the schema versions with their hosts', () => {
  assert.equal(describeCluster({ snitch: 'SimpleSnitch', partitioner: 'Murmur3Partitioner', schemaVersions: new Map([['v1', ['127.0.0.1']]]) }),
    'Cluster Information:\n   Snitch: SimpleSnitch\n   Partitioner: Murmur3Partitioner\n   Schema versions: \n\tv1: [127.0.0.1]\n\n');
});
