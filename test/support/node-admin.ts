/**
 * Admin commands a test runs on a real node (`ilium start`) over its HTTP API (POST
 * /api/v1/<command>, as `ilium nodetool` does by default), each required to answer 200.
 */
import assert from 'node:assert/strict';

interface HttpNode {
  readonly httpUrl: string | undefined;
}

/** Runs `command` with `args` (e.g. `flush`, `['ks']`) and fails the test on any answer but 200. */
export async function adminCommand(node: HttpNode, command: string, args: readonly string[] = []): Promise<void> {
  assert.ok(node.httpUrl !== undefined, 'the node serves HTTP (started with --http-port)');
  const r = await fetch(`${node.httpUrl}/api/v1/${command}`, { method: 'POST', body: JSON.stringify({ args }) });
  assert.equal(r.status, 200, `${command}: ${await r.text()}`);
}

/**
 * Runs `commands` on `keyspace` one after another (a flush, then a compaction…), then waits
 * `quietMs` so the node's background work is over before a test measures anything: a flush or a
 * compaction running beside a measured request adds its memory and its turns to the figures.
 */
export async function settleNode(node: HttpNode, keyspace: string, commands: readonly string[] = ['flush'], quietMs = 1000): Promise<void> {
  for (const command of commands) await adminCommand(node, command, [keyspace]);
  await new Promise((resolve) => setTimeout(resolve, quietMs));
}
