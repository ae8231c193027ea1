/**
 * bench:cql-in-process's `layers` shape: where one prepared single-row write and one prepared
 * single-row read (bench:cql's bench.kv: a 10-character text key, a 90-byte blob) spend their
 * time on a real node, layer by layer, each measured alone in the same process:
 *
 *   decode       the EXECUTE frame's body decoded (`decodeRequestFrame`), as the npm driver sends
 *                it: LOCAL_ONE, values, skip-metadata, page size 5000, a client timestamp
 *   statement    the query session's `execute` with the coordinator replaced by a stub that
 *                answers what the real one answered: finding the prepared statement, binding and
 *                validating the values, building the update or the read, building the result
 *   coordinator  the node's `StorageProxy.apply` / `.readMany` (one key) of what the statement handed it, minus
 *                the engine below it (measured next, on other keys of the same shape)
 *   engine       `StorageEngine.apply` (commit-log append, memtable) / `.read` (memtable, no
 *                SSTable: the rows were just written)
 *   encode       the RESULT frame encoded (`encodeResponseFrame`: Void, or one Rows row)
 *
 * What is left of a whole request — the connection's framing, scheduling and socket writes — is
 * bench/cql-server-path.ts's figure minus the sum of these.
 *
 * Time: CPU µs per operation (process.cpuUsage) over `ops` sequential calls after a tenth as
 * warm-up. Allocation: bytes per operation, the JS heap's growth (`heapUsed`) over a window of
 * calls with no garbage collection inside — the process runs with `--expose-gc` and a young
 * generation large enough (`--min/max-semi-space-size`) that a window fits, a forced GC comes
 * before each window, and a PerformanceObserver of 'gc' entries proves none began during it (a
 * window that saw one is measured again, smaller). It counts every JS object, Buffer objects
 * included, but not Buffers' bytes outside the heap (ArrayBuffer backing stores: pooled, so not
 * attributable to one call); the bench's own per-call arguments (a key, the parameters) are in it.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import type { IliumNode } from '../src/server/index.js';
import type { TableWrite } from '../src/service/data-store.js';
import { Opcode, type QueryParameters, type ResultMessage, decodeRequestFrame, encodeRequestFrame, encodeResponseFrame } from '../src/transport/index.js';
import { CollectingContext } from '../src/transport/server/request-context.js';

export interface LayerCost {
  readonly cpuUs: number;
  readonly heapBytes: number;
}
export type Layers = Record<'decode' | 'statement' | 'coordinator' | 'engine' | 'encode', LayerCost>;

const HEADER = 9;
const WINDOW_OPS = 2000;
const gc = (): void => (globalThis as { gc?: () => void }).gc!();

/** When each garbage collection began (performance.now() ms), as the observer reports them. */
const gcStarts: number[] = [];
new PerformanceObserver((list) => void gcStarts.push(...list.getEntries().map((e) => e.startTime))).observe({ entryTypes: ['gc'] });

/** The node flags the allocation figures need; `main` re-runs the bench with them when missing. */
export const LAYER_NODE_FLAGS = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];
export const hasLayerFlags = (): boolean => typeof (globalThis as { gc?: unknown }).gc === 'function';

/** CPU µs per call of `fn(i)` for i in [from, from + ops), after ops/10 warm-up calls before `from`. */
async function cpuPerOp(ops: number, fn: (i: number) => unknown): Promise<number> {
  const warm = Math.ceil(ops / 10);
  for (let i = 0; i < warm; i++) await fn(i);
  const t0 = process.cpuUsage();
  for (let i = warm; i < warm + ops; i++) await fn(i);
  const t = process.cpuUsage(t0);
  return Math.round(((t.user + t.system) / ops) * 100) / 100;
}

/** Bytes allocated per call of `fn(i)`, i from `from`, in a window with no GC (see the header). */
async function bytesPerOp(from: number, fn: (i: number) => unknown): Promise<number> {
  for (let n = WINDOW_OPS; n >= 50; n = Math.floor(n / 2)) {
    gc();
    const t0 = performance.now();
    const m0 = process.memoryUsage();
    for (let i = from; i < from + n; i++) await fn(i);
    const m1 = process.memoryUsage();
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 5)); // the observer's entries arrive in a later task
    if (gcStarts.some((t) => t >= t0 && t <= t1)) continue;
    return Math.round((m1.heapUsed - m0.heapUsed) / n);
  }
  throw new Error('every window saw a garbage collection: run with a larger --max-semi-space-size');
}

async function layer(ops: number, fn: (i: number) => unknown, memFrom: number): Promise<LayerCost> {
  const cpuUs = await cpuPerOp(ops, fn);
  return { cpuUs, heapBytes: await bytesPerOp(memFrom, fn) };
}

const minus = (a: LayerCost, b: LayerCost): LayerCost => ({
  cpuUs: Math.round((a.cpuUs - b.cpuUs) * 100) / 100,
  heapBytes: a.heapBytes - b.heapBytes,
});

