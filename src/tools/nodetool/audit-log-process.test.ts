/**
 * The audit log in a real process (`ilium start`, PasswordAuthenticator, audit_logging_options
 * enabled with QUERY excluded): a successful and a failed CQL login, CREATE ROLE, CREATE TABLE and
 * INSERT appear in `<data>/audit/audit-*.log` as FileAuditLogger lines; the excluded SELECT does
 * not; `nodetool disableauditlog` (with -u/-pw) stops it and `enableauditlog` starts it again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady, clientAs } from '../../../test/support/default-superuser.js';

const HOST = '127.0.0.93';
const node = useIliumProcess({
  address: HOST,
  configYaml: 'authenticator: PasswordAuthenticator\naudit_logging_options:\n  enabled: true\n  logger:\n    - class_name: FileAuditLogger\n  excluded_categories: QUERY\n',
  args: [SUPERUSER_AT_ONCE],
});

const client = (user: string, password: string) => clientAs(HOST, node().port, user, password);

/** The audit lines written so far (the node writes them on the next turn of its event loop). */
async function auditLines(): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 300));
  const dir = join(node().dataDir, 'audit');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.length > 0));
}

const FIELDS = /^user:[^|]+\|host:127\.0\.0\.93:\d+\|source:\/127\.0\.0\.1\|port:\d+\|timestamp:\d{13}\|type:[A-Z_]+\|category:[A-Z]+/;

test('logins, DCL, DDL and DML are written with Cassandra\'s fields; excluded categories are not; disableauditlog stops it', async () => {
  await defaultSuperuserReady(HOST, node().port);
  const bad = client('cassandra', 'wrong');
  await assert.rejects(bad.connect());
  await bad.shutdown();
  const c = client('cassandra', 'cassandra');
  try {
    await c.connect();
    await c.execute("CREATE ROLE auditor WITH PASSWORD = 'pw' AND LOGIN = true");
    await c.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await c.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
    await c.execute('INSERT INTO ks.t (k, v) VALUES (1, 2)');
    await c.execute('SELECT * FROM ks.t');
    const auditor = client('auditor', 'pw');
    try {
      await assert.rejects(auditor.execute("CREATE ROLE x WITH PASSWORD = 'secret9'"), /User auditor does not have sufficient privileges to perform the requested operation/);
    } finally {
      await auditor.shutdown();
    }
    const lines = await auditLines();
    for (const l of lines) assert.match(l, FIELDS);
    const has = (re: RegExp) => assert.ok(lines.some((l) => re.test(l)), `${re} in\n${lines.join('\n')}`);
    has(/^user:null\|.*\|type:LOGIN_ERROR\|category:AUTH\|operation:LOGIN FAILURE; Provided username cassandra and\/or password are incorrect$/);
    has(/^user:cassandra\|.*\|type:LOGIN_SUCCESS\|category:AUTH\|operation:LOGIN SUCCESSFUL$/);
    assert.ok(!lines.some((l) => l.includes("'pw'") || l.includes('secret9')), 'no password is written');
    has(/^user:auditor\|.*\|type:UNAUTHORIZED_ATTEMPT\|category:AUTH\|scope:x\|operation:CREATE ROLE x WITH PASSWORD \*{7}; User auditor does not have sufficient privileges to perform the requested operation$/);
    has(/^user:cassandra\|.*\|type:CREATE_ROLE\|category:DCL\|scope:auditor\|operation:CREATE ROLE auditor WITH PASSWORD = '\*\*\*\*\*\*\*' AND LOGIN = true$/);
    has(/^user:cassandra\|.*\|type:CREATE_TABLE\|category:DDL\|ks:ks\|scope:t\|operation:CREATE TABLE ks\.t \(k int PRIMARY KEY, v int\)$/);
    has(/^user:cassandra\|.*\|type:UPDATE\|category:DML\|ks:ks\|scope:t\|operation:INSERT INTO ks\.t \(k, v\) VALUES \(1, 2\)$/);
    assert.ok(!lines.some((l) => /category:QUERY/.test(l)), 'QUERY is excluded');

    const port = String(node().adminPort);
    const off = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'disableauditlog']);
    assert.equal(off.code, 0, off.stderr);
    const before = (await auditLines()).length;
    await c.execute('INSERT INTO ks.t (k, v) VALUES (3, 4)');
    assert.equal((await auditLines()).length, before, 'nothing is logged once disabled');

    const on = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'enableauditlog', '--included-categories', 'DDL']);
    assert.equal(on.code, 0, on.stderr);
    await c.execute('INSERT INTO ks.t (k, v) VALUES (5, 6)');
    await c.execute('ALTER TABLE ks.t ADD w int');
    const after = (await auditLines()).slice(before);
    assert.equal(after.length, 1, after.join('\n'));
    assert.match(after[0]!, /\|type:ALTER_TABLE\|category:DDL\|ks:ks\|scope:t\|operation:ALTER TABLE ks\.t ADD w int$/);
    const refused = await runIliumCommand(['nodetool', '-p', port, '-u', 'cassandra', '-pw', 'cassandra', 'enableauditlog', '--excluded-categories', 'NOPE']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /unknown category NOPE/);
  } finally {
    await c.shutdown();
  }
});
