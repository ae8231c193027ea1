/**
 * The commands a node answers over the admin protocol, by name, each taking nodetool's positional
 * arguments and returning plain JSON for the client to print. The cluster views (status, ring,
 * describecluster, gossipinfo) come from gossip (`cluster-status.ts`); repair and hints from the
 * node's coordination (`IliumNode.cluster`).
 */
import { type CheckReport, formatCheckReport } from '../../storage/sstable/index.js';
import { InvalidRequestError } from '../../errors/index.js';
import { uuidToString } from '../../marshal/index.js';
import type { IliumNode } from '../ilium-node.js';
import { loadOf as nodeLoad } from '../node-load.js';
import type { AdminCommandRunner } from './admin-connection.js';
import { auditLogCommands } from './audit-commands.js';
import { runFaultsCommand } from './fault-commands.js';
import { getEndpoints } from './get-endpoints.js';
import { type NodetoolCommandName, isNodetoolCommand } from './nodetool-commands.js';
import { indexCommands } from './index-commands.js';
import { maintenanceCommands } from './maintenance-commands.js';
import { statsCommands } from './stats-commands.js';
import { tablesOf } from './table-args.js';
import { clusterRing, clusterStatus, gossipInfo, schemaVersionsOf } from './cluster-status.js';

export interface StatusNode {
  readonly status: 'U' | 'D';
  readonly state: 'N' | 'J' | 'L' | 'M';
  readonly address: string;
  readonly loadBytes: number;
  readonly tokens: number;
  readonly owns: number;
  readonly hostId: string;
  readonly rack: string;
}

export function createNodeAdmin(node: IliumNode, startedAtMs: number): AdminCommandRunner {
  const commands: Record<NodetoolCommandName, (args: readonly string[]) => Promise<unknown> | unknown> = {
    version: () => ({ releaseVersion: node.ctx.node().releaseVersion }),
    info: () => info(node, startedAtMs),
    status: () => clusterStatus(node),
    ring: () => clusterRing(node),
    describecluster: () => describeCluster(node),
    gossipinfo: () => gossipInfo(node),
    flush: async (args) => {
      for (const id of tablesOf(node, args)) await node.engine.flush(id);
      return {};
    },
    compact: async (args) => {
      for (const id of tablesOf(node, args)) await node.engine.compact(id);
      return {};
    },
    // As nodetool verify / scrub: each SSTable's report line, then one line per damage found.
    verify: (args) => checkLines(tablesOf(node, args).flatMap((id) => node.engine.verify(id)), 'verified'),
    scrub: async (args) => {
      const reports = [];
      for (const id of tablesOf(node, args)) reports.push(...(await node.engine.scrub(id)));
      return checkLines(reports, 'scrubbed');
    },
    snapshot: async (args) => {
      const { tag, rest } = tagOption(args);
      const name = tag ?? String(node.env.clock.nowMs());
      const ids = rest.length === 0 ? undefined : tablesOf(node, rest, true);
      const dirs = await node.engine.snapshot(name, ids);
      return { tag: name, directories: dirs.length };
    },
    clearsnapshot: (args) => {
      const { tag } = tagOption(args);
      node.engine.clearSnapshot(tag);
      return { tag: tag ?? null };
    },
    drain: async () => {
      await node.drain();
      return {};
    },
    repair: async (args) => {
      const [ks, ...tables] = args;
      const keyspaces = ks !== undefined ? [ks] : node.keeper.schema.keyspaces.map((k) => k.name).filter((n) => !n.startsWith('system'));
      const reports = [];
      for (const k of keyspaces) reports.push(await node.cluster.repair.repair(k, tables.length === 0 ? undefined : tables));
      return { reports };
    },
    getendpoints: (args) => getEndpoints(node, args),
    faults: (args) => runFaultsCommand({ enabled: node.config.enable_fault_injection, filters: node.storage.messaging.filters }, args),
    bgfailures: () => ({ failures: node.background.snapshot(), quarantinedBatches: node.cluster.batchlog.quarantined }),
    decommission: async () => node.decommission(),
    cleanup: async (args) => {
      if (args.length > 1) throw new InvalidRequestError('usage: cleanup [keyspace]');
      return node.cleanup(args[0]);
    },
    removenode: async (args) => {
      const [hostId] = args;
      if (hostId === undefined || args.length > 1) throw new InvalidRequestError('usage: removenode <host-id>');
      return node.removeNode(hostId);
    },
    hints: () => ({ pendingTargets: node.cluster.hints.pendingTargets(), ...node.cluster.hints.stats }),
    settraceprobability: (args) => {
      const [value] = args;
      // Cassandra's nodetool takes one double; its SetTraceProbability checks the range with this message.
      if (value === undefined || args.length > 1 || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) throw new InvalidRequestError('usage: settraceprobability <value> (a number from 0 to 1)');
      const p = Number(value);
      if (!(p >= 0 && p <= 1)) throw new InvalidRequestError('Trace probability must be between 0 and 1');
      node.ctx.tracing.setTraceProbability(p);
      return {};
    },
    gettraceprobability: () => {
      const w = node.ctx.tracing.writer;
      return { probability: node.ctx.tracing.traceProbability, droppedEvents: w.droppedEvents, droppedSessions: w.droppedSessions, backlog: w.backlog };
    },
    ...auditLogCommands(node.audit, node.config.audit_logging_options),
    ...statsCommands(node),
    ...maintenanceCommands(node),
    ...indexCommands(node),
  };
  return async (command, args) => {
    const run = isNodetoolCommand(command) ? commands[command] : undefined;
    if (run === undefined) throw new InvalidRequestError(`unknown command '${command}'; known: ${Object.keys(commands).sort().join(', ')}`);
    return run(args);
  };
}

