/** `ilium cluster start -n N | stop | status`, over local-cluster.ts. Exit codes: 0 done, 1 failed, 2 usage. */
import { parseArgs } from 'node:util';
import { parseArgsMessage } from '../option-suggestion.js';
import type { Writable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { clusterNodes, mergeConfigExtra, startCluster, stopCluster } from './local-cluster.js';

export interface ClusterIo {
  readonly argv: readonly string[];
  readonly stdout: Writable;
  readonly stderr: Writable;
}

const USAGE = `usage: ilium cluster start -n N [--dir DIR] [--base-address 127.0.0.1] [--name NAME] [--fault-injection] [--data-center NAME] [--config-extra FILE] | stop [--dir DIR] | status [--dir DIR]
  --config-extra FILE  cassandra.yaml keys (a YAML mapping) merged into each new node's config,
                       replacing the generated ones they name; {address} and {node} in the file
                       become the node's address and name (keystore: /certs/{address}.pem)`;

const OPTIONS = {
  n: { type: 'string', short: 'n' },
  dir: { type: 'string' },
  'base-address': { type: 'string' },
  name: { type: 'string' },
  'fault-injection': { type: 'boolean' },
  'data-center': { type: 'string' },
  'config-extra': { type: 'string' },
  help: { type: 'boolean' },
} as const;

export async function runCluster(io: ClusterIo): Promise<number> {
  const [verb, ...rest] = io.argv;
  let values;
  try {
    values = parseArgs({
      args: rest as string[],
      options: OPTIONS,
    }).values;
  } catch (e) {
    io.stderr.write(`ilium cluster: ${parseArgsMessage(e, OPTIONS)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help === true || verb === '--help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
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
      let configExtra: string | undefined;
      if (values['config-extra'] !== undefined) {
        try {
          configExtra = readFileSync(values['config-extra'], 'utf8');
        } catch (e) {
          io.stderr.write(`ilium cluster: --config-extra: cannot read ${values['config-extra']}: ${(e as Error).message}\n`);
          return 2;
        }
        // A file that is not a mapping is a usage error before any node starts.
        try {
          mergeConfigExtra('', configExtra, '127.0.0.1', 'node1');
        } catch (e) {
          io.stderr.write(`ilium cluster: ${(e as Error).message}\n`);
          return 2;
        }
      }
      const nodes = await startCluster({ root, nodes: n, baseAddress: values['base-address'] ?? '127.0.0.1', clusterName: values.name ?? 'ilium-local', readyTimeoutMs: 60_000, onProgress: say, faultInjection: values['fault-injection'] === true, ...(values['data-center'] === undefined ? {} : { dataCenter: values['data-center'] }), ...(configExtra === undefined ? {} : { configExtra }) });
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
  return verb === undefined ? 0 : 2;
}

function printStatus(nodes: ReturnType<typeof clusterNodes>, say: (line: string) => void): void {
  const rows = [['node', 'address', 'state', 'pid', 'cql', 'nodetool']];
  for (const n of nodes) rows.push([n.name, n.address, n.running ? 'running' : 'stopped', n.running ? String(n.pid) : '-', n.cql ?? '-', n.admin ?? '-']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) say(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd());
}
