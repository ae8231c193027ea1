/**
 * The layers of src/ as data: the one statement of the import rule (DESIGN §4). Each folder under
 * src/ is one layer; a file may import its own layer and the layers listed before it, and a layer
 * with `importsOnly` is held to that shorter list (the property its header promises).
 * `layers.test.ts` checks every non-test file under src/ against this table and checks that the
 * map in docs/ARCHITECTURE.md is `layerMap()`'s text, so the code, the table and the map cannot
 * drift apart. Test files (`*.test.ts`) are outside the rule; nothing else under src/ may import
 * from outside src/ (test/, bench/, examples/): test helpers live in test/support/.
 *
 * The order is DESIGN §4's, with what the code settled since: `hints` sits between gms and
 * service (the coordinator takes hints through a seam); `repair` and `topology` build on the
 * service's codecs and local store; `transport` (the CQL native protocol and Thrift's binary
 * protocol) imports nothing above env, so every layer from cql up may use it; `api` sits above
 * thrift (its remote Thrift mode uses the Thrift client); `server` and `tools` are the top.
 */

export interface Layer {
  /** The folder under src/; `.` stands for the files directly in src/ (the package entry). */
  readonly folder: string;
  /** What lives there, in one line: the map's legend. */
  readonly holds: string;
  /** When set, the only layers this one may import, a promise narrower than its rank. */
  readonly importsOnly?: readonly string[];
}

/** Bottom first: a layer may import the layers before it. */
export const LAYERS: readonly Layer[] = [
  { folder: 'util', holds: 'byte readers/writers, crc32c, compareBytes, the B+tree' },
  { folder: 'errors', holds: 'IliumError and its typed subclasses with native-protocol codes' },
  { folder: 'env', holds: 'the one door outside: clock, timers, random, files, sockets; real + sim' },
  { folder: 'config', holds: 'the node configuration: cassandra.yaml keys, defaults, loading' },
  { folder: 'marshal', holds: "Cassandra's types: compare, validate, text, byte-comparable forms" },
  { folder: 'dht', holds: 'partitioners, tokens, decorated keys, ranges and bounds' },
  { folder: 'schema', holds: 'keyspace and column-family definitions, the Schema snapshot' },
  {
    folder: 'storage',
    holds: 'the LSM engine: commit log, memtables, SSTables, compaction',
    importsOnly: ['util', 'errors', 'env'],
  },
  { folder: 'db', holds: 'local data: durable schema, 0.7 operations, CQL layout and indexes' },
  {
    folder: 'locator',
    holds: 'placement: ring snapshots, strategies, snitches, consistency levels',
    importsOnly: ['util', 'errors', 'env', 'config', 'marshal', 'dht', 'schema'],
  },
  {
    folder: 'net',
    holds: 'internode messaging: verbs, frames, connections, MessagingService',
    importsOnly: ['util', 'errors', 'env', 'config'],
  },
  { folder: 'gms', holds: 'gossip, failure detection, the ring from gossip' },
  {
    folder: 'hints',
    holds: 'hinted handoff: hint files, the store, delivery',
    importsOnly: ['util', 'errors', 'env', 'net'],
  },
  { folder: 'service', holds: 'the coordinator (DataStore), replica handlers, membership, schema sync' },
  { folder: 'repair', holds: 'anti-entropy repair: Merkle trees, validation, sync, sessions' },
  { folder: 'topology', holds: 'bootstrap, decommission, removenode, cleanup' },
  { folder: 'cql', holds: 'CQL3: parser, statements, restrictions, functions, virtual tables' },
  {
    folder: 'transport',
    holds: "the CQL native protocol and server; Thrift's binary protocol",
    importsOnly: ['util', 'errors', 'env'],
  },
  { folder: 'thrift', holds: 'the Cassandra 0.7 Thrift service: IDL codecs, dispatcher, client' },
  { folder: 'server', holds: 'the query processor, admin server, IliumNode (the composition root)' },
  { folder: 'api', holds: 'the TypeScript API: open() an embedded node, connect() remote' },
  { folder: 'tools', holds: 'the ilium command: start, cli, cqlsh, nodetool, stress, cluster' },
  { folder: 'testing', holds: 'ilium/testing: a fresh in-memory node per test file' },
  { folder: '.', holds: "src/index.ts, the package entry: the API's exports" },
];

/** A known import against the rule, kept visible until it is paid off. */
export interface LayerException {
  /** The importing file, relative to src/. */
  readonly file: string;
  /** The import specifier exactly as written. */
  readonly specifier: string;
  readonly why: string;
}

/** None today: keep it that way, or say here why not. */
export const LAYER_EXCEPTIONS: readonly LayerException[] = [];

/** The map in docs/ARCHITECTURE.md: top layer first, one line each. */
export function layerMap(): string {
  const width = Math.max(...LAYERS.map((l) => l.folder.length));
  const lines: string[] = [];
  for (const layer of [...LAYERS].reverse()) {
    lines.push(`${layer.folder.padEnd(width)}  ${layer.holds}`);
    if (layer.importsOnly !== undefined) {
      lines.push(`${''.padEnd(width)}    ↳ imports only ${layer.importsOnly.join(', ')}`);
    }
  }
  return lines.join('\n');
}
