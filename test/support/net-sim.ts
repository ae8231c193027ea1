/**
 * Helpers for internode messaging tests on the simulated Env: nodes on 127.0.0.x sharing one
 * SimEnv, a logger that keeps its entries, and a driver that moves simulated time while letting
 * network deliveries (microtasks) and promise continuations run between timers.
 */
import { createSimEnv, flushMicrotasks, type SimEnv } from '../../src/env/index.js';
import { endpoint, MessagingService, type MessagingOptions, type NetLogger } from '../../src/net/index.js';

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly event: string;
  readonly fields: Record<string, unknown>;
}

export class RecordingNetLogger implements NetLogger {
  readonly entries: LogEntry[] = [];
  debug(event: string, fields: Record<string, unknown> = {}): void {
    this.entries.push({ level: 'debug', event, fields });
  }
  info(event: string, fields: Record<string, unknown> = {}): void {
    this.entries.push({ level: 'info', event, fields });
  }
  warn(event: string, fields: Record<string, unknown> = {}): void {
    this.entries.push({ level: 'warn', event, fields });
  }
  error(event: string, fields: Record<string, unknown> = {}): void {
    this.entries.push({ level: 'error', event, fields });
  }
  events(level?: LogEntry['level']): string[] {
    return this.entries.filter((e) => level === undefined || e.level === level).map((e) => e.event);
  }
}

/** Lets every pending delivery and continuation run, without moving time. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await flushMicrotasks();
}

/** Moves simulated time forward by `ms`, running due timers one by one with deliveries between. */
export async function runFor(env: SimEnv, ms: number): Promise<void> {
  const target = env.clock.nowMs() + ms;
  await settle();
  for (let steps = 0; ; steps++) {
    if (steps > 100_000) throw new Error('runFor: too many timers');
    const due = env.timers.nextDueMs();
    if (due === null || due > target) break;
    env.timers.runNext();
    await settle();
  }
  env.clock.advanceToMicros(target * 1000);
  await settle();
}

/** Waits (in simulated time) for `p`, failing after `limitMs`. */
export async function simAwait<T>(env: SimEnv, p: Promise<T>, limitMs = 60_000, stepMs = 10): Promise<T> {
  let done = false;
  let value: T | undefined;
  let error: unknown;
  let failed = false;
  p.then(
    (v) => ((done = true), (value = v)),
    (e: unknown) => ((done = true), (failed = true), (error = e)),
  );
  for (let waited = 0; waited <= limitMs; waited += stepMs) {
    await settle();
    if (done) break;
    await runFor(env, stepMs);
  }
  if (!done) throw new Error(`simAwait: not settled within ${limitMs} simulated ms`);
  if (failed) throw error;
  return value as T;
}

export interface SimNode {
  readonly messaging: MessagingService;
  readonly logger: RecordingNetLogger;
}

/** Starts `n` messaging services on 127.0.0.1.. (port 7000) in `env`. */
export async function startSimNodes(env: SimEnv, n: number, extra: Partial<MessagingOptions> = {}): Promise<SimNode[]> {
  const nodes: SimNode[] = [];
  for (let i = 1; i <= n; i++) nodes.push(await startSimNode(env, `127.0.0.${i}`, extra));
  return nodes;
}

export async function startSimNode(env: SimEnv, host: string, extra: Partial<MessagingOptions> = {}): Promise<SimNode> {
  const logger = new RecordingNetLogger();
  const messaging = new MessagingService({
    env,
    listen: endpoint(host, 7000),
    clusterName: 'Test Cluster',
    reconnectInitialMs: 50,
    reconnectMaxMs: 400,
    logger,
    ...extra,
  });
  await messaging.start();
  return { messaging, logger };
}

export function newSimEnv(seed: number, netMaxSegmentBytes?: number): SimEnv {
  return createSimEnv(seed, netMaxSegmentBytes === undefined ? {} : { netMaxSegmentBytes });
}
