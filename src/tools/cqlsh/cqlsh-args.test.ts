import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCqlshArgs } from './cqlsh-args.js';
import { HISTORY_MAX, historyPath, loadHistory, saveHistory } from './history.js';
import { fromDriverType, parseTypeString } from './cql-type.js';
import { formatError, withLocation } from './error-format.js';
import { helpText } from './help-text.js';
import cassandra from 'cassandra-driver';

test('arguments: host and port positionals, environment defaults, options', () => {
  const d = parseCqlshArgs([]);
  assert.deepEqual([d.host, d.port, d.keyspace, d.execute, d.requestTimeoutSec], ['127.0.0.1', 9042, undefined, undefined, 10]);
  const a = parseCqlshArgs(['10.0.0.2', '9142', '-k', 'ks', '-e', 'SELECT 1', '-u', 'bob', '-p', 'pw', '--request-timeout', '30']);
  assert.deepEqual([a.host, a.port, a.keyspace, a.execute, a.user, a.password, a.requestTimeoutSec], ['10.0.0.2', 9142, 'ks', 'SELECT 1', 'bob', 'pw', 30]);
  const e = parseCqlshArgs(['-f', 'x.cql'], { CQLSH_HOST: 'db', CQLSH_PORT: '19042' });
  assert.deepEqual([e.host, e.port, e.file], ['db', 19042, 'x.cql']);
  assert.throws(() => parseCqlshArgs(['h', 'notaport']), /invalid port/);
  assert.throws(() => parseCqlshArgs(['-e', 'x', '-f', 'y']), /cannot be used together/);
  assert.throws(() => parseCqlshArgs(['-p', 'pw']), /-p needs -u/);
  const u = parseCqlshArgs(['-u', 'bob']);
  assert.deepEqual([u.user, u.password], ['bob', undefined], 'the password is asked for later');
  assert.throws(() => parseCqlshArgs(['--request-timeout=-1']), /positive/);
  assert.throws(() => parseCqlshArgs(['--frobnicate']), /unknown option '--frobnicate'/);
});

test('history is saved bounded, oldest first, and read back newest first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cqlsh-hist-'));
  try {
    assert.equal(historyPath({ HOME: dir }), join(dir, '.ilium_cqlsh_history'));
    const file = historyPath({ HOME: dir });
    assert.deepEqual(loadHistory(file), []);
    const newestFirst = Array.from({ length: HISTORY_MAX + 5 }, (_, i) => `SELECT ${HISTORY_MAX + 4 - i};`);
    saveHistory(file, newestFirst);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, HISTORY_MAX);
    assert.equal(lines[lines.length - 1], `SELECT ${HISTORY_MAX + 4};`);
    assert.deepEqual(loadHistory(file).slice(0, 2), newestFirst.slice(0, 2));
    writeFileSync(file, 'a\n\nb\n');
    assert.deepEqual(loadHistory(file), ['b', 'a']);
    saveHistory(join(dir, 'missing', 'dir', 'h'), ['x']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('type strings and driver types become the same CqlType', () => {
  const codes = cassandra.types.dataTypes;
  assert.deepEqual(parseTypeString('frozen<map<text, list<int>>>'), fromDriverType({ code: codes.map, info: [{ code: codes.varchar }, { code: codes.list, info: { code: codes.int } }] }));
  assert.deepEqual(parseTypeString('tuple<int, "Odd">', (n) => (n === 'Odd' ? { kind: 'udt', name: 'Odd', fields: [] } : undefined)), {
    kind: 'tuple',
    elements: [{ kind: 'native', name: 'int' }, { kind: 'udt', name: 'Odd', fields: [] }],
  });
  assert.deepEqual(parseTypeString('vector<float, 3>'), { kind: 'vector', element: { kind: 'native', name: 'float' }, dimension: 3 });
  assert.deepEqual(parseTypeString('varchar'), { kind: 'native', name: 'text' });
  assert.throws(() => parseTypeString('map<int>'), /2 parameters/);
  assert.throws(() => parseTypeString('list<int'), /'>' expected/);
});

test('errors that are not from the server, locations, and help', () => {
  assert.equal(formatError(new Error('boom')), 'Error: boom');
  assert.equal(formatError(new TypeError('bad')), 'TypeError: bad');
  assert.equal(withLocation('X: y', 'f.cql', 4), 'f.cql:4:X: y');
  assert.equal(withLocation('X: y', undefined, 4), 'X: y');
  assert.match(helpText(undefined), /Documented shell commands:\n===========================\n/);
  assert.match(helpText('copy'), /^COPY \[ks\.\]table/);
  assert.match(helpText('serial consistency'), /SERIAL or LOCAL_SERIAL/);
  assert.equal(helpText('nonsense'), "No help topic for 'nonsense'\n");
});

test('--ssl: the CA from --ssl-certfile or $SSL_CERTFILE, $SSL_VALIDATE=false skips the check, a client certificate with its key', () => {
  assert.equal(parseCqlshArgs([]).sslFiles, undefined);
  assert.deepEqual(parseCqlshArgs(['--ssl'], { SSL_CERTFILE: '/ca.pem' }).sslFiles, { certfile: '/ca.pem', usercert: undefined, userkey: undefined, validate: true });
  assert.deepEqual(parseCqlshArgs(['--ssl-certfile', '/x.pem', '--ssl-usercert', 'c.pem', '--ssl-userkey', 'k.pem'], { SSL_VALIDATE: 'False' }).sslFiles, { certfile: '/x.pem', usercert: 'c.pem', userkey: 'k.pem', validate: false });
  assert.throws(() => parseCqlshArgs(['--ssl', '--ssl-usercert', 'c.pem']), /--ssl-usercert and --ssl-userkey go together/);
});
