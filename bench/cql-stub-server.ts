/**
 * bench:cql's baseline server: our CQL transport (CqlServer, the same framing, codec and
 * connection code Ilium runs) with a stub query layer that does no work — every PREPARE gets a
 * fixed prepared result, every EXECUTE of an INSERT a Void, every EXECUTE of a SELECT the same
 * one ~100-byte row; CREATE KEYSPACE and CREATE TABLE a Void. Just enough of system.local / system.peers for the driver to connect. What
 * the driver achieves against it is the client + loopback + transport ceiling of this machine.
 *
 *   node dist/bench/cql-stub-server.js [--host=ADDR]   prints "stub ready on ADDR:PORT", runs until SIGTERM
 */
import { createHash } from 'node:crypto';
import { createRealEnv } from '../src/env/index.js';
import { CqlSyntaxError, UnpreparedError } from '../src/errors/index.js';
import {
  type BatchSpec,
  type ColumnSpec,
  CqlServer,
  type CqlRequestHandler,
  type CqlSession,
  type DataTypeSpec,
  type PreparedResult,
  RecordingLogger,
  type ResultMessage,
  parseIp,
} from '../src/transport/index.js';

const native = (name: 'varchar' | 'blob' | 'uuid' | 'inet'): DataTypeSpec => ({ kind: 'native', name });
const col = (keyspace: string, table: string, name: string, type: DataTypeSpec): ColumnSpec => ({ keyspace, table, name, type });
const text = (s: string): Buffer => Buffer.from(s);
const uuid = (s: string): Buffer => Buffer.from(s.replace(/-/g, ''), 'hex');

/** A set<text> value as the protocol frames it (int count, then [bytes] each). */
function textSet(items: string[]): Buffer {
  const parts: Buffer[] = [Buffer.alloc(4)];
  parts[0]!.writeInt32BE(items.length);
  for (const s of items) {
    const len = Buffer.alloc(4);
    len.writeInt32BE(Buffer.byteLength(s));
    parts.push(len, text(s));
  }
  return Buffer.concat(parts);
}

const LOCAL: ResultMessage = (() => {
  const cols: [string, DataTypeSpec, Buffer][] = [
    ['key', native('varchar'), text('local')],
    ['cluster_name', native('varchar'), text('Stub Cluster')],
    ['cql_version', native('varchar'), text('3.4.5')],
    ['data_center', native('varchar'), text('datacenter1')],
    ['rack', native('varchar'), text('rack1')],
    ['host_id', native('uuid'), uuid('5b1f0c1e-8a43-4c53-9d0e-3c7f0a9b1d22')],
    ['broadcast_address', native('inet'), parseIp('127.0.0.1')!],
    ['listen_address', native('inet'), parseIp('127.0.0.1')!],
    ['rpc_address', native('inet'), parseIp('127.0.0.1')!],
    ['partitioner', native('varchar'), text('org.apache.cassandra.dht.Murmur3Partitioner')],
    ['release_version', native('varchar'), text('3.11.0')],
    ['schema_version', native('uuid'), uuid('e84b6a60-24cf-30ca-9b58-452d92911703')],
    ['tokens', { kind: 'set', element: native('varchar') }, textSet(['0'])],
  ];
  return { kind: 'rows', metadata: { columns: cols.map(([n, t]) => col('system', 'local', n, t)) }, rows: [cols.map(([, , v]) => v)] };
})();

const PEERS: ResultMessage = { kind: 'rows', metadata: { columns: [col('system', 'peers', 'peer', native('inet')), col('system', 'peers', 'rpc_address', native('inet'))] }, rows: [] };

/** The bench table's columns, as Ilium describes bench.kv (k text PRIMARY KEY, v blob). */
const K = col('bench', 'kv', 'k', native('varchar'));
const V = col('bench', 'kv', 'v', native('blob'));
const VOID: ResultMessage = { kind: 'void' };
/** The one row every SELECT gets: a 10-byte key and a 90-byte value, like the bench's rows. */
const ROW: ResultMessage = { kind: 'rows', metadata: { columns: [V] }, rows: [[Buffer.alloc(90, 0x61)]] };

interface Stub {
  readonly prepared: PreparedResult;
  readonly result: ResultMessage;
}

class StubSession implements CqlSession {
  keyspace: string | undefined = undefined;

  constructor(private readonly statements: Map<string, Stub>) {}

  async query(query: string): Promise<ResultMessage> {
    if (/\bsystem\.local\b/i.test(query)) return LOCAL;
    if (/\bsystem\.peers/i.test(query)) return PEERS;
    if (/^\s*use\s+(\w+)/i.test(query)) return { kind: 'set_keyspace', keyspace: /^\s*use\s+(\w+)/i.exec(query)![1]! };
    // `ilium stress` creates its keyspace and table (IF NOT EXISTS) before it prepares
    if (/^\s*create\s+(keyspace|table)\b/i.test(query)) return VOID;
    return this.stub(query).result;
  }

  async prepare(query: string): Promise<PreparedResult> {
    return this.stub(query).prepared;
  }

  async execute(id: Buffer): Promise<ResultMessage> {
    const s = this.statements.get(id.toString('hex'));
    if (s === undefined) throw new UnpreparedError(`Prepared query with ID ${id.toString('hex')} not found`, id);
    return s.result;
  }

  async batch(_batch: BatchSpec): Promise<ResultMessage> {
    return VOID;
  }

  /** INSERT → (k, v) markers and Void; SELECT → a k marker and the fixed row. */
  private stub(query: string): Stub {
    const id = createHash('md5').update(query).digest();
    const known = this.statements.get(id.toString('hex'));
    if (known !== undefined) return known;
    let s: Stub;
    if (/^\s*insert\b/i.test(query)) {
      s = { prepared: { kind: 'prepared', id, metadata: { columns: [K, V], pkIndexes: [0] }, resultMetadata: { columns: [], noMetadata: true } }, result: VOID };
    } else if (/^\s*select\b/i.test(query)) {
      s = { prepared: { kind: 'prepared', id, metadata: { columns: [K], pkIndexes: [0] }, resultMetadata: { columns: [V] } }, result: ROW };
    } else {
      throw new CqlSyntaxError(`the stub server answers only INSERT and SELECT, not: ${query}`);
    }
    this.statements.set(id.toString('hex'), s);
    return s;
  }
}

class StubHandler implements CqlRequestHandler {
  private readonly statements = new Map<string, Stub>();
  newSession(): CqlSession {
    return new StubSession(this.statements);
  }
}

// `--host=ADDR`: listen there instead of 127.0.0.1 (a machine shared with other loopback users)
const host = /^--host=(.+)$/.exec(process.argv[2] ?? '')?.[1] ?? '127.0.0.1';
const server = new CqlServer(createRealEnv(), new StubHandler(), { host, port: 0, logger: new RecordingLogger() });
const address = await server.start();
process.stdout.write(`stub ready on ${address.host}:${address.port}\n`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
