/**
 * A fake query layer for transport tests: enough of system.local / system.peers /
 * system_schema.* for drivers to connect, a one-table key-value store (ks.kv, k text → v text)
 * reachable by plain and prepared statements with paging, and magic statements to provoke
 * errors, warnings and slow requests:
 *
 *   FAIL UNAVAILABLE | SYNTAX | SERVER | READ_TIMEOUT   throw the matching error
 *   WARN <text>                                          a Void result with one warning
 *   BLOCK <name>                                         waits until `release(name)`
 */
import { createHash } from 'node:crypto';
import {
  CqlSyntaxError,
  InvalidRequestError,
  ReadTimeoutError,
  UnavailableError,
  UnpreparedError,
} from '../../src/errors/index.js';
import type {
  BatchSpec,
  ClientInfo,
  CqlRequestHandler,
  CqlSession,
  RequestContext,
} from '../../src/transport/server/index.js';
import {
  type BoundValue,
  type ColumnSpec,
  type DataTypeSpec,
  type PreparedResult,
  type QueryParameters,
  type ResultMessage,
  UNSET,
  parseIp,
} from '../../src/transport/protocol/index.js';

const text: DataTypeSpec = { kind: 'native', name: 'varchar' };
const inet: DataTypeSpec = { kind: 'native', name: 'inet' };
const uuid: DataTypeSpec = { kind: 'native', name: 'uuid' };
const bool: DataTypeSpec = { kind: 'native', name: 'boolean' };
const textSet: DataTypeSpec = { kind: 'set', element: text };
const textMap: DataTypeSpec = { kind: 'map', key: text, value: text };

export const cell = {
  text: (s: string) => Buffer.from(s, 'utf8'),
  inet: (s: string) => parseIp(s)!,
  uuid: (hex: string) => Buffer.from(hex.replace(/-/g, ''), 'hex'),
  bool: (b: boolean) => Buffer.from([b ? 1 : 0]),
  textSet: (xs: string[]) => collection(xs.map((x) => Buffer.from(x))),
  textMap: (m: Record<string, string>) =>
    collection(Object.entries(m).flatMap(([k, v]) => [Buffer.from(k), Buffer.from(v)]), Object.keys(m).length),
};

function collection(items: Buffer[], count = items.length): Buffer {
  const parts: Buffer[] = [Buffer.alloc(4)];
  parts[0]!.writeInt32BE(count);
  for (const it of items) {
    const len = Buffer.alloc(4);
    len.writeInt32BE(it.length);
    parts.push(len, it);
  }
  return Buffer.concat(parts);
}

function cols(keyspace: string, table: string, spec: [string, DataTypeSpec][]): ColumnSpec[] {
  return spec.map(([name, type]) => ({ keyspace, table, name, type }));
}

const LOCAL_COLUMNS = cols('system', 'local', [
  ['key', text],
  ['bootstrapped', text],
  ['broadcast_address', inet],
  ['cluster_name', text],
  ['cql_version', text],
  ['data_center', text],
  ['host_id', uuid],
  ['listen_address', inet],
  ['partitioner', text],
  ['rack', text],
  ['release_version', text],
  ['rpc_address', inet],
  ['schema_version', uuid],
  ['tokens', textSet],
]);

const PEERS_COLUMNS = cols('system', 'peers', [
  ['peer', inet],
  ['data_center', text],
  ['host_id', uuid],
  ['rack', text],
  ['release_version', text],
  ['rpc_address', inet],
  ['schema_version', uuid],
  ['tokens', textSet],
]);

const KEYSPACES_COLUMNS = cols('system_schema', 'keyspaces', [
  ['keyspace_name', text],
  ['durable_writes', bool],
  ['replication', textMap],
]);

const KV_COLUMNS = cols('ks', 'kv', [
  ['k', text],
  ['v', text],
]);

const SCHEMA_VERSION = 'e84b6a60-24cf-30ca-9b58-452d92911703';

interface Prepared {
  readonly query: string;
  readonly result: PreparedResult;
}

export class FakeCqlHandler implements CqlRequestHandler {
  readonly store = new Map<string, string>();
  readonly sessions: FakeSession[] = [];
  readonly prepared = new Map<string, Prepared>();
  private readonly blocks = new Map<string, (() => void)[]>();
  queries = 0;

