/**
 * Password checks leave the event loop on `ilium start` (127.0.45.31): with PasswordAuthenticator
 * and bcrypt cost 12 (2^12 rounds, about a quarter second of CPU per check here), eight logins
 * at once cost the node's threads seconds of CPU, and its main thread (the event loop, the
 * process's first task in /proc) almost none of it. Regression: `ilium start` ran bcryptjs on
 * the event loop (the node chose the worker only when given no Env, and ilium start gives its
 * real one), where each check held the loop in 100 ms slices and every other client waited.
 * CPU time per thread, not latency, so a loaded machine cannot make the test pass or fail.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { SUPERUSER_AT_ONCE, clientAs, defaultSuperuserReady } from '../support/default-superuser.js';

const ADDRESS = '127.0.45.31';
const LOGINS = 8;

let node: IliumProcess;

before(async () => {
  node = await startIliumProcess({ address: ADDRESS, configYaml: 'authenticator: PasswordAuthenticator\n', args: [SUPERUSER_AT_ONCE, '-Dcassandra.auth_bcrypt_gensalt_log2_rounds=12'] });
  await defaultSuperuserReady(node.host, node.port, 60_000);
});

after(() => node?.dispose());

/** utime + stime of one task of the node, in clock ticks (/proc/<pid>/task/<tid>/stat fields 14, 15). */
function taskTicks(tid: number): number {
  const stat = readFileSync(`/proc/${node.pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function processTicks(): number {
  const fields = readFileSync(`/proc/${node.pid}/stat`, 'utf8');
  const rest = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

test('regression: eight cost-12 password checks run off the event loop of ilium start', { timeout: 120_000 }, async () => {
  const main0 = taskTicks(node.pid);
  const all0 = processTicks();
  const clients = Array.from({ length: LOGINS }, () => clientAs(node.host, node.port, 'cassandra', 'cassandra'));
  try {
    await Promise.all(clients.map((c) => c.connect()));
    const rows = await clients[0]!.execute('SELECT role FROM system_auth.roles');
    assert.ok(rows.rows.some((r) => r.get('role') === 'cassandra'));
  } finally {
    await Promise.all(clients.map((c) => c.shutdown()));
  }
  const mainTicks = taskTicks(node.pid) - main0;
  const allTicks = processTicks() - all0;
  console.log(`${LOGINS} logins: the node's threads ${allTicks} clock ticks of CPU, its event loop's thread ${mainTicks}`);
  // Each login checks the password once (the credentials cache then answers): ≥ 8 cost-12 checks.
  assert.ok(allTicks >= 50, `the logins cost the node ${allTicks} ticks of CPU: bcrypt at cost 12 should cost more`);
  assert.ok(mainTicks < allTicks * 0.4, `the event loop's thread spent ${mainTicks} of the node's ${allTicks} ticks: bcrypt ran on it`);
});
