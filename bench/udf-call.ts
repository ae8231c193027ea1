/**
 * bench:udf — what one JavaScript UDF call costs inside a SELECT on a real `ilium start`: a trivial
 * function (`x * 3`) over the N rows of one partition, against the same SELECT without it, on this
 * build and on a baseline build side by side (`--baseline=DIR`, a copy of `dist` made before a
 * change: its `src/tools/ilium.js` is started). Per-call cost = (time with UDF − time without) / N.
 *
 * The nodes take turns, round after round (the order flips each round); each round runs each
 * SELECT `--reps` times; the figures are medians over all runs. One partition, fetchSize N: one page.
 *
 *   node dist/bench/udf-call.js --baseline=/tmp/udf-base/dist [--rows=5000 --rounds=7 --reps=5]
 *
 * Progress goes to stderr; the summary to stdout, its last line one JSON object.
 */
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../test/support/ilium-process.js';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rows: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '7' },
    reps: { type: 'string', default: '5' },
  },
});
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);
const REPS = Number(args.reps);
const YAML = ['enable_user_defined_functions: true', 'enable_scripted_user_defined_functions: true', ''].join('\n');

interface Subject {
  readonly name: string;
  readonly node: IliumProcess;
  readonly client: cassandra.Client;
  readonly plainMs: number[];
  readonly udfMs: number[];
}

async function subject(name: string, address: string, cli: string | undefined): Promise<Subject> {
  const node = await startIliumProcess({ address, args: ['--seeds', address], configYaml: YAML, ...(cli === undefined ? {} : { cli }) });
  const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 60_000 } });
  await client.connect();
  await client.execute("CREATE KEYSPACE b WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE b.t (k int, c int, v int, PRIMARY KEY (k, c))');
  await client.execute("CREATE FUNCTION b.triple(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 3'");
  for (let i = 0; i < ROWS; i += 100) {
    const batch = Array.from({ length: Math.min(100, ROWS - i) }, (_, j) => ({ query: 'INSERT INTO b.t (k, c, v) VALUES (0, ?, ?)', params: [i + j, i + j] }));
    await client.batch(batch, { prepare: true, logged: false });
  }
  return { name, node, client, plainMs: [], udfMs: [] };
}

async function timed(s: Subject, cql: string, into: number[]): Promise<void> {
  const t0 = performance.now();
  const r = await s.client.execute(cql, [], { prepare: true, fetchSize: ROWS + 1 });
  into.push(performance.now() - t0);
  if (r.rows.length !== ROWS) throw new Error(`${s.name}: ${r.rows.length} rows, not ${ROWS}`);
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const subjects = [await subject('this build', '127.0.34.10', undefined)];
  if (args.baseline !== undefined) subjects.push(await subject('baseline', '127.0.34.11', fileURLToPath(new URL(`file://${args.baseline}/src/tools/ilium.js`))));
  try {
    for (const s of subjects) for (let i = 0; i < 3; i++) await timed(s, 'SELECT b.triple(v) FROM b.t WHERE k = 0', []); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? subjects : [...subjects].reverse();
      for (const s of order) {
        for (let i = 0; i < REPS; i++) {
          await timed(s, 'SELECT v FROM b.t WHERE k = 0', s.plainMs);
          await timed(s, 'SELECT b.triple(v) FROM b.t WHERE k = 0', s.udfMs);
        }
      }
      process.stderr.write(`\rround ${round + 1}/${ROUNDS}\x1b[K`);
    }
    process.stderr.write('\n');
    const summary = subjects.map((s) => {
      const plain = median(s.plainMs);
      const udf = median(s.udfMs);
      return { build: s.name, rows: ROWS, plainMs: round2(plain), udfMs: round2(udf), perCallUs: round2(((udf - plain) * 1000) / ROWS), ratio: round2(udf / plain) };
    });
    console.log(`SELECT over ${ROWS} rows, medians of ${ROUNDS * REPS} runs each (load ${loadavg()[0]!.toFixed(2)}):`);
    for (const r of summary) console.log(`  ${r.build.padEnd(10)}  without UDF ${r.plainMs} ms  with triple(v) ${r.udfMs} ms  per call ${r.perCallUs} µs  ratio ${r.ratio}`);
    console.log(JSON.stringify(summary));
  } finally {
    for (const s of subjects) {
      await s.client.shutdown();
      await s.node.stop();
      s.node.dispose();
    }
  }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

await main().catch((e: unknown) => {
  console.error(`udf-call: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});
