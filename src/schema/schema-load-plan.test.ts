/** planSchemaLoad: what a schema file adds to a live schema, what it leaves, and refusing a file that cannot load as a whole. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigurationError, InvalidRequestError } from '../errors/index.js';
import { SeededRandom } from '../env/seeded-random.js';
import { SEED_000_TWITTER, SEED_003_TWITTER } from './fixtures/seed-schemas.js';
import { createKeyspace } from './keyspace-def.js';
import { loadJsonSchema } from './json-schema-loader.js';
import { loadXmlSchema } from './xml-schema-loader.js';
import { planSchemaLoad } from './schema-load-plan.js';
import { Schema } from './schema.js';

const random = new SeededRandom(7);

test('new keyspaces are added whole; in existing ones only missing column families; the rest is reported', () => {
  const empty = planSchemaLoad(Schema.EMPTY, loadJsonSchema(SEED_000_TWITTER, random));
  assert.deepEqual(empty.keyspaces.map((k) => k.name), ['Twitter']);
  assert.deepEqual(empty.columnFamilies, []);
  assert.deepEqual(empty.existing, []);

  const live = Schema.of(loadJsonSchema(SEED_000_TWITTER, random));
  // The XML form has StatusAudits and UserRelationships besides Statuses, Users and a StatusRelationships.
  const plan = planSchemaLoad(live, loadXmlSchema(SEED_003_TWITTER, random));
  assert.deepEqual(plan.keyspaces, []);
  assert.deepEqual(plan.columnFamilies.map((c) => c.name).sort(), ['StatusAudits', 'UserRelationships']);
  assert.deepEqual(plan.existing, [
    { keyspace: 'Twitter', differs: false },
    { keyspace: 'Twitter', columnFamily: 'Statuses', differs: false },
    { keyspace: 'Twitter', columnFamily: 'StatusRelationships', differs: false },
    { keyspace: 'Twitter', columnFamily: 'Users', differs: false },
  ]);
  const otherUsers = createKeyspace({ name: 'Twitter', tables: [{ name: 'Users', comparator: 'BytesType' }] }, random);
  assert.deepEqual(planSchemaLoad(live, [otherUsers]).existing[1], { keyspace: 'Twitter', columnFamily: 'Users', differs: true });
});

test('a file that cannot load as a whole is refused before anything is planned', () => {
  const live = Schema.of(loadJsonSchema(SEED_000_TWITTER, random));
  const fresh = createKeyspace({ name: 'Fresh', tables: [{ name: 'A' }] }, random);
  const clash = createKeyspace({ name: 'Twitter', tables: [{ name: 'users' }] }, random);
  assert.throws(() => planSchemaLoad(live, [fresh, clash]), (e: unknown) => e instanceof InvalidRequestError && /case-insensitively unique/.test(e.message));
  assert.throws(() => planSchemaLoad(live, [createKeyspace({ name: 'twitter' }, random)]), InvalidRequestError);
  assert.throws(() => planSchemaLoad(Schema.EMPTY, [fresh, createKeyspace({ name: 'Fresh' }, random)]), (e: unknown) => e instanceof ConfigurationError && /defined twice/.test(e.message));
  assert.equal(live.keyspace('Fresh'), undefined);
});