  constructor(readonly address = '127.0.0.1') {}

  newSession(client: ClientInfo): CqlSession {
    const s = new FakeSession(this, client);
    this.sessions.push(s);
    return s;
  }

  /** Lets every `BLOCK name` request waiting (and to come) finish. */
  release(name: string): void {
    const waiting = this.blocks.get(name) ?? [];
    this.blocks.set(name, []);
    for (const w of waiting) w();
  }

  blocked(name: string): number {
    return this.blocks.get(name)?.length ?? 0;
  }

  /** @internal */
  block(name: string): Promise<void> {
    return new Promise((resolve) => {
      const list = this.blocks.get(name) ?? [];
      list.push(resolve);
      this.blocks.set(name, list);
    });
  }

  localRow(): (Buffer | null)[] {
    return [
      cell.text('local'),
      cell.text('COMPLETED'),
      cell.inet(this.address),
      cell.text('Ilium Test Cluster'),
      cell.text('3.4.5'),
      cell.text('datacenter1'),
      cell.uuid('9f1c7a56-3f1e-4c2a-8d6b-0c8b5f0e1a11'),
      cell.inet(this.address),
      cell.text('org.apache.cassandra.dht.Murmur3Partitioner'),
      cell.text('rack1'),
      cell.text('3.11.0'),
      cell.inet(this.address),
      cell.uuid(SCHEMA_VERSION),
      cell.textSet(['0']),
    ];
  }
}

const SELECT_KV_ONE = /^SELECT\s+k\s*,\s*v\s+FROM\s+(?:ks\.)?kv\s+WHERE\s+k\s*=\s*\?$/i;
const SELECT_KV_ALL = /^SELECT\s+k\s*,\s*v\s+FROM\s+(?:ks\.)?kv$/i;
const INSERT_KV = /^INSERT\s+INTO\s+(?:ks\.)?kv\s*\(\s*k\s*,\s*v\s*\)\s*VALUES\s*\(\s*\?\s*,\s*\?\s*\)$/i;

export class FakeSession implements CqlSession {
  keyspace: string | undefined;
  closed = false;

  constructor(
    private readonly fake: FakeCqlHandler,
    readonly client: ClientInfo,
  ) {}

  close(): void {
    this.closed = true;
  }

