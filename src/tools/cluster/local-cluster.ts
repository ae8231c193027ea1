/**
 * A local development cluster, as ccm makes one: node i (1-based) runs `ilium start` on the
 * loopback address base+i-1 with Cassandra's default ports, its own folder and the first node as
 * seed. The layout under the cluster folder:
 *
 *   <dir>/node<i>/cassandra.yaml   the node's config (addresses, seeds, data folder, cluster name)
 *   <dir>/node<i>/data/            its data
 *   <dir>/node<i>/node.log         its stdout (the ready line) and stderr (JSON logs)
 *   <dir>/node<i>/pid              its process id while it runs
 *
 * Each node's nodetool listens on its own address (`admin_address: <node address>` in its config:
 * an explicit opt-in, since admin_address is 127.0.0.1 by default, where every node's 7199 would
 * collide), so `ilium nodetool -h <node address>` reaches it as with ccm; a config written before
 * that default gains the line on the next start.
 *
 * The nodes form a ring through gossip with the first as seed; every node but the first
 * bootstraps on its first start (a short ring delay, 1.5 s, is written to its config), so
 * `start -n 4` on a running three-node cluster adds a fourth that streams its ranges first. Processes are detached: they outlive the command that started
 * them, until `stop`.
 *
 * Extra cassandra.yaml keys (`--config-extra FILE`: TLS, authentication…) are merged into each new
 * node's config: a key of the file replaces the one written above (cluster_name, seeds…) or is
 * added. `{address}` and `{node}` in the file's text become the node's address and name (node2), so
 * each node can name its own key material (`keystore: /certs/{address}.pem`).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, parseDocument } from 'yaml';
import { SERVER_NODE_FLAGS } from '../server-flags.js';

const CLI = fileURLToPath(new URL('../ilium.js', import.meta.url));
const READY = /ready: CQL native protocol on ([^\s,]+), Thrift (?:off|on [^\s,]+), nodetool (?:off|on (\S+?))(?:, HTTP on \S+?)?\. Ctrl-C/;

export interface ClusterNode {
  readonly name: string;
  readonly address: string;
  readonly dir: string;
  readonly pid: number | null;
  readonly running: boolean;
  /** From the ready line: where CQL clients connect and where nodetool does. */
  readonly cql: string | null;
  readonly admin: string | null;
}

