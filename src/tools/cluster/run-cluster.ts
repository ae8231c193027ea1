/** `ilium cluster start -n N | stop | status`, over local-cluster.ts. Exit codes: 0 done, 1 failed, 2 usage. */
import { parseArgs } from 'node:util';
import type { Writable } from 'node:stream';
import { resolve } from 'node:path';
import { clusterNodes, startCluster, stopCluster } from './local-cluster.js';

export interface ClusterIo {
  readonly argv: readonly string[];
  readonly stdout: Writable;
  readonly stderr: Writable;
}

const USAGE = 'usage: ilium cluster start -n N [--dir DIR] [--base-address 127.0.0.1] [--name NAME] [--fault-injection] [--data-center NAME] | stop [--dir DIR] | status [--dir DIR]';

export async function runCluster(io: ClusterIo): Promise<number> {
  const [verb, ...rest] = io.argv;
  let values;
  try {
    values = parseArgs({
      args: rest as string[],
      options: { n: { type: 'string', short: 'n' }, dir: { type: 'string' }, 'base-address': { type: 'string' }, name: { type: 'string' }, 'fault-injection': { type: 'boolean' }, 'data-center': { type: 'string' } },
    }).values;
  } catch (e) {
    io.stderr.write(`ilium cluster: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const root = resolve(values.dir ?? 'cluster');
  const say = (line: string) => io.stdout.write(`${line}\n`);
  try {
    if (verb === 'start') {
      const n = Number(values.n ?? '3');
      if (!Number.isInteger(n) || n < 1 || n > 64) {
        io.stderr.write(`ilium cluster: -n must be a node count from 1 to 64, got ${values.n}\n`);
        return 2;
      }
      const nodes = await startCluster({ root, nodes: n, baseAddress: values['base-address'] ?? '127.0.0.1', clusterName: values.name ?? 'ilium-local', readyTimeoutMs: 60_000, onProgress: say, faultInjection: values['fault-injection'] === true, ...(values['data-center'] === undefined ? {} : { dataCenter: values['data-center'] }) });
      printStatus(nodes, say);
      return 0;
    }
    if (verb === 'stop') {
      const stopped = await stopCluster(root, 30_000, say);
      say(stopped === 0 ? `no node of ${root} was running` : `${stopped} node(s) stopped`);
      return 0;
    }
    if (verb === 'status') {
      const nodes = clusterNodes(root);
      if (nodes.length === 0) say(`no cluster in ${root}`);
      else printStatus(nodes, say);
      return 0;
    }
  } catch (e) {
    io.stderr.write(`ilium cluster: ${(e as Error).message}\n`);
    return 1;
  }
  io.stderr.write(`${USAGE}\n`);
  return verb === undefined || verb === '--help' ? 0 : 2;
}

function printStatus(nodes: ReturnType<typeof clusterNodes>, say: (line: string) => void): void {
  const rows = [['node', 'address', 'state', 'pid', 'cql', 'nodetool']];
  for (const n of nodes) rows.push([n.name, n.address, n.running ? 'running' : 'stopped', n.running ? String(n.pid) : '-', n.cql ?? '-', n.admin ?? '-']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) say(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());
}
