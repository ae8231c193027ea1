/**
 * bench:auth — what a password login costs on a real `ilium start`: logins per second, time per
 * login and the node's CPU per login, with PasswordAuthenticator at bcrypt cost 10 (the default)
 * and at cost 4 (`-Dcassandra.auth_bcrypt_gensalt_log2_rounds=4`), against the baseline measured in
 * the same run: connection setup on a node with AllowAllAuthenticator (the default).
 *
 * One login is one new TCP connection speaking protocol v4 itself: STARTUP, then on the password
 * nodes AUTHENTICATE → AUTH_RESPONSE (SASL PLAIN) → AUTH_SUCCESS, on the baseline READY; then the
 * connection is closed. No driver: the driver's own start-up queries would hide the login. The role
 * logged in as, `bench`, is made after start with CREATE ROLE, so its hash has the node's cost.
 * The three nodes take turns, round after round (the order flips each round), each with
 * `--inflight` logins outstanding; the figures are medians over the rounds.
 *
 *   npm run bench:auth [-- --seconds=5 --rounds=3 --inflight=4]
 *
 * Progress goes to stderr; the summary to stdout, its last line one JSON object.
 */
import { connect as tcpConnect } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import cassandra from 'cassandra-driver';
import { type LoadResult, runLoad } from './cql-load.js';
import { type IliumServer, cpuMs, startIlium } from './cql-servers.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../test/support/default-superuser.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    inflight: { type: 'string', default: '4' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const INFLIGHT = Number(args.inflight);
const ROLE = 'bench';
const PASSWORD = 'bench-password';

const progress = (s: string): void => void process.stderr.write(`\r${s}\x1b[K`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

// Protocol v4 opcodes (native_protocol_v4.spec §2.4).
const ERROR = 0x00;
const STARTUP = 0x01;
const READY = 0x02;
const AUTHENTICATE = 0x03;
const AUTH_RESPONSE = 0x0f;
const AUTH_SUCCESS = 0x10;

function frame(opcode: number, body: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.writeUInt8(0x04, 0);
  header.writeUInt8(0, 1);
  header.writeInt16BE(0, 2);
  header.writeUInt8(opcode, 4);
  header.writeInt32BE(body.length, 5);
  return Buffer.concat([header, body]);
}

/** [string map] {CQL_VERSION: 3.0.0}. */
function startupBody(): Buffer {
  const s = (x: string): Buffer => {
    const b = Buffer.from(x, 'utf8');
    const len = Buffer.alloc(2);
    len.writeUInt16BE(b.length);
    return Buffer.concat([len, b]);
  };
  const n = Buffer.alloc(2);
  n.writeUInt16BE(1);
  return Buffer.concat([n, s('CQL_VERSION'), s('3.0.0')]);
}

/** [bytes] holding SASL PLAIN's token: \0user\0password. */
function plainBody(user: string, password: string): Buffer {
  const token = Buffer.from(`\0${user}\0${password}`, 'utf8');
  const len = Buffer.alloc(4);
  len.writeInt32BE(token.length);
  return Buffer.concat([len, token]);
}

const STARTUP_FRAME = frame(STARTUP, startupBody());
const AUTH_FRAME = frame(AUTH_RESPONSE, plainBody(ROLE, PASSWORD));

/** One connection: STARTUP, the SASL exchange when asked for it, then close. */
function login(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host, port, noDelay: true });
    let buffered: Buffer = Buffer.alloc(0);
    const fail = (e: Error): void => {
      socket.destroy();
      reject(e);
    };
    socket.on('error', fail);
    socket.on('connect', () => socket.write(STARTUP_FRAME));
    socket.on('data', (d: Buffer) => {
      buffered = buffered.length === 0 ? d : Buffer.concat([buffered, d]);
      while (buffered.length >= 9) {
        const length = buffered.readInt32BE(5);
        if (buffered.length < 9 + length) return;
        const opcode = buffered.readUInt8(4);
        const body = buffered.subarray(9, 9 + length);
        buffered = buffered.subarray(9 + length);
        if (opcode === AUTHENTICATE) socket.write(AUTH_FRAME);
        else if (opcode === READY || opcode === AUTH_SUCCESS) {
          socket.end();
          socket.destroy();
          resolve();
          return;
        } else if (opcode === ERROR) return fail(new Error(`server error: ${body.subarray(6).toString('utf8')}`));
        else return fail(new Error(`unexpected opcode 0x${opcode.toString(16)}`));
      }
    });
  });
}

interface Node {
  readonly label: string;
  readonly server: IliumServer;
}