export function addressFor(base: string, index: number): string {
  const parts = base.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255) || parts[0] !== 127) {
    throw new Error(`--base-address must be a loopback IPv4 address (127.x.y.z), got ${base}`);
  }
  const last = parts[3]! + index;
  if (last > 254) throw new Error(`not enough loopback addresses after ${base} for node ${index + 1}`);
  return `${parts[0]}.${parts[1]}.${parts[2]}.${last}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(dir: string): number | null {
  const f = join(dir, 'pid');
  if (!existsSync(f)) return null;
  const pid = Number(readFileSync(f, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export function clusterNodes(root: string): ClusterNode[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((n) => /^node\d+$/.test(n))
    .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)))
    .map((name) => {
      const dir = join(root, name);
      const pid = readPid(dir);
      const yaml = existsSync(join(dir, 'cassandra.yaml')) ? readFileSync(join(dir, 'cassandra.yaml'), 'utf8') : '';
      const address = /^listen_address: (\S+)$/m.exec(yaml)?.[1] ?? '?';
      const log = existsSync(join(dir, 'node.log')) ? readFileSync(join(dir, 'node.log'), 'utf8') : '';
      const ready = [...log.matchAll(new RegExp(READY, 'g'))].pop();
      const running = pid !== null && alive(pid);
      return { name, address, dir, pid, running, cql: running ? (ready?.[1] ?? null) : null, admin: running ? (ready?.[2] ?? null) : null };
    });
}

export interface StartClusterOptions {
  readonly root: string;
  readonly nodes: number;
  readonly baseAddress: string;
  readonly clusterName: string;
  readonly readyTimeoutMs: number;
  readonly onProgress: (line: string) => void;
  /** Writes `enable_fault_injection: true` into new nodes' configs (the `nodetool faults` testing hook). */
  readonly faultInjection?: boolean;
  /** Writes `data_center: <name>` into new nodes' configs (SimpleSnitch then names its one data center so). */
  readonly dataCenter?: string;
  /** YAML text (a mapping) merged into each new node's config, `{address}` and `{node}` replaced (see above). */
  readonly configExtra?: string;
}

/**
 * `base` (a node's generated cassandra.yaml) with the keys of `extra` (YAML text of a mapping, its
 * `{address}` and `{node}` replaced) set on it: a key of both takes extra's value. Comments of the
 * generated text stay. Throws when `extra` is not a YAML mapping.
 */
export function mergeConfigExtra(base: string, extra: string, address: string, node: string): string {
  const filled = extra.replaceAll('{address}', address).replaceAll('{node}', node);
  const more = parseDocument(filled);
  if (more.errors.length > 0) throw new Error(`--config-extra: not YAML: ${more.errors[0]!.message}`);
  if (more.contents !== null && !isMap(more.contents)) throw new Error('--config-extra: the file must be a YAML mapping of cassandra.yaml keys');
  const doc = parseDocument(base);
  for (const pair of more.contents?.items ?? []) doc.set(pair.key, pair.value);
  return doc.toString();
}

/** Starts the nodes not running yet (making their folders on first use); resolves when all are ready. */
export async function startCluster(o: StartClusterOptions): Promise<ClusterNode[]> {
  const seed = addressFor(o.baseAddress, 0);
  for (let i = 0; i < o.nodes; i++) {
    const name = `node${i + 1}`;
    const dir = join(o.root, name);
    const address = addressFor(o.baseAddress, i);
    const pid = readPid(dir);
    if (pid !== null && alive(pid)) {
      o.onProgress(`${name} (${address}) is already running, pid ${pid}`);
      continue;
    }
    mkdirSync(join(dir, 'data'), { recursive: true });
    const yaml = join(dir, 'cassandra.yaml');
    if (!existsSync(yaml)) {
      const generated = [
        `cluster_name: '${o.clusterName}'`,
        `listen_address: ${address}`,
        `rpc_address: ${address}`,
        '# nodetool on this node\'s own address (admin_address is 127.0.0.1 by default)',
        `admin_address: ${address}`,
        `http_address: ${address}`,
        'data_file_directories:',
        `  - ${join(dir, 'data')}`,
        'seed_provider:',
        '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider',
        '    parameters:',
        `      - seeds: "${seed}"`,
        ...(o.faultInjection === true ? ['enable_fault_injection: true'] : []),
        ...(o.dataCenter === undefined ? [] : [`data_center: '${o.dataCenter}'`]),
        '# short ring delay (Cassandra: 30 s) so joining and leaving nodes on loopback wait little',
        'ring_delay_ms: 1500',
        '',
      ].join('\n');
      writeFileSync(yaml, o.configExtra === undefined ? generated : mergeConfigExtra(generated, o.configExtra, address, name));
    } else if (!/^admin_address:/m.test(readFileSync(yaml, 'utf8'))) {
      appendFileSync(yaml, `\n# nodetool on this node's own address (admin_address is 127.0.0.1 by default)\nadmin_address: ${address}\n`);
    }
    if (!/^http_address:/m.test(readFileSync(yaml, 'utf8'))) appendFileSync(yaml, `\n# the HTTP endpoint on this node's own address too\nhttp_address: ${address}\n`);
    const logPath = join(dir, 'node.log');
    const logAt = existsSync(logPath) ? readFileSync(logPath).length : 0;
    const log = openSync(logPath, 'a');
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CLI, 'start', '--config', yaml], { detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    child.unref();
    writeFileSync(join(dir, 'pid'), `${child.pid}\n`);
    await waitReady(logPath, logAt, child.pid!, o.readyTimeoutMs, name);
    o.onProgress(`${name} ready on ${address} (pid ${child.pid})`);
  }
  return clusterNodes(o.root);
}

async function waitReady(logPath: string, from: number, pid: number, timeoutMs: number, name: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = readFileSync(logPath).subarray(from).toString('utf8');
    if (READY.test(text)) return;
    if (!alive(pid)) throw new Error(`${name} exited before it was ready; its log (${logPath}) ends:\n${text.split('\n').slice(-8).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`${name} printed no ready line within ${timeoutMs} ms (see ${logPath})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM to every running node (a clean stop: memtables flushed), then waits for them to exit. */
export async function stopCluster(root: string, timeoutMs: number, onProgress: (line: string) => void): Promise<number> {
  const running = clusterNodes(root).filter((n) => n.running);
  for (const n of running) process.kill(n.pid!, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  for (const n of running) {
    while (alive(n.pid!)) {
      if (Date.now() > deadline) {
        process.kill(n.pid!, 'SIGKILL');
        onProgress(`${n.name} did not stop within ${timeoutMs} ms: killed`);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    rmSync(join(n.dir, 'pid'), { force: true });
    onProgress(`${n.name} (${n.address}) stopped`);
  }
  return running.length;
}
