/**
 * The seeds' schema step against a running node (a real `ilium start` at 127.0.17.41): seed 000's
 * `cassandra-cli --host localhost --batch < schema.json` as `ilium cli --batch` with the JSON on
 * standard input (its trailing commas included), seeds 003/004's XML form through `ilium cli -f`,
 * and `ilium schema load FILE --host H`: each adds what does not exist yet and reports the rest;
 * an invalid document changes nothing and exits 2 with the reason. The column families are then
 * read back through CQL (system_schema) with the npm driver.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import cassandra from 'cassandra-driver';
import { SEED_000_TWITTER, SEED_003_TWITTER, SEED_004_BLOGGY } from '../../src/schema/fixtures/seed-schemas.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.17.41';
const ILIUM = fileURLToPath(new URL('../../src/tools/ilium.js', import.meta.url));

let node: IliumProcess;
let client: cassandra.Client;
let dir: string;

before(async () => {
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS, '--rpc-port', '0'] });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await client.connect();
  dir = mkdtempSync(join(tmpdir(), 'ilium-schema-'));
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

function ilium(args: string[], input?: string) {
  return spawnSync(process.execPath, [ILIUM, ...args], { input, encoding: 'utf8', timeout: 60_000 });
}

async function tables(keyspace: string): Promise<string[]> {
  const rs = await client.execute('SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?', [keyspace], { prepare: true });
  return rs.rows.map((r) => String(r['table_name'])).sort();
}

const at = (): string[] => ['--host', ADDRESS, '--port', String(node.thriftPort)];

test("seed 000's step: ilium cli --batch < schema.json loads the JSON schema into the running node", async () => {
  const run = ilium(['cli', ...at(), '--batch'], SEED_000_TWITTER);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split('\n'), [
    'added keyspace Twitter',
    'added column family Twitter.Users',
    'added column family Twitter.Statuses',
    'added column family Twitter.StatusRelationships',
    `schema loaded into ${ADDRESS}:${node.thriftPort}: 1 keyspace(s), 3 column family(ies) added`,
  ]);
  assert.deepEqual(await tables('Twitter'), ['StatusRelationships', 'Statuses', 'Users']);
  // Run again: nothing new, each reported.
  const again = ilium(['cli', ...at(), '--batch'], SEED_000_TWITTER);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /^keyspace Twitter already exists \(unchanged\)$/m);
  assert.match(again.stdout, /: nothing new$/m);
});

test('the XML form through ilium cli -f adds to an existing keyspace; ilium schema load --host does the same', async () => {
  const xml = join(dir, 'twitter.xml');
  writeFileSync(xml, SEED_003_TWITTER);
  const run = ilium(['cli', ...at(), '-f', xml]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^added column family Twitter.StatusAudits$/m);
  assert.match(run.stdout, /^column family Twitter.Users already exists \(unchanged\)$/m);
  assert.deepEqual(await tables('Twitter'), ['StatusAudits', 'StatusRelationships', 'Statuses', 'UserRelationships', 'Users']);
  const bloggy = join(dir, 'bloggy.xml');
  writeFileSync(bloggy, SEED_004_BLOGGY);
  const load = ilium(['schema', 'load', bloggy, ...at()]);
  assert.equal(load.status, 0, load.stderr);
  assert.match(load.stdout, /^added keyspace BloggyAppy$/m);
  assert.deepEqual(await tables('BloggyAppy'), ['Authors', 'BlogEntries', 'Comments', 'TaggedPosts']);
});

test('an invalid schema document changes nothing and exits 2 with the reason', async () => {
  const bad = '{"Broken":{ "Users":{ "comparator_type":"org.apache.cassandra.db.marshal.NoSuchType"} }}';
  const run = ilium(['cli', ...at(), '--batch'], bad);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^the schema on standard input is not valid: .*NoSuchType/m);
  const file = join(dir, 'broken.json');
  writeFileSync(file, bad);
  const load = ilium(['schema', 'load', file, ...at()]);
  assert.equal(load.status, 1);
  assert.match(load.stderr, new RegExp(`schema file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid: .*NoSuchType`));
  assert.deepEqual(await tables('Broken'), []);
  const misuse = ilium(['schema', 'load', file, '--host', ADDRESS, '--data', dir]);
  assert.equal(misuse.status, 2);
  assert.match(misuse.stderr, /--host loads into a running node: no --data/);
});