/** The per-layer figures of a prepared write and read on `node` (`ops` calls each). */
export async function measureLayers(node: IliumNode, ops: number): Promise<{ write: Layers; read: Layers }> {
  const s = node.processor.newSession({ remoteAddress: { host: '127.0.0.1', port: 1 }, protocolVersion: 4, startupOptions: new Map() });
  const ctx = () => new CollectingContext(false, undefined);
  const params = (values: Buffer[]): QueryParameters => ({ consistency: 'LOCAL_ONE', values, skipMetadata: true, pageSize: 5000, timestamp: BigInt(Date.now()) * 1000n });
  await s.query("CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}", params([]), ctx());
  await s.query('CREATE TABLE IF NOT EXISTS bench.kv (k text PRIMARY KEY, v blob)', params([]), ctx());
  const insertId = (await s.prepare('INSERT INTO bench.kv (k, v) VALUES (?, ?)', undefined, ctx())).id;
  const selectId = (await s.prepare('SELECT v FROM bench.kv WHERE k = ?', undefined, ctx())).id;
  const value = Buffer.alloc(90, 0x61);
  // every call of every layer gets a key of its own: no layer rewrites or rereads another's rows
  const perLayer = Math.ceil(ops * 1.1) + 2 * WINDOW_OPS;
  const key = (layerNo: number, i: number): Buffer => Buffer.from(`k${String(layerNo * perLayer + i).padStart(9, '0')}`);
  const proxy = node.cluster.proxy;
  const realApply = proxy.apply.bind(proxy);
  const realReadMany = proxy.readMany.bind(proxy);
  const memFrom = Math.ceil(ops * 1.1);

  // decode: the frames the driver would send for the write and the read
  const executeBody = (id: Buffer, values: Buffer[]) => encodeRequestFrame({ opcode: 'EXECUTE', id, params: params(values) }, { stream: 1 }).subarray(HEADER);
  const writeBody = executeBody(insertId, [key(0, 0), value]);
  const readBody = executeBody(selectId, [key(0, 0)]);

  // the write: the statement with the coordinator stubbed, capturing what it is handed
  const captured: (readonly TableWrite[])[] = [];
  proxy.apply = (writes) => {
    captured.push(writes);
    return Promise.resolve();
  };
  let voidResult: ResultMessage | undefined;
  const writeStatement = await layer(ops, async (i) => (voidResult = await s.execute(insertId, params([key(1, i), value]), ctx())), memFrom);
  // what the statement hands the coordinator, for keys of the coordinator's and of the engine's
  const capture = async (layerNo: number): Promise<(readonly TableWrite[])[]> => {
    captured.length = 0;
    for (let i = 0; i < perLayer; i++) await s.execute(insertId, params([key(layerNo, i), value]), ctx());
    if (captured.length !== perLayer) throw new Error('the INSERT did not go through StorageProxy.apply');
    return captured.splice(0);
  };
  const writesForCoordinator = await capture(2);
  const writesForEngine = await capture(3);
  delete (proxy as { apply?: unknown }).apply;
  const writeCoordinator = await layer(ops, (i) => realApply(writesForCoordinator[i]!, 'LOCAL_ONE'), memFrom);
  const writeEngine = await layer(ops, (i) => node.engine.apply(writesForEngine[i]![0]!.cf.id, writesForEngine[i]![0]!.update), memFrom);

  // the read: the real coordinator's answers recorded, then replayed by a stub under the statement
  type ReadArgs = Parameters<typeof proxy.readMany>;
  const recorded: { args: ReadArgs; result: Awaited<ReturnType<typeof proxy.readMany>> }[] = [];
  proxy.readMany = async (...args: ReadArgs) => {
    const result = await realReadMany(...args);
    recorded.push({ args, result });
    return result;
  };
  // the rows of the coordinator's keys (key(2, i), every i: its layer wrote most) are read
  for (let i = 0; i < perLayer; i++) await realApply(writesForCoordinator[i]!, 'LOCAL_ONE');
  for (let i = 0; i < perLayer; i++) await s.execute(selectId, params([key(2, i)]), ctx());
  if (recorded.length !== perLayer || recorded.some((r) => r.args[1].length !== 1 || r.result[0] === null)) throw new Error('the SELECT did not read its row through StorageProxy.readMany of one key');
  let replay = 0;
  proxy.readMany = () => Promise.resolve(recorded[replay++ % recorded.length]!.result);
  let rowsResult: ResultMessage | undefined;
  const readStatement = await layer(ops, async (i) => (rowsResult = await s.execute(selectId, params([key(2, i)]), ctx())), memFrom);
  delete (proxy as { readMany?: unknown }).readMany;
  const readCoordinator = await layer(ops, (i) => realReadMany(...recorded[i]!.args), memFrom);
  const readEngine = await layer(ops, (i) => {
    const [cf, keys, query, , nowSec] = recorded[i]!.args;
    return node.engine.read(cf.id, keys[0]!, query, nowSec);
  }, memFrom);

  const encode = (result: ResultMessage) => () => encodeResponseFrame({ version: 4, stream: 1, response: { opcode: 'RESULT', result }, skipMetadata: true });
  return {
    write: {
      decode: await layer(ops, () => decodeRequestFrame(Opcode.EXECUTE, writeBody, 4, false), 0),
      statement: writeStatement,
      coordinator: minus(writeCoordinator, writeEngine),
      engine: writeEngine,
      encode: await layer(ops, encode(voidResult!), 0),
    },
    read: {
      decode: await layer(ops, () => decodeRequestFrame(Opcode.EXECUTE, readBody, 4, false), 0),
      statement: readStatement,
      coordinator: minus(readCoordinator, readEngine),
      engine: readEngine,
      encode: await layer(ops, encode(rowsResult!), 0),
    },
  };
}

/** The layers as text lines: CPU µs, share of the sum, heap bytes per operation. */
export function formatLayers(name: string, l: Layers): string {
  const total = Object.values(l).reduce((a, c) => a + c.cpuUs, 0);
  const lines = Object.entries(l).map(
    ([k, c]) => `  ${k.padEnd(12)} ${c.cpuUs.toFixed(2).padStart(7)} µs ${((c.cpuUs / total) * 100).toFixed(0).padStart(3)}%  ${String(c.heapBytes).padStart(6)} B heap`,
  );
  const heap = Object.values(l).reduce((a, c) => a + c.heapBytes, 0);
  return `${name}: ${total.toFixed(2)} µs, ${heap} B heap per operation over the layers\n${lines.join('\n')}\n`;
}
