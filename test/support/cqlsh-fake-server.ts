/**
 * A CQL server for the shell's tests: the transport's FakeCqlHandler (ks.kv, k text → v text,
 * paging, magic FAIL/WARN statements) plus what the shell asks beyond it — system_schema
 * tables and columns for ks.kv (completion, COPY), a typed table `ks.typed` with one row of
 * each value shape the formatter prints, a DESCRIBE answer, an LWT `[applied]` row, and
 * `FAIL INVALID` for a code-2200 error.
 */
import { CqlServer } from '../../src/transport/server/cql-server.js';
import { RecordingLogger } from '../../src/transport/server/transport-logger.js';
import { createRealEnv } from '../../src/env/index.js';
import { InvalidRequestError } from '../../src/errors/index.js';
import type { CqlRequestHandler, CqlSession, ClientInfo, RequestContext } from '../../src/transport/server/index.js';
import type { ColumnSpec, DataTypeSpec, QueryParameters, ResultMessage } from '../../src/transport/protocol/index.js';
import { FakeCqlHandler, cell } from './fake-cql-handler.js';

const text: DataTypeSpec = { kind: 'native', name: 'varchar' };
const int: DataTypeSpec = { kind: 'native', name: 'int' };

function cols(ks: string, table: string, spec: [string, DataTypeSpec][]): ColumnSpec[] {
  return spec.map(([name, type]) => ({ keyspace: ks, table, name, type }));
}

const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const be64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return b;
};
function items(parts: Buffer[], count = parts.length): Buffer {
  return Buffer.concat([be32(count), ...parts.flatMap((p) => [be32(p.length), p])]);
}

const rows = (columns: ColumnSpec[], data: (Buffer | null)[][]): ResultMessage => ({ kind: 'rows', metadata: { columns }, rows: data });

const SCHEMA_COLUMNS: [string, string, string, string, number, string][] = [
  ['ks', 'kv', 'k', 'partition_key', 0, 'text'],
  ['ks', 'kv', 'v', 'regular', -1, 'text'],
];

class ShellSession implements CqlSession {
  constructor(private readonly inner: CqlSession) {}

  get keyspace(): string | undefined {
    return this.inner.keyspace;
  }

  async query(query: string, params: QueryParameters, ctx: RequestContext): Promise<ResultMessage> {
    const q = query.trim().replace(/;$/, '');
    if (/^FAIL INVALID$/i.test(q)) throw new InvalidRequestError("Keyspace 'nope' does not exist");
    if (/FROM system_schema\.columns/i.test(q)) {
      const c = cols('system_schema', 'columns', [['keyspace_name', text], ['table_name', text], ['column_name', text], ['kind', text], ['position', int], ['type', text]]);
      const wanted = SCHEMA_COLUMNS.filter(([ks, t]) => !/WHERE/i.test(q) || (q.includes(`'${ks}'`) && q.includes(`'${t}'`)));
      return rows(c, wanted.map(([ks, t, name, kind, pos, type]) => [cell.text(ks), cell.text(t), cell.text(name), cell.text(kind), be32(pos), cell.text(type)]));
    }
    if (/FROM system_schema\.tables/i.test(q)) {
      return rows(cols('system_schema', 'tables', [['keyspace_name', text], ['table_name', text]]), [[cell.text('ks'), cell.text('kv')]]);
    }
    if (/FROM system_schema\.types/i.test(q)) {
      return rows(cols('system_schema', 'types', [['type_name', text], ['field_names', { kind: 'list', element: text }], ['field_types', { kind: 'list', element: text }]]), []);
    }
    if (/^SELECT \* FROM ks\.typed$/i.test(q)) return typedRows();
    if (/^DESCRIBE TABLE ks\.kv$/i.test(q) || /^DESC TABLE ks\.kv$/i.test(q)) {
      return rows(cols('', 'describe', [['keyspace_name', text], ['type', text], ['name', text], ['create_statement', text]]), [
        [cell.text('ks'), cell.text('table'), cell.text('kv'), cell.text('CREATE TABLE ks.kv (\n    k text PRIMARY KEY,\n    v text\n);')],
      ]);
    }
    if (/^DESCRIBE KEYSPACES$/i.test(q)) {
      return rows(cols('', 'describe', [['keyspace_name', text], ['type', text], ['name', text]]), [
        [cell.text('ks'), cell.text('keyspace'), cell.text('ks')],
        [cell.text('system'), cell.text('keyspace'), cell.text('system')],
      ]);
    }
    if (/IF NOT EXISTS$/i.test(q)) {
      return rows(cols('ks', 'kv', [['[applied]', { kind: 'native', name: 'boolean' }]]), [[cell.bool(false)]]);
    }
    return this.inner.query(query, params, ctx);
  }

  prepare(query: string, keyspace: string | undefined, ctx: RequestContext) {
    return this.inner.prepare(query, keyspace, ctx);
  }

  execute(id: Buffer, params: QueryParameters, ctx: RequestContext) {
    return this.inner.execute(id, params, ctx);
  }

  batch(...args: Parameters<CqlSession['batch']>) {
    return this.inner.batch(...args);
  }

  close(): void {
    this.inner.close?.();
  }
}

function typedRows(): ResultMessage {
  const c = cols('ks', 'typed', [
    ['id', int],
    ['name', text],
    ['tags', { kind: 'list', element: text }],
    ['scores', { kind: 'map', key: text, value: int }],
    ['at', { kind: 'native', name: 'timestamp' }],
    ['ok', { kind: 'native', name: 'boolean' }],
    ['data', { kind: 'native', name: 'blob' }],
    ['ratio', { kind: 'native', name: 'double' }],
    ['nothing', int],
  ]);
  return rows(c, [
    [
      be32(1),
      cell.text('日本'),
      items([cell.text('a'), cell.text("it's")]),
      items([cell.text('k'), be32(7)], 1),
      be64(1296705900000n),
      cell.bool(true),
      Buffer.from([0xca, 0xfe]),
      (() => {
        const b = Buffer.alloc(8);
        b.writeDoubleBE(2.5);
        return b;
      })(),
      null,
    ],
  ]);
}

class ShellHandler implements CqlRequestHandler {
  constructor(readonly fake: FakeCqlHandler) {}

  newSession(client: ClientInfo): CqlSession {
    return new ShellSession(this.fake.newSession(client));
  }
}

export interface ShellTestServer {
  readonly port: number;
  readonly fake: FakeCqlHandler;
  close(): Promise<void>;
}

export async function startShellTestServer(): Promise<ShellTestServer> {
  const fake = new FakeCqlHandler();
  const server = new CqlServer(createRealEnv(), new ShellHandler(fake), { host: '127.0.0.1', port: 0, logger: new RecordingLogger() });
  const { port } = await server.start();
  return { port, fake, close: () => server.close() };
}
