/**
 * The node-local Paxos state table (Cassandra's `system.paxos`), hidden from the schema: one
 * partition per Paxos instance — a user table's partition — keyed by (table id, partition key),
 * with three cells holding opaque bytes the service layer encodes: the promised ballot, the
 * accepted proposal, the most recent commit. Rows are small and written whole under the caller's
 * per-instance lock, each write stamped one past the partition's newest cell (live or tombstone),
 * so a write always supersedes the one before it, restarts included. The caller may let the state
 * expire (Cassandra TTLs it so idle partitions do not keep it forever). Its id and cell names are
 * on-disk constants: never change them.
 */
import { ByteOrderedPartitioner } from '../dht/index.js';
import { BYTES_TYPE } from '../marshal/index.js';
import { BOTTOM, TOP, cellName, expiringCell, isLive, liveCell, tombstoneCell } from '../storage/model/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import type { TableDef } from '../storage/table-def.js';
import { SYSTEM_KEYSPACE } from './schema-table.js';

export const PAXOS_TABLE_ID = '5c4e0a7e-0000-4000-8000-5c4e0a7e0002';
export const PAXOS_TABLE_NAME = 'paxos';

const PROMISED = cellName([BYTES_TYPE.toComparable(Buffer.from('promised'))]);
const ACCEPTED = cellName([BYTES_TYPE.toComparable(Buffer.from('accepted'))]);
const COMMITTED = cellName([BYTES_TYPE.toComparable(Buffer.from('committed'))]);
const WHOLE = { slices: [{ start: BOTTOM, end: TOP }], reversed: false, includeTombstones: true } as const;

/** The engine definition; a day of grace for its tombstones (cleared proposals). */
export function paxosTableDef(): TableDef {
  return { id: PAXOS_TABLE_ID, keyspace: SYSTEM_KEYSPACE, name: PAXOS_TABLE_NAME, partitioner: new ByteOrderedPartitioner(), gcGraceSeconds: 86400 };
}

/** The stored state of one instance, each part as its encoded bytes (null: absent). */
export interface StoredPaxosState {
  readonly promised: Buffer | null;
  readonly accepted: Buffer | null;
  readonly committed: Buffer | null;
}

export class PaxosStateTable {
  constructor(private readonly engine: StorageEngine) {
    // Registered lazily (idempotent): nodes that never run Paxos never create its directory;
    // openNodeStorage names it to replay so unflushed state survives a crash.
    engine.addTable(paxosTableDef());
  }

  load(tableId: string, key: Buffer, nowSec: number): { state: StoredPaxosState; newest: bigint } {
    const r = this.engine.read(PAXOS_TABLE_ID, instanceKey(tableId, key), WHOLE, nowSec);
    let newest = -1n;
    const found: { promised: Buffer | null; accepted: Buffer | null; committed: Buffer | null } = { promised: null, accepted: null, committed: null };
    for (const c of r?.cells ?? []) {
      if (c.timestamp > newest) newest = c.timestamp;
      if (!isLive(c, nowSec)) continue;
      if (c.name.equals(PROMISED)) found.promised = Buffer.from(c.value);
      else if (c.name.equals(ACCEPTED)) found.accepted = Buffer.from(c.value);
      else if (c.name.equals(COMMITTED)) found.committed = Buffer.from(c.value);
    }
    return { state: found, newest };
  }

  /**
   * Writes the whole state, superseding everything stored (newest: what load returned); with
   * `ttlSec` > 0 the state expires that long after its last change.
   */
  save(tableId: string, key: Buffer, state: StoredPaxosState, newest: bigint, nowSec: number, ttlSec = 0): Promise<void> {
    const ts = newest + 1n;
    const cell = (name: Buffer, v: Buffer | null) => (v === null ? tombstoneCell(name, ts, nowSec) : ttlSec > 0 ? expiringCell(name, v, ts, ttlSec, nowSec) : liveCell(name, v, ts));
    const cells = [cell(ACCEPTED, state.accepted), cell(COMMITTED, state.committed), cell(PROMISED, state.promised)];
    cells.sort((a, b) => Buffer.compare(a.name, b.name));
    return this.engine.apply(PAXOS_TABLE_ID, { key: instanceKey(tableId, key), partitionDeletion: null, rangeTombstones: [], cells });
  }
}

/** u16 length + the table id (UTF-8), then the partition key. */
function instanceKey(tableId: string, key: Buffer): Buffer {
  const id = Buffer.from(tableId, 'utf8');
  const head = Buffer.alloc(2);
  head.writeUInt16BE(id.length);
  return Buffer.concat([head, id, key]);
}