/** Starts a node; with a cost, PasswordAuthenticator and the role `bench` made at that cost. */
async function startNode(label: string, bcryptCost: number | undefined): Promise<Node> {
  progress(`starting ${label}`);
  if (bcryptCost === undefined) return { label, server: await startIlium(label) };
  const costArgs = bcryptCost === 10 ? [] : [`-Dcassandra.auth_bcrypt_gensalt_log2_rounds=${bcryptCost}`];
  const server = await startIlium(label, [], undefined, {
    configYaml: 'authenticator: PasswordAuthenticator\n',
    args: [SUPERUSER_AT_ONCE, ...costArgs],
  });
  progress(`${label}: waiting for the default superuser`);
  await defaultSuperuserReady(server.host, server.port, 60_000);
  const client = new cassandra.Client({
    contactPoints: [`${server.host}:${server.port}`],
    localDataCenter: 'datacenter1',
    authProvider: new cassandra.auth.PlainTextAuthProvider('cassandra', 'cassandra'),
  });
  try {
    await client.execute(`CREATE ROLE ${ROLE} WITH PASSWORD = '${PASSWORD}' AND LOGIN = true`);
  } finally {
    await client.shutdown();
  }
  return { label, server };
}

interface Phase extends LoadResult {
  readonly load: [number, number];
  /** The node's CPU time per login, µs (/proc: all its threads). */
  readonly serverCpuUs: number;
}

async function phase(n: Node, seconds: number, what: string): Promise<Phase> {
  const before = load1();
  const cpu0 = cpuMs(n.server.pid) ?? 0;
  const r = await runLoad({
    seconds,
    inflight: INFLIGHT,
    op: () => login(n.server.host, n.server.port),
    progress: (s) => progress(`${what} ${n.label}: ${s.opsPerSec.toLocaleString()} logins/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, load ${load1()}`),
  });
  const cpuUs = ((cpuMs(n.server.pid) ?? 0) - cpu0) * 1000;
  return { ...r, load: [before, load1()], serverCpuUs: Math.round((cpuUs / Math.max(1, r.ops)) * 10) / 10 };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** a / b to 3 significant digits (bcrypt-10 against the baseline is well below 0.01). */
const ratio = (a: number, b: number): number => Number((a / b).toPrecision(3));

async function main(): Promise<void> {
  const loadAtStart = loadavg().map((x) => Math.round(x * 100) / 100);
  const nodes: Node[] = [];
  try {
    nodes.push(await startNode('allow-all', undefined));
    nodes.push(await startNode('bcrypt-10', 10));
    nodes.push(await startNode('bcrypt-4', 4));
    for (const n of nodes) await phase(n, WARMUP, 'warm-up');
    const rounds = new Map<string, Phase[]>(nodes.map((n) => [n.label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of round % 2 === 0 ? nodes : [...nodes].reverse()) rounds.get(n.label)!.push(await phase(n, SECONDS, `round ${round + 1}/${ROUNDS}`));
    }
    progress('');
    report(loadAtStart, rounds);
  } finally {
    for (const n of nodes) {
      await n.server.stop();
      n.server.dispose();
    }
  }
}

function report(loadAtStart: number[], rounds: Map<string, Phase[]>): void {
  const summary = new Map<string, { loginsPerSec: number; p50Ms: number; p99Ms: number; serverCpuUs: number }>();
  for (const [label, ps] of rounds) {
    const m = (f: (p: Phase) => number): number => median(ps.map(f));
    const s = { loginsPerSec: m((p) => p.opsPerSec), p50Ms: m((p) => p.p50Ms), p99Ms: m((p) => p.p99Ms), serverCpuUs: m((p) => p.serverCpuUs) };
    summary.set(label, s);
    const errors = ps.reduce((a, p) => a + p.errors, 0);
    process.stdout.write(
      `${label.padEnd(9)} ${String(s.loginsPerSec.toLocaleString()).padStart(7)} logins/s  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms  server CPU/login ${s.serverCpuUs} µs  ` +
        `(rounds: ${ps.map((p) => `${p.opsPerSec}/s p50 ${p.p50Ms} load ${p.load.join('→')}`).join('; ')})${errors > 0 ? ` ${errors} errors: ${ps.find((p) => p.errors > 0)!.firstError}` : ''}\n`,
    );
  }
  const base = summary.get('allow-all')!;
  const ratios: Record<string, unknown> = {};
  for (const [label, s] of summary) {
    if (label === 'allow-all') continue;
    const r = { loginsPerSec: ratio(s.loginsPerSec, base.loginsPerSec), p50Ms: ratio(s.p50Ms, base.p50Ms), serverCpuUs: ratio(s.serverCpuUs, base.serverCpuUs) };
    ratios[label] = r;
    process.stdout.write(`ratios ${label}/allow-all: logins/s ${r.loginsPerSec}, time per login (p50) ${r.p50Ms}, server CPU per login ${r.serverCpuUs}\n`);
  }
  const c10 = summary.get('bcrypt-10')!;
  const c4 = summary.get('bcrypt-4')!;
  ratios['bcrypt-10/bcrypt-4'] = { loginsPerSec: ratio(c10.loginsPerSec, c4.loginsPerSec), serverCpuUs: ratio(c10.serverCpuUs, c4.serverCpuUs) };
  process.stdout.write(`ratios bcrypt-10/bcrypt-4: logins/s ${ratio(c10.loginsPerSec, c4.loginsPerSec)}, server CPU per login ${ratio(c10.serverCpuUs, c4.serverCpuUs)}\n`);
  const out = {
    bench: 'auth',
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAtStart,
    loadAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
    config: { seconds: SECONDS, rounds: ROUNDS, inflight: INFLIGHT },
    ...Object.fromEntries(summary),
    ratios,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();
