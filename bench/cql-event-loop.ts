/**
 * The event-loop delay of an Ilium node under bench:cql's load, read from inside the server: its
 * /metrics carries prom-client's perf_hooks `monitorEventLoopDelay` figures
 * (`nodejs_eventloop_lag_*_seconds`), and a scrape resets that histogram, so a scrape before a
 * phase and one after give the phase's own delays. The histogram samples every 10 ms
 * (`eventLoopMonitoringPrecision` in src/server/http/node-metrics.ts) and records the time between
 * samples, so a loop that never waits records 10 ms: the delay is the figure less SAMPLE_MS.
 *
 * While a phase runs, `background` asks the node (admin API) to flush the bench keyspace and then
 * compact it, so the phase's delay includes that background work (issue 20, item 4).
 */
const SAMPLE_MS = 10;

export interface LoopDelay {
  /** p99 and max of the delay (ms, the sampling interval subtracted), over the phase. */
  readonly p99Ms: number;
  readonly maxMs: number;
}

async function scrape(httpUrl: string): Promise<string> {
  return (await fetch(`${httpUrl}/metrics`)).text();
}

const gaugeMs = (text: string, name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
const round = (ms: number): number => Math.round(Math.max(0, ms - SAMPLE_MS) * 100) / 100;

/** Starts a phase's measurement (resets the node's histogram); resolves to the phase's delay. */
export async function measureLoopDelay(httpUrl: string): Promise<() => Promise<LoopDelay>> {
  await scrape(httpUrl);
  return async () => {
    const text = await scrape(httpUrl);
    return { p99Ms: round(gaugeMs(text, 'nodejs_eventloop_lag_p99_seconds')), maxMs: round(gaugeMs(text, 'nodejs_eventloop_lag_max_seconds')) };
  };
}

/** After `delayMs`, a flush then a compaction of `keyspace` (nodetool flush / compact through the admin API). */
export async function background(httpUrl: string, keyspace: string, delayMs: number): Promise<void> {
  await new Promise((r) => setTimeout(r, delayMs));
  for (const command of ['flush', 'compact']) {
    const r = await fetch(`${httpUrl}/api/v1/${command}`, { method: 'POST', body: JSON.stringify({ args: [keyspace] }) });
    if (r.status !== 200) throw new Error(`${command}: ${r.status} ${await r.text()}`);
  }
}