function checkLines(reports: readonly CheckReport[], verb: 'verified' | 'scrubbed'): { lines: string[] } {
  const what = verb === 'scrubbed' ? 'dropped' : 'damage';
  return { lines: reports.flatMap((r) => [formatCheckReport(r, verb), ...r.errors.map((e) => `  ${what}: ${e}`)]) };
}

function info(node: IliumNode, startedAtMs: number) {
  const me = node.ctx.node();
  const mem = process.memoryUsage();
  // A drained or decommissioned node has closed its client servers (their addresses are gone), as has
  // one whose disk or commit failure policy stopped its transports.
  const serving = !node.drained && node.operationMode !== 'DECOMMISSIONED' && !node.transportsStoppedByPolicy;
  return {
    id: uuidToString(me.hostId),
    gossipActive: node.storage.isRunning,
    nativeTransportActive: serving && node.cqlAddress !== undefined,
    thriftActive: serving && node.thriftAddress !== undefined,
    loadBytes: loadOf(node),
    uptimeSeconds: Math.round((node.env.clock.nowMs() - startedAtMs) / 1000),
    heapUsedMB: mem.heapUsed / 2 ** 20,
    heapTotalMB: mem.heapTotal / 2 ** 20,
    dataCenter: me.dataCenter,
    rack: me.rack,
    tokens: me.tokens.length,
    drained: node.drained,
    mode: node.operationMode,
  };
}

function describeCluster(node: IliumNode) {
  const me = node.ctx.node();
  return {
    name: me.clusterName,
    snitch: node.config.endpoint_snitch,
    partitioner: me.partitionerClass,
    schemaVersions: schemaVersionsOf(node),
  };
}


function tagOption(args: readonly string[]): { tag: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let tag: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-t' || a === '--tag') {
      tag = args[++i];
      if (tag === undefined) throw new InvalidRequestError(`${a} needs a snapshot name`);
    } else rest.push(a);
  }
  return { tag, rest };
}

function loadOf(node: IliumNode): number {
  return nodeLoad(node.engine, node.env);
}

