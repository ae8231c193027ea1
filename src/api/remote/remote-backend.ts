/**
 * The OperationsBackend over the CQL native protocol (the API's remote mode, `connect()`): the 0.7
 * operations mapped onto the column families' CQL views (view-reads.ts, view-writes.ts), the
 * schema through RemoteSchema. Requests are checked here with the embedded operations' own
 * validation before anything is sent, so both backends refuse the same requests with the same
 * errors; answers are decoded by the column family's codec exactly as the embedded ones.
 */
import type cassandra from 'cassandra-driver';
import { type Partitioner, createPartitioner } from '../../dht/index.js';
import { type Column, type ColumnOrSuperColumn, type ColumnParent, type ColumnPath, type ColumnWrite, type IndexClause, type KeyRange, type MutationMap, type SlicePredicate, columnWriteMutations } from '../../db/index.js';
import { validateIndexClause } from '../../db/operations/get-indexed-slices.js';
import { keyRangeIntervals } from '../../db/operations/key-range.js';
import { validateSliceRequest } from '../../db/operations/slice-reader.js';
import { validateColumnPath, validateKey } from '../../db/operations/thrift-validation.js';
import { InvalidRequestError, NotFoundError } from '../../errors/index.js';
import { quoteIdentifier } from '../../cql/parser/index.js';
import type { ColumnFamilyDef, KeyspaceDef } from '../../schema/index.js';
import type { ColumnFamilyCodec } from '../column-family-codec.js';
import type { Row, SuperRow } from '../js-values.js';
import type { DecodedRow, OperationsBackend } from '../operations-backend.js';
import { sliceResult } from '../result-maps.js';
import { CqlViews } from './cql-view.js';
import { RemoteSchema } from './remote-schema.js';
import { RemoteSession } from './remote-session.js';
import { ViewReads } from './view-reads.js';
import { mutationStatements } from './view-writes.js';

export class RemoteBackend implements OperationsBackend {
  readonly partitionerName: string;
  private readonly session: RemoteSession;
  private readonly schema: RemoteSchema;
  private readonly reads: ViewReads;
  private readonly partitioner: Partitioner;
  private readonly views = new CqlViews();

  constructor(
    client: cassandra.Client,
    partitionerName: string,
    private readonly nowSec: () => number,
  ) {
    this.session = new RemoteSession(client);
    this.schema = new RemoteSchema(client);
    this.reads = new ViewReads(this.session);
    this.partitioner = createPartitioner(partitionerName);
    this.partitionerName = this.partitioner.name;
  }

  columnFamilyDef(keyspace: string, columnFamily: string): Promise<ColumnFamilyDef> {
    return this.schema.columnFamilyDef(keyspace, columnFamily);
  }
  async keyspaceDef(keyspace: string): Promise<KeyspaceDef | undefined> {
    return (await this.schema.schema()).keyspace(keyspace);
  }
  async keyspaceDefs(): Promise<KeyspaceDef[]> {
    return [...(await this.schema.schema()).keyspaces];
  }
  addKeyspace(def: KeyspaceDef): Promise<void> {
    return this.schema.addKeyspace(def);
  }
  addColumnFamily(def: ColumnFamilyDef): Promise<void> {
    return this.schema.addColumnFamily(def);
  }
  updateColumnFamily(def: ColumnFamilyDef): Promise<void> {
    return this.schema.updateColumnFamily(def);
  }
  dropKeyspace(keyspace: string): Promise<void> {
    return this.schema.dropKeyspace(keyspace);
  }
  dropColumnFamily(keyspace: string, columnFamily: string): Promise<void> {
    return this.schema.dropColumnFamily(keyspace, columnFamily);
  }

  async get(keyspace: string, key: Buffer, path: ColumnPath): Promise<ColumnOrSuperColumn> {
    const cf = await this.columnFamilyDef(keyspace, path.columnFamily);
    validateColumnPath(cf, path);
    validateKey(cf, key);
    const parent: ColumnParent = path.column === undefined ? { columnFamily: cf.name } : { columnFamily: cf.name, ...(path.superColumn === undefined ? {} : { superColumn: path.superColumn }) };
    const name = path.column ?? path.superColumn!;
    const [found] = await this.reads.slice(this.views.of(cf), key, parent, { columnNames: [name] });
    if (found === undefined) throw new NotFoundError(`no column ${name.toString('hex')} in row ${key.toString('hex')} of ${keyspace}.${cf.name}`);
    return found;
  }

