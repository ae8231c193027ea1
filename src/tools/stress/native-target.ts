/**
 * `ilium stress --client native`: the node under test through Ilium's own protocol codec rather
 * than the npm driver, so that what is measured is the node's capacity, not the driver's. It
 * opens `connections` connections (native-connection.ts), creates the keyspace and table as the
 * driver mode does, PREPAREs the INSERT and the SELECT once, and then sends each operation as a
 * copy of a precomputed EXECUTE frame (execute-template.ts) with the key and value written in.
 * Each operation goes to the connection with the fewest requests outstanding, so the run's
 * `--concurrency` spreads evenly and no connection has more than ⌈concurrency / connections⌉
 * in flight. A write must be answered by a RESULT, a read by a Rows RESULT; an ERROR response
 * fails its operation with the error's type (`ResponseError:invalid`, …) and first message kept.
 */
import type { Env } from '../../env/index.js';
import { BodyReader, Opcode, type Response, ResultKind, decodeResponse, readResultMetadata } from '../../transport/protocol/index.js';
import { ExecuteTemplate } from './execute-template.js';
import { NativeConnection, type ResponseFrame, STREAMS_MAX } from './native-connection.js';
import type { StressOp } from './op-generator.js';
import type { StressOptions } from './stress-args.js';
import type { StressTarget } from './stress-runner.js';
import { stressSchema } from './stress-schema.js';

export type NativeTargetOptions = Pick<
  StressOptions,
  'host' | 'port' | 'keyspace' | 'replicationFactor' | 'consistency' | 'user' | 'password' | 'connections' | 'concurrency' | 'rowSize'
>;

const PK_BYTES = 8; // bigint
const CK_BYTES = 4; // int
const TWO_32 = 2 ** 32;

export class NativeTarget implements StressTarget {
  private constructor(
    private readonly connections: readonly NativeConnection[],
    private readonly insert: ExecuteTemplate,
    private readonly select: ExecuteTemplate,
  ) {}

  static async open(env: Env, o: NativeTargetOptions): Promise<NativeTarget> {
    const perConnection = Math.min(STREAMS_MAX, Math.ceil(o.concurrency / o.connections));
    const credentials = o.user === undefined ? undefined : { user: o.user, password: o.password ?? '' };
    const opened: NativeConnection[] = [];
    try {
      for (let i = 0; i < o.connections; i++) opened.push(await NativeConnection.open(env.net, env.timers, { host: o.host, port: o.port }, perConnection, credentials));
      const first = opened[0]!;
      const schema = stressSchema(o.keyspace, o.replicationFactor);
      for (const ddl of [schema.createKeyspace, schema.createTable]) await first.request({ opcode: 'QUERY', query: ddl, params: { consistency: 'ONE', values: [], skipMetadata: false } });
      // prepared ids are the node's, not the connection's: one PREPARE serves every connection
      const insertId = await prepare(first, schema.insert);
      const selectId = await prepare(first, schema.select);
      return new NativeTarget(
        opened,
        new ExecuteTemplate(insertId, o.consistency, [PK_BYTES, CK_BYTES, o.rowSize], false),
        new ExecuteTemplate(selectId, o.consistency, [PK_BYTES, CK_BYTES], true),
      );
    } catch (e) {
      for (const c of opened) c.close();
      throw e;
    }
  }

  async run(op: StressOp, value: Buffer): Promise<boolean> {
    const write = op.kind === 'write';
    const template = write ? this.insert : this.select;
    const frame = template.copy();
    const [pkAt, ckAt, valueAt] = template.valueOffsets as [number, number, number?];
    frame.writeUInt32BE(Math.floor(op.partition / TWO_32), pkAt);
    frame.writeUInt32BE(op.partition >>> 0, pkAt + 4);
    frame.writeInt32BE(op.row, ckAt);
    if (write) {
      if (value.length !== template.valueSizes[2]) throw new RangeError(`a value of ${value.length} bytes, the template holds ${template.valueSizes[2]}`);
      value.copy(frame, valueAt);
    }
    const rows = resultRows(await this.leastLoaded().send(frame));
    if (write) {
      if (rows !== undefined) throw new Error('a write answered by a Rows result');
      return true;
    }
    if (rows === undefined) throw new Error('a read answered by a result that is not Rows');
    return rows > 0;
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.close();
  }

  private leastLoaded(): NativeConnection {
    let best = this.connections[0]!;
    for (let i = 1; i < this.connections.length; i++) if (this.connections[i]!.inFlight < best.inFlight) best = this.connections[i]!;
    return best;
  }
}

async function prepare(c: NativeConnection, query: string): Promise<Buffer> {
  const r: Response = await c.request({ opcode: 'PREPARE', query });
  if (r.opcode !== 'RESULT' || r.result.kind !== 'prepared') throw new Error(`PREPARE answered by ${r.opcode === 'RESULT' ? r.result.kind : r.opcode}`);
  return r.result.id;
}

/**
 * A RESULT's row count, undefined when it is not a Rows result; throws for any other response.
 * Reads only the result's kind, metadata and count (the codec's own readers), not the rows: with
 * Skip_metadata the metadata is two ints. A frame with flags (warnings, tracing) is decoded whole.
 */
function resultRows(f: ResponseFrame): number | undefined {
  if (f.header.opcode !== Opcode.RESULT) throw new Error(`answered by opcode 0x${f.header.opcode.toString(16)}, not RESULT`);
  if (f.header.flags !== 0) {
    const r = decodeResponse(f.header, f.body).response;
    return r.opcode === 'RESULT' && r.result.kind === 'rows' ? r.result.rows.length : undefined;
  }
  const r = new BodyReader(f.body);
  if (r.int() !== ResultKind.ROWS) return undefined;
  readResultMetadata(r);
  return r.int();
}
