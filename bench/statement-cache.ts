/**
 * bench:statement-cache — what the query processor's cache of simple statements saves: binding a
 * QUERY text (parse + prepare against the schema) against finding it bound in the cache, for the
 * statements applications send unprepared with `?` values, and the full QUERY path through the
 * wire (CqlServer + wire client, loopback) with the cache on and off. Last line: one JSON object.
 *
 *   node dist/bench/statement-cache.js
 */
import { parseStatement } from '../src/cql/parser/index.js';
import { prepareStatement } from '../src/cql/prepare.js';
import { QueryProcessor, StatementCache } from '../src/server/index.js';
import { CqlServer, RecordingLogger } from '../src/transport/index.js';
import { openCqlTestNode } from '../test/support/cql-test-node.js';
import { CqlWireClient } from '../test/support/cql-wire-client.js';

const STATEMENTS: Record<string, string> = {
  insert: 'INSERT INTO app.events (id, ts, kind, payload) VALUES (?, ?, ?, ?) USING TTL 86400',
  update: 'UPDATE app.events SET kind = ?, payload = ? WHERE id = ? AND ts = ?',
  delete: 'DELETE payload FROM app.events WHERE id = ? AND ts = ?',
};

function perSecond(fn: () => unknown, rounds: number): number {
  for (let i = 0; i < rounds / 10; i++) fn();
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  return (rounds * 1000) / (performance.now() - t0);
}

const node = await openCqlTestNode();
await node.run("CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
await node.run('CREATE TABLE app.events (id int, ts timestamp, kind text, payload blob, PRIMARY KEY (id, ts))');
const cache = new StatementCache(node.ctx, prepareStatement);
const out: Record<string, unknown> = {};
for (const [name, text] of Object.entries(STATEMENTS)) {
  const bind = perSecond(() => prepareStatement(parseStatement(text), node.ctx, undefined), 50_000);
  const cached = perSecond(() => cache.statementFor(text, undefined), 50_000);
  out[name] = { bindPerSec: Math.round(bind), cachedPerSec: Math.round(cached) };
  process.stdout.write(`${name.padEnd(8)} bind ${Math.round(bind).toLocaleString()}/s, cache hit ${Math.round(cached).toLocaleString()}/s (${(cached / bind).toFixed(1)}x)\n`);
}

/** QUERY requests per second over loopback, 64 in flight, with the processor's cache on or off. */
async function wire(statementCacheMax: number): Promise<number> {
  const processor = new QueryProcessor(node.ctx, { statementCacheMax });
  const server = new CqlServer(node.env, processor, { host: '127.0.0.1', port: 0, logger: new RecordingLogger() });
  const client = await CqlWireClient.connect(node.env.net, await server.start());
  await client.startup();
  const id = Buffer.alloc(4);
  const query = () => {
    id.writeInt32BE((Math.random() * 1000) | 0);
    return client.request({ opcode: 'QUERY', query: STATEMENTS.update!, params: { consistency: 'ONE', values: [Buffer.from('k'), Buffer.from('p'), Buffer.from(id), Buffer.alloc(8)], skipMetadata: false } });
  };
  const total = 20_000;
  let sent = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 64 }, async () => {
    while (sent < total) {
      sent++;
      const r = await query();
      if (r.response.opcode !== 'RESULT') throw new Error(JSON.stringify(r.response));
    }
  }));
  const rate = (total * 1000) / (performance.now() - t0);
  client.close();
  await server.close();
  return rate;
}

await wire(1000); // warm-up: the first run also pays for JIT and the engine's first writes
const off = await wire(0);
const on = await wire(1000);
out.wireQueryPerSec = { cacheOff: Math.round(off), cacheOn: Math.round(on) };
process.stdout.write(`QUERY over the wire (UPDATE, 64 in flight): cache off ${Math.round(off).toLocaleString()}/s, on ${Math.round(on).toLocaleString()}/s\n`);
await node.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
