import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimEnv } from '../../src/env/index.js';
import { runFor } from './net-sim.js';
import { simProcess } from './sim-process.js';

test('a killed process runs no timer, holds no socket or listener, and touches no file', async () => {
  const env = createSimEnv(3);
  const p = simProcess(env, 250);
  assert.equal(p.env.clock.nowMs() - env.clock.nowMs(), 250, 'its own skewed wall clock');
  const fired: string[] = [];
  p.env.timers.setTimeout(() => fired.push('timeout'), 100);
  p.env.timers.setInterval(() => fired.push('interval'), 40);
  const server = await p.env.net.listen({ host: '127.0.0.9', port: 7000 }, () => undefined);
  const client = await env.net.connect(server.address());
  p.env.fs.writeFileSync('/f', Buffer.from('x'));
  await runFor(env, 50);
  assert.deepEqual(fired, ['interval']);
  let died = false;
  void p.died.then(() => (died = true));
  p.kill();
  await runFor(env, 500);
  assert.deepEqual(fired, ['interval'], 'nothing fired after the kill');
  assert.ok(died, 'died resolved');
  assert.ok(client.closed, 'the peer of its socket saw it close');
  assert.throws(() => p.env.fs.readFileSync('/f'), /EIO/);
  p.env.timers.setTimeout(() => fired.push('late'), 1);
  await runFor(env, 10);
  assert.deepEqual(fired, ['interval']);
  await assert.rejects(p.env.net.connect(server.address()), /dead/);
  // The address is free for the next process.
  const again = await simProcess(env).env.net.listen({ host: '127.0.0.9', port: 7000 }, () => undefined);
  assert.equal(again.address().port, 7000);
});
