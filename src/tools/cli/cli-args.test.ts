import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCliArgs } from './cli-args.js';

test("cli arguments: cassandra-cli's -u/-pw, --ssl and --ssl-ca", () => {
  const a = parseCliArgs(['-h', 'db', '-p', '9161', '-u', 'bob', '-pw', 'secret']);
  assert.deepEqual([a.host, a.port, a.user, a.password, a.ssl], ['db', 9161, 'bob', 'secret', undefined]);
  assert.equal(parseCliArgs(['-u', 'bob', '--password', 'x']).password, 'x');
  assert.deepEqual(parseCliArgs(['--ssl']).ssl, { caFile: undefined });
  assert.deepEqual(parseCliArgs(['--ssl-ca', 'ca.pem']).ssl, { caFile: 'ca.pem' }, '--ssl-ca implies --ssl');
  assert.throws(() => parseCliArgs(['-u', 'bob']), /-u and -pw go together/);
});
