/**
 * bench:protocol-v5 — protocol v5 (Cassandra 4.0's default: envelopes in checksummed segments,
 * CRC24 headers and CRC32 payloads, LZ4 per segment) against v4 (bare envelopes) on one real
 * `ilium start`, for the same prepared single-partition SELECT (~100-byte rows) and INSERT. The
 * npm driver has no v5, so the client is Ilium's own wire client (test/support/cql-wire-client.ts,
 * the codec in src/transport/protocol) at each version, one connection, requests in flight; the
 * same client code runs every variant, so the ratio is the protocol's cost on both sides.
 * Variants: v4, v5, and with LZ4 (v4 per envelope body, v5 per segment). Paired rounds
 * (paired-variants.ts); ratios to v4 uncompressed.
 *
 *   node dist/bench/protocol-v5.js [--seconds=5 --rounds=3 --inflight=64 --address=127.0.0.1]
 */
import { parseArgs } from 'node:util';
import { createRealEnv } from '../src/env/index.js';
import { type DecodedResponse, resultMetadataId } from '../src/transport/protocol/index.js';
import { CqlWireClient } from '../test/support/cql-wire-client.js';
import { startIliumProcess } from '../test/support/ilium-process.js';
import { type Variant, measureVariants, progress, report } from './paired-variants.js';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' }, inflight: { type: 'string', default: '64' }, address: { type: 'string', default: '127.0.0.1' } } });
const KEYS = 10_000;
const VALUE = Buffer.alloc(90, 0x61);

function resultOf(d: DecodedResponse) {
  if (d.response.opcode !== 'RESULT') throw new Error(`expected a result, got ${JSON.stringify(d.response).slice(0, 300)}`);
  return d.response.result;
}

const intBytes = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** A connection at `version` (compressed with LZ4 or not) with the SELECT and INSERT prepared. */
async function connection(host: string, port: number, version: 4 | 5, lz4: boolean) {
  const c = await CqlWireClient.connect(createRealEnv().net, { host, port });
  c.version = version;
  const ready = await c.startup(lz4 ? 'lz4' : undefined);
  if (ready.response.opcode !== 'READY') throw new Error(`v${version}: ${JSON.stringify(ready.response)}`);
  const prepare = async (query: string) => {
    const r = resultOf(await c.request({ opcode: 'PREPARE', query }));
    if (r.kind !== 'prepared') throw new Error(r.kind);
    return { id: r.id, resultMetadataId: resultMetadataId(r.resultMetadata.columns) };
  };
  const select = await prepare('SELECT k, v FROM b.kv WHERE k = ?');
  const insert = await prepare('INSERT INTO b.kv (k, v) VALUES (?, ?)');
  const execute = (p: { id: Buffer; resultMetadataId: Buffer }, values: Buffer[]) =>
    c.request({ opcode: 'EXECUTE', id: p.id, ...(version >= 5 ? { resultMetadataId: p.resultMetadataId } : {}), params: { consistency: 'ONE', values, skipMetadata: true } });
  return {
    close: () => c.close(),
    read: async (i: number) => {
      const r = resultOf(await execute(select, [intBytes(i % KEYS)]));
      if (r.kind !== 'rows' || r.rows.length !== 1) throw new Error('expected one row');
    },
    write: async (i: number) => void resultOf(await execute(insert, [intBytes(i % KEYS), VALUE])),
  };
}

progress('starting ilium');
const node = await startIliumProcess({ address: args.address });
const connections: { close(): void }[] = [];
try {
  const setup = await CqlWireClient.connect(createRealEnv().net, { host: node.host, port: node.port });
  connections.push(setup);
  await setup.startup();
  const q = (query: string) => setup.request({ opcode: 'QUERY', query, params: { consistency: 'ONE', values: [], skipMetadata: false } }).then(resultOf);
  await q("CREATE KEYSPACE b WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await q('CREATE TABLE b.kv (k int PRIMARY KEY, v blob)');
  const kinds = [
    ['v4', 4, false],
    ['v5', 5, false],
    ['v4 lz4', 4, true],
    ['v5 lz4', 5, true],
  ] as const;
  const clients: { name: string; c: Awaited<ReturnType<typeof connection>> }[] = [];
  for (const [name, version, lz4] of kinds) {
    const c = await connection(node.host, node.port, version, lz4);
    connections.push(c);
    clients.push({ name, c });
  }
  progress(`writing ${KEYS} rows`);
  for (let i = 0; i < KEYS; i += 500) await Promise.all(Array.from({ length: 500 }, (_, j) => clients[0]!.c.write(i + j)));
  const o = { seconds: Number(args.seconds), rounds: Number(args.rounds), inflight: Number(args.inflight) };
  const reads = await measureVariants(clients.map(({ name, c }): Variant => ({ name: `${name} reads`, op: c.read })), o);
  const writes = await measureVariants(clients.map(({ name, c }): Variant => ({ name: `${name} writes`, op: c.write })), o);
  report('protocol-v5', [...reads, ...writes], { inflight: o.inflight });
} finally {
  for (const c of connections) c.close();
  await node.stop();
  node.dispose();
}