  async getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<Row | SuperRow> {
    const cf = await this.sliceRequest(keyspace, parent, predicate);
    validateKey(cf, key);
    return sliceResult(codec, await this.reads.slice(this.views.of(cf), key, parent, predicate), superLevel(cf, parent));
  }

  async multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    const cf = await this.sliceRequest(keyspace, parent, predicate);
    const distinct = keys.filter((k, i) => keys.findIndex((o) => o.equals(k)) === i);
    for (const k of distinct) validateKey(cf, k);
    const view = this.views.of(cf);
    const slices = await Promise.all(distinct.map((k) => this.reads.slice(view, k, parent, predicate)));
    return distinct.map((key, i) => ({ key, columns: sliceResult(codec, slices[i]!, superLevel(cf, parent)) }));
  }

  async getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<number> {
    const cf = await this.sliceRequest(keyspace, parent, predicate);
    validateKey(cf, key);
    return (await this.reads.slice(this.views.of(cf), key, parent, predicate)).length;
  }

  async getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    const cf = await this.sliceRequest(keyspace, parent, predicate);
    keyRangeIntervals(this.partitioner, range);
    if (range.startToken !== undefined) throw new InvalidRequestError('token ranges are not supported by the remote backend: give start and end keys');
    const rows = await this.reads.range(this.views.of(cf), range, parent, predicate);
    return rows.map((r) => ({ key: r.key, columns: sliceResult(codec, r.columns, superLevel(cf, parent)) }));
  }

  async getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    const cf = await this.sliceRequest(keyspace, parent, predicate);
    validateIndexClause(cf, clause);
    const indexed = clause.expressions.some((e) => e.op === 'EQ' && cf.columnMetadata.some((m) => m.indexType === 'KEYS' && m.name.equals(e.columnName)));
    if (!indexed) throw new InvalidRequestError('No indexed columns present in index clause with operator EQ');
    const rows = await this.reads.indexed(this.views.of(cf), clause, parent, predicate);
    return rows.map((r) => ({ key: r.key, columns: sliceResult(codec, r.columns, superLevel(cf, parent)) }));
  }

  insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column): Promise<void> {
    const mutation = parent.superColumn === undefined ? { column } : { superColumn: { name: parent.superColumn, columns: [column] } };
    return this.batchMutate(keyspace, [[key, new Map([[parent.columnFamily, [{ columnOrSuperColumn: mutation }]]])]]);
  }

  /** Sent as the batch_mutate it stands for (one logged BATCH), checked the same way. */
  insertColumns(keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined): Promise<void> {
    return this.batchMutate(keyspace, [[key, new Map([[columnFamily, columnWriteMutations(columns, timestamp, ttl)]])]]);
  }

  remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void> {
    const deletion = { timestamp, ...(path.superColumn === undefined ? {} : { superColumn: path.superColumn }), ...(path.column === undefined ? {} : { predicate: { columnNames: [path.column] } }) };
    return this.batchMutate(keyspace, [[key, new Map([[path.columnFamily, [{ deletion }]]])]]);
  }

  async batchMutate(keyspace: string, mutations: MutationMap): Promise<void> {
    const schema = await this.schema.schema();
    await this.session.batch(mutationStatements(schema, keyspace, mutations, this.nowSec(), this.views));
  }

  async truncate(keyspace: string, columnFamily: string): Promise<void> {
    const cf = await this.columnFamilyDef(keyspace, columnFamily);
    await this.session.run(`TRUNCATE ${quoteIdentifier(cf.keyspace)}.${quoteIdentifier(cf.name)}`);
  }

  cql(keyspace: string, query: string, values: readonly (Buffer | null)[]): Promise<(Buffer | null)[][]> {
    return this.session.rows(query, values, keyspace) as Promise<(Buffer | null)[][]>;
  }

  close(): Promise<void> {
    return this.session.close();
  }

  private async sliceRequest(keyspace: string, parent: ColumnParent, predicate: SlicePredicate): Promise<ColumnFamilyDef> {
    const cf = await this.columnFamilyDef(keyspace, parent.columnFamily);
    validateSliceRequest(cf, parent, predicate);
    return cf;
  }
}

function superLevel(cf: ColumnFamilyDef, parent: ColumnParent): boolean {
  return cf.columnType === 'Super' && parent.superColumn === undefined;
}
