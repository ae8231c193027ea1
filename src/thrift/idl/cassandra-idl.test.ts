// interface/cassandra.thrift parsed and compiled: the wire facts clients rely on, and the codecs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ThriftProtocolError, ThriftReader, ThriftWriter, TType } from '../../transport/thrift/index.js';
import { cassandraIdlPath, loadCassandraIdl } from './cassandra-idl.js';
import { IdlSyntaxError, parseIdl } from './idl-parser.js';

const idl = loadCassandraIdl();

test('the IDL declares the 0.7 service with its field ids', () => {
  const doc = parseIdl(readFileSync(cassandraIdlPath(), 'utf8'));
  assert.equal(doc.consts.get('VERSION'), '19.4.0');
  const names = [...doc.services.get('Cassandra')!.methods].map((m) => m.name);
  for (const m of ['login', 'set_keyspace', 'get', 'get_slice', 'get_count', 'multiget_slice', 'multiget_count', 'get_range_slices',
    'get_indexed_slices', 'insert', 'add', 'remove', 'remove_counter', 'batch_mutate', 'truncate', 'describe_schema_versions',
    'describe_keyspaces', 'describe_cluster_name', 'describe_version', 'describe_ring', 'describe_partitioner', 'describe_snitch',
    'describe_keyspace', 'describe_splits', 'system_add_column_family', 'system_drop_column_family', 'system_add_keyspace',
    'system_drop_keyspace', 'system_update_keyspace', 'system_update_column_family']) {
    assert.ok(names.includes(m), m);
  }
  const ids = (s: string): Record<string, number> => Object.fromEntries(idl.structs.get(s)!.fields.map((f) => [f.wireName, f.id]));
  assert.deepEqual(ids('ColumnPath'), { column_family: 3, super_column: 4, column: 5 });
  assert.equal(ids('CfDef')['default_validation_class'], 15);
  assert.equal(ids('CfDef')['memtable_operations_in_millions'], 23);
  assert.deepEqual(ids('KsDef'), { name: 1, strategy_class: 2, strategy_options: 3, replication_factor: 4, cf_defs: 5, durable_writes: 6 });
  assert.deepEqual(idl.methods.get('get')!.argNames, ['key', 'columnPath', 'consistencyLevel']);
  assert.deepEqual([...idl.methods.get('get')!.throws.keys()], ['InvalidRequestException', 'NotFoundException', 'UnavailableException', 'TimedOutException']);
});

test('batch_mutate arguments round-trip into the shapes the db layer takes', () => {
  const m = idl.methods.get('batch_mutate')!;
  const args = {
    mutationMap: new Map([[Buffer.from('k1'), new Map([['Users', [
      { columnOrSuperColumn: { column: { name: Buffer.from('a'), value: Buffer.from('1'), timestamp: 5n, ttl: 60 } } },
      { deletion: { timestamp: 6n, predicate: { columnNames: [Buffer.from('b')] } } },
    ]]])]]),
    consistencyLevel: 'QUORUM',
  };
  const w = new ThriftWriter();
  m.args.write(w, args);
  const back = m.args.read(new ThriftReader(w.toBuffer()));
  assert.deepEqual(back, args);
});

test('defaults fill absent fields; wrong types and missing required fields name the field', () => {
  const getSlice = idl.methods.get('get_slice')!;
  const w = new ThriftWriter();
  w.fieldBegin(TType.STRING, 1).binary(Buffer.from('k'));
  w.fieldBegin(TType.STRUCT, 2).fieldBegin(TType.STRING, 3).string('CF').fieldStop();
  w.fieldBegin(TType.STRUCT, 3).fieldBegin(TType.STRUCT, 2).fieldBegin(TType.STRING, 1).binary(Buffer.alloc(0)).fieldBegin(TType.STRING, 2).binary(Buffer.alloc(0)).fieldStop().fieldStop();
  w.fieldStop();
  const args = getSlice.args.read(new ThriftReader(w.toBuffer()));
  assert.equal(args['consistencyLevel'], 'ONE');
  assert.deepEqual((args['predicate'] as { sliceRange: unknown }).sliceRange, { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 });

  const wrongType = new ThriftWriter().fieldBegin(TType.I32, 1).i32(5).fieldStop().toBuffer();
  assert.throws(() => getSlice.args.read(new ThriftReader(wrongType)), (e: unknown) => e instanceof ThriftProtocolError && e.message === 'get_slice_args.key: expected binary, got i32');
  const missing = new ThriftWriter().fieldBegin(TType.STRING, 1).binary(Buffer.from('k')).fieldStop().toBuffer();
  assert.throws(() => getSlice.args.read(new ThriftReader(missing)), /get_slice_args: required field column_parent is missing/);
  const badEnum = new ThriftWriter().fieldBegin(TType.STRING, 1).binary(Buffer.from('k')).fieldBegin(TType.STRUCT, 2).fieldBegin(TType.STRING, 3).string('CF').fieldStop()
    .fieldBegin(TType.STRUCT, 3).fieldStop().fieldBegin(TType.I32, 4).i32(99).fieldStop().toBuffer();
  assert.throws(() => getSlice.args.read(new ThriftReader(badEnum)), /get_slice_args.consistency_level: 99 is not a ConsistencyLevel value/);
  const badUtf8 = new ThriftWriter().fieldBegin(TType.STRUCT, 2).fieldBegin(TType.STRING, 3).binary(Buffer.from([0xff, 0xfe])).fieldStop().fieldStop().toBuffer();
  assert.throws(() => getSlice.args.read(new ThriftReader(badUtf8)), /get_slice_args.column_parent.column_family: string is not valid UTF-8/);
});

test('the parser reports where an IDL is wrong', () => {
  assert.throws(() => parseIdl('struct A {\n 1: required i32 a,\n 1: optional i32 b }'), (e: unknown) => e instanceof IdlSyntaxError && e.message === 'line 3: duplicate field id 1');
  assert.throws(() => parseIdl('service S { void f(a: i32) }'), /fields need an explicit id/);
});
