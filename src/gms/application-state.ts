/**
 * The named pieces of state a node announces through gossip (Cassandra's ApplicationState), each
 * with the wire number our gossip codec uses. The numbers follow Cassandra 4.0's enum order, holes
 * included, so a number never changes meaning: never renumber or reuse one.
 *
 * Meanings: STATUS / STATUS_WITH_PORT the ring status (`gossip-status.ts`), TOKENS the node's
 * tokens, SCHEMA the schema version uuid, LOAD bytes on disk, DC / RACK its location, HOST_ID its
 * uuid, RELEASE_VERSION its software version, NATIVE_ADDRESS_AND_PORT where CQL clients reach it,
 * RPC_READY whether that server accepts clients, NET_VERSION the messaging version,
 * REMOVAL_COORDINATOR who runs a removenode for it, SEVERITY its load hint to the dynamic snitch.
 */
export const APPLICATION_STATES = {
  STATUS: 0,
  LOAD: 1,
  SCHEMA: 2,
  DC: 3,
  RACK: 4,
  RELEASE_VERSION: 5,
  REMOVAL_COORDINATOR: 6,
  INTERNAL_IP: 7,
  RPC_ADDRESS: 8,
  // 9 was padding in Cassandra 1.1; never used.
  SEVERITY: 10,
  NET_VERSION: 11,
  HOST_ID: 12,
  TOKENS: 13,
  RPC_READY: 14,
  INTERNAL_ADDRESS_AND_PORT: 15,
  NATIVE_ADDRESS_AND_PORT: 16,
  STATUS_WITH_PORT: 17,
  SSTABLE_VERSIONS: 18,
} as const;

export type ApplicationState = keyof typeof APPLICATION_STATES;

export const APPLICATION_STATE_NAMES = Object.keys(APPLICATION_STATES) as ApplicationState[];

const BY_ID: ReadonlyMap<number, ApplicationState> = new Map(APPLICATION_STATE_NAMES.map((n) => [APPLICATION_STATES[n], n]));

/** The state with wire number `id`, or undefined for a number this build does not know. */
export function applicationStateById(id: number): ApplicationState | undefined {
  return BY_ID.get(id);
}
