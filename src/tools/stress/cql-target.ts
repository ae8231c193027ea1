/**
 * The node under test, through npm cassandra-driver with its default (token-aware, DC-aware
 * round-robin) load balancing and retry policies: creates the keyspace and table, then runs each
 * operation as a prepared statement at the chosen consistency level. Failures are named by type
 * for the summary (`ResponseError:overloaded`, `OperationTimedOutError`, …).
 */
import { readFileSync } from 'node:fs';
import cassandra from 'cassandra-driver';
import type { ConsistencyName } from './stress-args.js';
import type { StressOp } from './op-generator.js';
import { stressSchema, type StressSchema } from './stress-schema.js';
import type { StressTarget } from './stress-runner.js';

export interface CqlTargetOptions {
  readonly host: string;
  readonly port: number;
  readonly localDataCenter: string;
  readonly keyspace: string;
  readonly replicationFactor: number;
  readonly consistency: ConsistencyName;
  readonly user: string | undefined;
  readonly password: string | undefined;
  /** TLS: the driver's sslOptions (CA certificates read from `caFile`). */
  readonly ssl: { readonly caFile: string | undefined } | undefined;
}

const CONSISTENCY_CODES: Readonly<Record<ConsistencyName, number>> = {
  ANY: cassandra.types.consistencies.any,
  ONE: cassandra.types.consistencies.one,
  TWO: cassandra.types.consistencies.two,
  THREE: cassandra.types.consistencies.three,
  QUORUM: cassandra.types.consistencies.quorum,
  ALL: cassandra.types.consistencies.all,
  LOCAL_QUORUM: cassandra.types.consistencies.localQuorum,
  EACH_QUORUM: cassandra.types.consistencies.eachQuorum,
  LOCAL_ONE: cassandra.types.consistencies.localOne,
};

const RESPONSE_ERROR_NAMES = new Map<number, string>(
  Object.entries(cassandra.types.responseErrorCodes as unknown as Record<string, unknown>).flatMap(([name, code]) => (typeof code === 'number' ? [[code, name] as const] : [])),
);

/** The summary's name for a failure. */
export function errorType(e: unknown): string {
  if (!(e instanceof Error)) return typeof e;
  const code = (e as { code?: unknown }).code;
  if (e.name === 'ResponseError' && typeof code === 'number') return `ResponseError:${RESPONSE_ERROR_NAMES.get(code) ?? `0x${code.toString(16)}`}`;
  return e.name;
}

export class CqlTarget implements StressTarget {
  private readonly schema: StressSchema;
  private readonly queryOptions: cassandra.QueryOptions;

  private constructor(
    private readonly client: cassandra.Client,
    o: CqlTargetOptions,
  ) {
    this.schema = stressSchema(o.keyspace, o.replicationFactor);
    this.queryOptions = { prepare: true, consistency: CONSISTENCY_CODES[o.consistency], isIdempotent: true };
  }

  /** Connects and creates the keyspace and table when missing (statements are prepared on first use). */
  static async open(o: CqlTargetOptions): Promise<CqlTarget> {
    const client = new cassandra.Client({
      contactPoints: [`${o.host}:${o.port}`],
      localDataCenter: o.localDataCenter,
      encoding: { useBigIntAsLong: true },
      ...(o.user === undefined ? {} : { authProvider: new cassandra.auth.PlainTextAuthProvider(o.user, o.password ?? '') }),
      ...(o.ssl === undefined ? {} : { sslOptions: o.ssl.caFile === undefined ? {} : { ca: [readFileSync(o.ssl.caFile)] } }),
    });
    try {
      await client.connect();
      const target = new CqlTarget(client, o);
      await client.execute(target.schema.createKeyspace);
      await client.execute(target.schema.createTable);
      return target;
    } catch (e) {
      await client.shutdown().catch(() => undefined);
      throw e;
    }
  }

  async run(op: StressOp, value: Buffer): Promise<boolean> {
    if (op.kind === 'write') {
      await this.client.execute(this.schema.insert, [BigInt(op.partition), op.row, value], this.queryOptions);
      return true;
    }
    const rs = await this.client.execute(this.schema.select, [BigInt(op.partition), op.row], this.queryOptions);
    return rs.rowLength > 0;
  }

  close(): Promise<void> {
    return this.client.shutdown();
  }
}