  async query(query: string, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage> {
    this.fake.queries++;
    const q = query.trim().replace(/;$/, '');
    const magic = /^(FAIL|WARN|BLOCK)\s+(.*)$/i.exec(q);
    if (magic !== null) return this.magic(magic[1]!.toUpperCase(), magic[2]!, ctx);
    const use = /^USE\s+"?(\w+)"?$/i.exec(q);
    if (use !== null) {
      this.keyspace = use[1]!;
      return { kind: 'set_keyspace', keyspace: this.keyspace };
    }
    if (/FROM\s+system\.local\b/i.test(q)) {
      return { kind: 'rows', metadata: { columns: LOCAL_COLUMNS }, rows: [this.fake.localRow()] };
    }
    if (/FROM\s+system\.peers\b/i.test(q)) return { kind: 'rows', metadata: { columns: PEERS_COLUMNS }, rows: [] };
    if (/FROM\s+system_schema\.keyspaces\b/i.test(q)) {
      const repl = cell.textMap({ class: 'org.apache.cassandra.locator.SimpleStrategy', replication_factor: '1' });
      return {
        kind: 'rows',
        metadata: { columns: KEYSPACES_COLUMNS },
        rows: [
          [cell.text('system'), cell.bool(true), cell.textMap({ class: 'org.apache.cassandra.locator.LocalStrategy' })],
          [cell.text('ks'), cell.bool(true), repl],
        ],
      };
    }
    const table = /FROM\s+(system_schema\.\w+)/i.exec(q);
    if (table !== null) {
      const [ks, tb] = table[1]!.split('.') as [string, string];
      return { kind: 'rows', metadata: { columns: cols(ks, tb, [['keyspace_name', text]]) }, rows: [] };
    }
    return this.kv(q, params.values, params);
  }

  async prepare(query: string, _keyspace: string | undefined, _ctx: RequestContext): Promise<PreparedResult> {
    const q = query.trim().replace(/;$/, '');
    const id = createHash('md5').update(q).digest();
    let result: PreparedResult;
    if (SELECT_KV_ONE.test(q)) {
      result = {
        kind: 'prepared',
        id,
        metadata: { columns: [KV_COLUMNS[0]!], pkIndexes: [0] },
        resultMetadata: { columns: KV_COLUMNS },
      };
    } else if (INSERT_KV.test(q)) {
      result = { kind: 'prepared', id, metadata: { columns: KV_COLUMNS, pkIndexes: [0] }, resultMetadata: { columns: [], noMetadata: true } };
    } else if (SELECT_KV_ALL.test(q) || /FROM\s+system\./i.test(q)) {
      result = { kind: 'prepared', id, metadata: { columns: [], pkIndexes: [] }, resultMetadata: { columns: KV_COLUMNS } };
    } else {
      throw new CqlSyntaxError(`line 1:0 cannot prepare '${q}' (the fake knows only ks.kv statements)`);
    }
    this.fake.prepared.set(id.toString('hex'), { query: q, result });
    return result;
  }

  async execute(id: Buffer, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage> {
    const p = this.fake.prepared.get(id.toString('hex'));
    if (p === undefined) throw new UnpreparedError(`Prepared query with ID ${id.toString('hex')} not found`, id);
    return this.query(p.query, params, ctx);
  }

  async batch(batch: BatchSpec, ctx: RequestContext): Promise<ResultMessage> {
    for (const s of batch.statements) {
      const query = s.kind === 'query' ? s.query : this.fake.prepared.get(s.id.toString('hex'))?.query;
      if (query === undefined) throw new UnpreparedError('unknown prepared id in batch', s.kind === 'prepared' ? s.id : Buffer.alloc(0));
      await this.query(query, { consistency: batch.consistency, values: s.values, skipMetadata: false }, ctx);
    }
    return { kind: 'void' };
  }

  private async magic(word: string, arg: string, ctx: RequestContext): Promise<ResultMessage> {
    if (word === 'WARN') {
      ctx.warn(arg);
      return { kind: 'void' };
    }
    if (word === 'BLOCK') {
      await this.fake.block(arg);
      return { kind: 'rows', metadata: { columns: [KV_COLUMNS[1]!] }, rows: [[cell.text(arg)]] };
    }
    switch (arg.toUpperCase()) {
      case 'UNAVAILABLE':
        throw new UnavailableError('Cannot achieve consistency level QUORUM', 'QUORUM', 2, 1);
      case 'READ_TIMEOUT':
        throw new ReadTimeoutError('Operation timed out', 'ONE', 0, 1, false);
      case 'SYNTAX':
        throw new CqlSyntaxError('line 1:0 no viable alternative');
      default:
        throw new Error('kaboom: not an IliumError');
    }
  }

  private kv(q: string, values: readonly BoundValue[], params: QueryParameters): ResultMessage {
    const str = (v: BoundValue | undefined) => {
      if (v === undefined || v === null || v === UNSET) throw new InvalidRequestError('missing bound value');
      return v.toString('utf8');
    };
    if (INSERT_KV.test(q)) {
      this.fake.store.set(str(values[0]), str(values[1]));
      return { kind: 'void' };
    }
    if (SELECT_KV_ONE.test(q)) {
      const k = str(values[0]);
      const v = this.fake.store.get(k);
      return { kind: 'rows', metadata: { columns: KV_COLUMNS }, rows: v === undefined ? [] : [[cell.text(k), cell.text(v)]] };
    }
    if (SELECT_KV_ALL.test(q)) {
      const all = [...this.fake.store.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const start = params.pagingState === undefined ? 0 : params.pagingState.readUInt32BE(0);
      const size = params.pageSize !== undefined && params.pageSize > 0 ? params.pageSize : all.length;
      const page = all.slice(start, start + size);
      const next = start + size < all.length ? Buffer.alloc(4) : undefined;
      next?.writeUInt32BE(start + size);
      const rows = page.map(([k, v]) => [cell.text(k), cell.text(v)]);
      return { kind: 'rows', metadata: next === undefined ? { columns: KV_COLUMNS } : { columns: KV_COLUMNS, pagingState: next }, rows };
    }
    throw new CqlSyntaxError(`line 1:0 the fake cannot run '${q}'`);
  }
}
