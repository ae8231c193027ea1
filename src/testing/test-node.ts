/**
 * `startTestNode()`: a fresh Ilium node for a test file — in memory (nothing on disk), serving
 * the CQL native protocol on a free port of 127.0.0.1, with a keyspace made and a schema loaded
 * when asked — and `stop()` to end it. Any test runner's hooks start and stop it:
 *
 *   import { startTestNode } from 'ilium/testing';
 *   let node; before(async () => { node = await startTestNode({ keyspace: 'app', schema: 'CREATE TABLE t (k int PRIMARY KEY)' }); });
 *   after(() => node.stop());
 *   // your code connects to node.contactPoint with any driver, or calls node.db.execute()
 *
 * Test files that run at once (node --test, Jest and Vitest workers) each get their own node and
 * port: nothing is shared but the loopback address.
 */
import { type Ilium, type OpenOptions, open } from '../api/index.js';
import { splitScript } from '../tools/cqlsh/statement-splitter.js';

export interface TestNodeOptions {
  /** Made with SimpleStrategy and replication_factor 1 (unless it exists), and the schema's default keyspace. */
  readonly keyspace?: string;
  /** CQL statements run in order once the node is up (a script with `;` between them, or a list). */
  readonly schema?: string | readonly string[];
  /** Also serve the 0.7 Thrift API (on a free port). */
  readonly thrift?: boolean;
  /** 127.0.0.1 by default. */
  readonly host?: string;
  /** cassandra.yaml settings for the node (open()'s `config`). */
  readonly config?: OpenOptions['config'];
}

export interface TestNode {
  /** The embedded database itself: `execute`, `prepare`, the seeds' API. */
  readonly db: Ilium;
  readonly host: string;
  /** The CQL port. */
  readonly port: number;
  /** `host:port`, as drivers take contact points. */
  readonly contactPoint: string;
  /** The Thrift port, when asked for. */
  readonly thriftPort: number | undefined;
  /** The local data centre drivers must name (`datacenter1`). */
  readonly localDataCenter: string;
  /** Stops the node and its ports; everything it held is gone. Idempotent. */
  stop(): Promise<void>;
}

export async function startTestNode(options: TestNodeOptions = {}): Promise<TestNode> {
  const host = options.host ?? '127.0.0.1';
  const db = await open(options.config === undefined ? {} : { config: options.config });
  try {
    const served = await db.serve({ host, port: 0, ...(options.thrift === true ? { thrift: { port: 0 } } : {}) });
    if (options.keyspace !== undefined) {
      await db.execute(`CREATE KEYSPACE IF NOT EXISTS ${quoted(options.keyspace)} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`);
      await db.execute(`USE ${quoted(options.keyspace)}`);
    }
    const statements = typeof options.schema === 'string' ? splitScript(options.schema).statements.map((s) => s.text) : [...(options.schema ?? [])];
    for (const s of statements) await db.execute(s);
    let stopping: Promise<void> | undefined;
    return {
      db,
      host: served.cql.host,
      port: served.cql.port,
      contactPoint: `${served.cql.host}:${served.cql.port}`,
      thriftPort: served.thrift?.port,
      localDataCenter: 'datacenter1',
      stop: () => (stopping ??= db.close()),
    };
  } catch (e) {
    await db.close();
    throw e;
  }
}

/** A keyspace name as CQL writes it: as is when it is a plain lower-case identifier, quoted otherwise. */
function quoted(name: string): string {
  return /^[a-z][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}
