/** SimpleSnitch, cassandra-rackdc.properties, GossipingPropertyFileSnitch, the snitch factory and proximity. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigurationError } from '../errors/index.js';
import { createSnitch } from './create-snitch.js';
import { resolveNodeLocation } from './node-location.js';
import type { Endpoint } from './endpoint.js';
import { GossipingPropertyFileSnitch, UNKNOWN_LOCATION } from './gossiping-property-file-snitch.js';
import { sortByProximity } from './proximity.js';
import { parseRackDcProperties } from './rackdc-properties.js';
import { SimpleSnitch } from './simple-snitch.js';
import type { Location } from './snitch.js';
import { TableSnitch, ep } from '../../test/support/locator/rings.js';

test('SimpleSnitch puts everyone in datacenter1 / rack1', () => {
  const s = new SimpleSnitch();
  assert.deepEqual(s.location(ep(1)), { datacenter: 'datacenter1', rack: 'rack1' });
  assert.deepEqual(s.location(ep(200)), { datacenter: 'datacenter1', rack: 'rack1' });
});

test('rackdc properties: separators, comments, trimming, continuation, prefer_local', () => {
  const p = parseRackDcProperties(['# where I am', '! also a comment', '', '  dc = DC1  ', 'rack:RAC\\', '  1', 'prefer_local=TRUE', 'dc_suffix .east'].join('\n'));
  assert.equal(p.datacenter, 'DC1');
  assert.equal(p.rack, 'RAC1');
  assert.equal(p.preferLocal, true);
  assert.deepEqual(p.others, { dc_suffix: '.east' });
  assert.equal(parseRackDcProperties('dc=a\r\nrack=b\r\nprefer_local=yes').preferLocal, false);
  assert.equal(parseRackDcProperties('dc=a\nrack=b').preferLocal, false);
  assert.equal(parseRackDcProperties('dc=a\ndc=z\nrack=b').datacenter, 'z', 'a later key wins');
});

test('rackdc properties without dc or rack are refused', () => {
  for (const text of ['rack=r1', 'dc=dc1', 'dc=\nrack=r1', '']) {
    assert.throws(() => parseRackDcProperties(text), (e: unknown) => e instanceof ConfigurationError && /DC or rack not found.*cassandra-rackdc\.properties/.test(e.message), JSON.stringify(text));
  }
});

test('GossipingPropertyFileSnitch: itself from the file, others from gossip, UNKNOWN_DC until heard', () => {
  const heard = new Map<Endpoint, Partial<Location>>([
    [ep(2), { datacenter: 'dc2', rack: 'r9' }],
    [ep(3), { datacenter: 'dc3' }],
  ]);
  const s = new GossipingPropertyFileSnitch(ep(1), parseRackDcProperties('dc=dc1\nrack=r1\nprefer_local=true'), (e) => heard.get(e));
  assert.deepEqual(s.announced(), { datacenter: 'dc1', rack: 'r1' });
  assert.deepEqual(s.location(ep(1)), { datacenter: 'dc1', rack: 'r1' });
  assert.deepEqual(s.location(ep(2)), { datacenter: 'dc2', rack: 'r9' });
  assert.deepEqual(s.location(ep(3)), { datacenter: 'dc3', rack: UNKNOWN_LOCATION.rack });
  assert.deepEqual(s.location(ep(4)), UNKNOWN_LOCATION);
  assert.equal(s.preferLocal, true);
  heard.set(ep(4), { datacenter: 'dc1', rack: 'r2' });
  assert.deepEqual(s.location(ep(4)), { datacenter: 'dc1', rack: 'r2' }, 'answers follow gossip');
});

test('createSnitch by short or full name places this node where resolveNodeLocation says; unknown names refused', () => {
  const inputs = { local: ep(1), location: { datacenter: 'dc1', rack: 'r1', preferLocal: false }, gossiped: () => undefined };
  const simple = createSnitch('SimpleSnitch', inputs);
  assert.equal(simple.name, 'SimpleSnitch');
  assert.deepEqual(simple.location(ep(7)), { datacenter: 'dc1', rack: 'r1' }, 'SimpleSnitch: everyone in the one configured place');
  assert.equal(createSnitch('org.apache.cassandra.locator.SimpleSnitch', inputs).name, 'SimpleSnitch');
  const g = createSnitch('GossipingPropertyFileSnitch', { ...inputs, location: resolveNodeLocation({ endpoint_snitch: 'GossipingPropertyFileSnitch', data_center: null, rack: null }, 'dc=east\nrack=a') });
  assert.deepEqual(g.location(ep(1)), { datacenter: 'east', rack: 'a' });
  assert.deepEqual(g.location(ep(2)), UNKNOWN_LOCATION);
  assert.throws(() => createSnitch('Ec2Snitch', inputs), (e: unknown) => e instanceof ConfigurationError && /Unknown endpoint_snitch 'Ec2Snitch'/.test(e.message));
});

test('resolveNodeLocation: one data center and rack per node from config and snitch', () => {
  const at = (snitch: string, dc: string | null, rack: string | null, file?: string) => {
    const l = resolveNodeLocation({ endpoint_snitch: snitch, data_center: dc, rack }, file);
    return [l.datacenter, l.rack, l.preferLocal];
  };
  // SimpleSnitch: Cassandra's names unless renamed; a rackdc file is not read.
  assert.deepEqual(at('SimpleSnitch', null, null), ['datacenter1', 'rack1', false]);
  assert.deepEqual(at('SimpleSnitch', 'dc1', null), ['dc1', 'rack1', false]);
  assert.deepEqual(at('org.apache.cassandra.locator.SimpleSnitch', 'dc1', 'r2', 'dc=other\nrack=x'), ['dc1', 'r2', false]);
  // GossipingPropertyFileSnitch: the file, the keys standing in without one, agreeing keys allowed.
  assert.deepEqual(at('GossipingPropertyFileSnitch', null, null, 'dc=east\nrack=a\nprefer_local=true'), ['east', 'a', true]);
  assert.deepEqual(at('GossipingPropertyFileSnitch', 'dc1', 'r1'), ['dc1', 'r1', false]);
  assert.deepEqual(at('GossipingPropertyFileSnitch', null, null), ['datacenter1', 'rack1', false]);
  assert.deepEqual(at('GossipingPropertyFileSnitch', 'east', null, 'dc=east\nrack=a'), ['east', 'a', false]);
  // Both set and disagreeing: refused, naming both.
  assert.throws(() => at('GossipingPropertyFileSnitch', 'dc1', null, 'dc=east\nrack=a'), (e: unknown) => e instanceof ConfigurationError && e.message === 'cassandra.yaml says data_center: dc1 but cassandra-rackdc.properties says dc=east; set one of them, or make them agree');
  assert.throws(() => at('GossipingPropertyFileSnitch', null, 'r9', 'dc=east\nrack=a'), (e: unknown) => e instanceof ConfigurationError && /rack: r9 .* rack=a/.test(e.message));
  assert.throws(() => at('GossipingPropertyFileSnitch', null, null, 'rack=a'), /DC or rack not found/);
  assert.throws(() => at('PropertyFileSnitch', null, null), (e: unknown) => e instanceof ConfigurationError && /Unknown endpoint_snitch/.test(e.message));
});

test('sortByProximity: self, same rack, same data center, then the rest; stable within a tier', () => {
  const table = new Map<Endpoint, Location>([
    [ep(1), { datacenter: 'dc1', rack: 'r1' }],
    [ep(2), { datacenter: 'dc2', rack: 'r1' }],
    [ep(3), { datacenter: 'dc1', rack: 'r2' }],
    [ep(4), { datacenter: 'dc1', rack: 'r1' }],
    [ep(5), { datacenter: 'dc2', rack: 'r2' }],
    [ep(6), { datacenter: 'dc1', rack: 'r1' }],
  ]);
  const snitch = new TableSnitch(table);
  const inputs = { self: ep(1), locationOf: (e: Endpoint) => snitch.location(e) };
  const all = [ep(5), ep(3), ep(2), ep(6), ep(1), ep(4)];
  assert.deepEqual(sortByProximity(all, inputs), [ep(1), ep(6), ep(4), ep(3), ep(5), ep(2)]);
  const scores = new Map([[ep(4), 1], [ep(6), 5], [ep(5), Number.NaN], [ep(2), 3]]);
  assert.deepEqual(
    sortByProximity(all, { ...inputs, score: (e) => scores.get(e) ?? 0 }),
    [ep(1), ep(4), ep(6), ep(3), ep(2), ep(5)],
    'scores order within a tier; NaN last',
  );
  assert.deepEqual(sortByProximity(all, { self: ep(1), locationOf: (e) => new SimpleSnitch().location(e) }), [ep(1), ep(5), ep(3), ep(2), ep(6), ep(4)]);
});
