/** The audit log: FileAuditLogger's line, Cassandra's filters, files rolled by time and trimmed by size on the simulated file system. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_AUDIT_LOG_OPTIONS, parseAuditLogOptions } from '../../config/index.js';
import { parseStatement } from '../../cql/parser/index.js';
import { createSimEnv } from '../../env/index.js';
import { AuthenticationError, CqlSyntaxError, UnauthorizedError } from '../../errors/index.js';
import { PasswordAuthenticator } from '../../transport/index.js';
import { enableAuditLogOptions } from '../admin/audit-commands.js';
import { auditLogLine, statementTarget } from './audit-entry.js';
import { AuditLog } from './audit-log.js';

const client = { host: '127.0.0.9', port: 51234 };
const read = (env: ReturnType<typeof createSimEnv>, dir: string) =>
  env.fs.readdirSync(dir).sort().map((f) => env.fs.readFileSync(`${dir}/${f}`).toString('utf8')).join('');

test("an entry is FileAuditLogger's line: blank fields left out, newlines kept off", () => {
  const line = auditLogLine({ type: 'CREATE_TABLE', category: 'DDL', user: 'alice', source: client, timestampMs: 1700000000123, keyspace: 'ks', scope: 't', operation: 'CREATE TABLE ks.t (k int PRIMARY KEY,\nv int)' }, '127.0.0.1:7000');
  assert.equal(line, 'user:alice|host:127.0.0.1:7000|source:/127.0.0.9|port:51234|timestamp:1700000000123|type:CREATE_TABLE|category:DDL|ks:ks|scope:t|operation:CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
  assert.equal(auditLogLine({ type: 'LOGIN_ERROR', category: 'AUTH', user: null, source: { host: '10.0.0.1', port: 0 }, timestampMs: 5, operation: 'LOGIN FAILURE; x' }, 'h:7000'), 'user:null|host:h:7000|source:/10.0.0.1|timestamp:5|type:LOGIN_ERROR|category:AUTH|operation:LOGIN FAILURE; x');
  assert.deepEqual(statementTarget(parseStatement('INSERT INTO t (k) VALUES (1)').statement, 'ks'), { keyspace: 'ks', scope: 't' });
  assert.deepEqual(statementTarget(parseStatement('CREATE ROLE bob').statement, undefined), { keyspace: undefined, scope: 'bob' });
  assert.deepEqual(statementTarget(parseStatement('DROP KEYSPACE k2').statement, 'ks'), { keyspace: 'k2', scope: undefined });
});

test('statements, logins and filters: excluded categories, keyspaces and users are not written', async () => {
  const env = createSimEnv(1);
  const audit = new AuditLog(env, '127.0.0.1:7000', '/data/audit');
  audit.enable(parseAuditLogOptions({ enabled: true, excluded_categories: 'QUERY', excluded_users: 'eve' }));
  const log = (text: string, user: string, ks?: string) => audit.logStatement(parseStatement(text).statement, text, user, client, ks);
  log('INSERT INTO ks.t (k) VALUES (1)', 'alice');
  log('SELECT * FROM ks.t', 'alice');
  log('CREATE ROLE bob', 'alice');
  log('DELETE FROM ks.t WHERE k = 1', 'eve');
  log('SELECT * FROM system.local', 'alice');
  log('UPDATE system.peers SET rack = null WHERE peer = \'1.2.3.4\'', 'alice');
  audit.logStatement(parseStatement('DROP TABLE ks.t').statement, 'DROP TABLE ks.t', 'alice', client, undefined, new Error('nope'));
  const auth = audit.wrapAuthenticator(new PasswordAuthenticator(new Map([['alice', 'pw']])));
  const token = (u: string, p: string) => Buffer.from(`\0${u}\0${p}`);
  await auth.newNegotiator(client).evaluate(token('alice', 'pw'));
  await assert.rejects(async () => auth.newNegotiator(client).evaluate(token('alice', 'bad')), AuthenticationError);
  audit.flush();
  const lines = read(env, '/data/audit').trim().split('\n');
  const fields = lines.map((l) => l.replace(/\|timestamp:\d+/, ''));
  assert.deepEqual(fields, [
    'user:alice|host:127.0.0.1:7000|source:/127.0.0.9|port:51234|type:UPDATE|category:DML|ks:ks|scope:t|operation:INSERT INTO ks.t (k) VALUES (1)',
    'user:alice|host:127.0.0.1:7000|source:/127.0.0.9|port:51234|type:CREATE_ROLE|category:DCL|scope:bob|operation:CREATE ROLE bob',
    'user:alice|host:127.0.0.1:7000|source:/127.0.0.9|port:51234|type:REQUEST_FAILURE|category:ERROR|ks:ks|scope:t|operation:DROP TABLE ks.t; nope',
    'user:alice|host:127.0.0.1:7000|source:/127.0.0.9|port:51234|type:LOGIN_SUCCESS|category:AUTH|operation:LOGIN SUCCESSFUL',
    'user:null|host:127.0.0.1:7000|source:/127.0.0.9|port:51234|type:LOGIN_ERROR|category:AUTH|operation:LOGIN FAILURE; Provided username alice and/or password are incorrect',
  ]);
  audit.disable();
  log('INSERT INTO ks.t (k) VALUES (2)', 'alice');
  assert.equal(read(env, '/data/audit').trim().split('\n').length, 5, 'nothing is written once disabled');
});

// Regression: CREATE/ALTER ROLE's passwords were written to the audit file as sent.
test('passwords are hidden: the literal of a role statement, everything after password in a failed request; refusals are UNAUTHORIZED_ATTEMPT', () => {
  const env = createSimEnv(3);
  const audit = new AuditLog(env, 'h:7000', '/a');
  audit.enable(parseAuditLogOptions({ enabled: true }));
  const log = (text: string, error?: Error) => audit.logStatement(parseStatement(text).statement, text, 'admin', client, undefined, error);
  log("CREATE ROLE alice WITH PASSWORD = 's3cret' AND LOGIN = true");
  log("ALTER ROLE password WITH password = 'it''s'");
  log("CREATE USER bob WITH PASSWORD $$pw$$ NOSUPERUSER");
  log("ALTER USER bob WITH HASHED PASSWORD '$2a$10$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY'");
  log("CREATE ROLE carol WITH PASSWORD = 'pw2'", new Error('carol already exists'));
  log("CREATE USER test WITH PASSWORD 'pw5'", new UnauthorizedError('User test does not have sufficient privileges to perform the requested operation'));
  audit.logFailure("CREATE ROLE dave WITH PASSWORD = 'pw3' AND LOGIN = tru", 'admin', client, undefined, new CqlSyntaxError("line 1:49 mismatched input 'tru'"));
  audit.logFailure("ALTER ROLE x WITH PASSWORD = 'pw4'", 'admin', client, undefined, new Error("no such thing as PASSWORD = 'pw4'"));
  audit.flush();
  // From type on; a refusal for want of a permission is UNAUTHORIZED_ATTEMPT, as a Cassandra 4.0 node logs it.
  const tails = read(env, '/a').trim().split('\n').map((l) => l.slice(l.indexOf('|type:') + 1));
  assert.deepEqual(tails, [
    "type:CREATE_ROLE|category:DCL|scope:alice|operation:CREATE ROLE alice WITH PASSWORD = '*******' AND LOGIN = true",
    "type:ALTER_ROLE|category:DCL|scope:password|operation:ALTER ROLE password WITH password = '*******'",
    'type:CREATE_ROLE|category:DCL|scope:bob|operation:CREATE USER bob WITH PASSWORD $$*******$$ NOSUPERUSER',
    "type:ALTER_ROLE|category:DCL|scope:bob|operation:ALTER USER bob WITH HASHED PASSWORD '*******'",
    'type:REQUEST_FAILURE|category:ERROR|scope:carol|operation:CREATE ROLE carol WITH PASSWORD *******; carol already exists',
    'type:UNAUTHORIZED_ATTEMPT|category:AUTH|scope:test|operation:CREATE USER test WITH PASSWORD *******; User test does not have sufficient privileges to perform the requested operation',
    'type:REQUEST_FAILURE|category:ERROR|operation:CREATE ROLE dave WITH PASSWORD *******; Syntax Exception. Obscured for security reasons.',
    'type:REQUEST_FAILURE|category:ERROR|operation:ALTER ROLE x WITH PASSWORD *******; no such thing as PASSWORD *******',
  ]);
  assert.ok(!/s3cret|it''s|pw2|pw3|pw4|pw5|abcdefgh/.test(read(env, '/a')));
});

test('included lists keep only what they name; nodetool options replace the yaml ones', () => {
  const env = createSimEnv(2);
  const audit = new AuditLog(env, 'h:7000', '/a');
  audit.enable(enableAuditLogOptions(DEFAULT_AUDIT_LOG_OPTIONS, ['--included-categories', 'ddl,dcl', '--included-keyspaces', 'ks']));
  for (const text of ['CREATE TABLE ks.t (k int PRIMARY KEY)', 'CREATE TABLE other.t (k int PRIMARY KEY)', 'INSERT INTO ks.t (k) VALUES (1)']) {
    audit.logStatement(parseStatement(text).statement, text, 'u', client, undefined);
  }
  audit.flush();
  assert.match(read(env, '/a'), /^user:u\|[^\n]*\|type:CREATE_TABLE\|category:DDL\|ks:ks\|scope:t\|[^\n]*\n$/);
  assert.throws(() => enableAuditLogOptions(DEFAULT_AUDIT_LOG_OPTIONS, ['--excluded-categories', 'NOPE']), /unknown category NOPE/);
  assert.throws(() => enableAuditLogOptions(DEFAULT_AUDIT_LOG_OPTIONS, ['--logger', 'BinAuditLogger']), /BinAuditLogger is not supported/);
  assert.throws(() => enableAuditLogOptions(DEFAULT_AUDIT_LOG_OPTIONS, ['--blocking', 'true']), /unknown option --blocking/);
});

test('files roll by the cycle and the oldest are deleted beyond max_log_size; lines are written on the next turn', () => {
  const env = createSimEnv(3, { startMs: Date.UTC(2026, 10, 27, 18, 0, 0) });
  const audit = new AuditLog(env, 'h:7000', '/a');
  audit.enable(parseAuditLogOptions({ enabled: true, roll_cycle: 'MINUTELY', max_log_size: 1000 }));
  const text = `INSERT INTO ks.t (k) VALUES (1) /* ${'x'.repeat(150)} */`;
  for (let minute = 0; minute < 6; minute++) {
    audit.logStatement(parseStatement(text).statement, text, 'u', client, undefined);
    assert.deepEqual(env.fs.readdirSync('/a').filter((f) => f.endsWith(`-18${String(minute).padStart(2, '0')}.log`)), [], 'queued, not yet written');
    env.clock.advanceMs(60_000);
  }
  audit.flush();
  const files = env.fs.readdirSync('/a').sort();
  assert.deepEqual(files, ['audit-20261127-1803.log', 'audit-20261127-1804.log', 'audit-20261127-1805.log']);
  const total = files.reduce((n, f) => n + env.fs.statSync(`/a/${f}`).size, 0);
  assert.ok(total <= 1000, `${total}`);
  audit.disable();
  // A new start counts the files already there.
  audit.enable(parseAuditLogOptions({ enabled: true, roll_cycle: 'DAILY', max_log_size: 300 }));
  audit.logStatement(parseStatement(text).statement, text, 'u', client, undefined);
  audit.flush();
  assert.deepEqual(env.fs.readdirSync('/a').sort(), ['audit-20261127.log']);
});
