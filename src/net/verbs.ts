/**
 * The internode verb table: every message kind nodes exchange, in one place. Each verb has a wire
 * number (never renumber or reuse one: peers of another build read them), a name, its direction,
 * the response verb a request is answered with, its default timeout, the stage its handler runs
 * on, and the connection it travels on. Requests are plain names, responses end in `_RSP`.
 *
 * Timeouts follow cassandra.yaml's defaults (write 2 s, read 5 s, range 10 s, counter 5 s,
 * truncate 60 s, other requests 10 s). One-way verbs (gossip, stream chunks) have none.
 * Numbers are grouped by area with room to grow: 1–9 misc, 10–19 gossip, 20–49 data path,
 * 50–59 Paxos, 60–69 batchlog, 70–79 schema, 80–99 repair and streaming.
 */
import type { Stage } from './stage.js';

export type VerbDirection = 'request' | 'response' | 'oneway';

/** Which of a peer's connections carries the verb (Cassandra keeps gossip off the data path). */
export type ConnectionType = 'small' | 'large' | 'gossip';

export interface VerbSpec {
  readonly id: number;
  readonly direction: VerbDirection;
  readonly stage: Stage;
  /** Default timeout for requests; one-way and response verbs have 0. */
  readonly timeoutMs: number;
  /** For requests: the verb of the answer (checked against the table when the module loads). */
  readonly response?: string;
  readonly connection: ConnectionType;
}

const WRITE_MS = 2_000;
const READ_MS = 5_000;
const RANGE_MS = 10_000;
const COUNTER_MS = 5_000;
const TRUNCATE_MS = 60_000;
const RPC_MS = 10_000;
const REPAIR_MS = 60 * 60_000;

function req(id: number, stage: Stage, timeoutMs: number, response: string, connection: ConnectionType = 'small'): VerbSpec {
  return { id, direction: 'request', stage, timeoutMs, response, connection };
}
function rsp(id: number, stage: Stage = 'REQUEST_RESPONSE', connection: ConnectionType = 'small'): VerbSpec {
  return { id, direction: 'response', stage, timeoutMs: 0, connection };
}
function oneway(id: number, stage: Stage, connection: ConnectionType = 'small'): VerbSpec {
  return { id, direction: 'oneway', stage, timeoutMs: 0, connection };
}

export const VERBS = {
  FAILURE_RSP: rsp(1),
  ECHO: req(2, 'GOSSIP', RPC_MS, 'ECHO_RSP', 'gossip'),
  ECHO_RSP: rsp(3, 'REQUEST_RESPONSE', 'gossip'),

  GOSSIP_DIGEST_SYN: oneway(10, 'GOSSIP', 'gossip'),
  GOSSIP_DIGEST_ACK: oneway(11, 'GOSSIP', 'gossip'),
  GOSSIP_DIGEST_ACK2: oneway(12, 'GOSSIP', 'gossip'),
  GOSSIP_SHUTDOWN: oneway(13, 'GOSSIP', 'gossip'),

  MUTATION: req(20, 'MUTATION', WRITE_MS, 'MUTATION_RSP'),
  MUTATION_RSP: rsp(21),
  READ: req(22, 'READ', READ_MS, 'READ_RSP'),
  READ_RSP: rsp(23),
  RANGE_READ: req(24, 'READ', RANGE_MS, 'RANGE_READ_RSP'),
  RANGE_READ_RSP: rsp(25),
  COUNTER_MUTATION: req(26, 'COUNTER_MUTATION', COUNTER_MS, 'COUNTER_MUTATION_RSP'),
  COUNTER_MUTATION_RSP: rsp(27),
  HINT: req(28, 'MUTATION', WRITE_MS, 'HINT_RSP'),
  HINT_RSP: rsp(29),
  READ_REPAIR: req(30, 'MUTATION', WRITE_MS, 'READ_REPAIR_RSP'),
  READ_REPAIR_RSP: rsp(31),
  TRUNCATE: req(32, 'MUTATION', TRUNCATE_MS, 'TRUNCATE_RSP'),
  TRUNCATE_RSP: rsp(33),
  INDEX_READ: req(34, 'READ', RANGE_MS, 'INDEX_READ_RSP'),
  INDEX_READ_RSP: rsp(35),
  INDEX_CLEAN: req(36, 'MUTATION', WRITE_MS, 'INDEX_CLEAN_RSP'),
  INDEX_CLEAN_RSP: rsp(37),

  PAXOS_PREPARE: req(50, 'MUTATION', WRITE_MS, 'PAXOS_PREPARE_RSP'),
  PAXOS_PREPARE_RSP: rsp(51),
  PAXOS_PROPOSE: req(52, 'MUTATION', WRITE_MS, 'PAXOS_PROPOSE_RSP'),
  PAXOS_PROPOSE_RSP: rsp(53),
  PAXOS_COMMIT: req(54, 'MUTATION', WRITE_MS, 'PAXOS_COMMIT_RSP'),
  PAXOS_COMMIT_RSP: rsp(55),

  BATCH_STORE: req(60, 'MUTATION', WRITE_MS, 'BATCH_STORE_RSP'),
  BATCH_STORE_RSP: rsp(61),
  BATCH_REMOVE: req(62, 'MUTATION', WRITE_MS, 'BATCH_REMOVE_RSP'),
  BATCH_REMOVE_RSP: rsp(63),

  SCHEMA_PUSH: req(70, 'MIGRATION', RPC_MS, 'SCHEMA_PUSH_RSP'),
  SCHEMA_PUSH_RSP: rsp(71, 'MIGRATION'),
  SCHEMA_PULL: req(72, 'MIGRATION', RPC_MS, 'SCHEMA_PULL_RSP'),
  SCHEMA_PULL_RSP: rsp(73, 'MIGRATION'),
  SCHEMA_VERSION: req(74, 'MIGRATION', RPC_MS, 'SCHEMA_VERSION_RSP'),
  SCHEMA_VERSION_RSP: rsp(75, 'MIGRATION'),

  VALIDATION_REQ: req(80, 'ANTI_ENTROPY', REPAIR_MS, 'VALIDATION_RSP'),
  VALIDATION_RSP: rsp(81, 'ANTI_ENTROPY', 'large'),
  SYNC_REQ: req(82, 'ANTI_ENTROPY', REPAIR_MS, 'SYNC_RSP'),
  SYNC_RSP: rsp(83, 'ANTI_ENTROPY'),
  STREAM_INIT: req(90, 'STREAM', RPC_MS, 'STREAM_INIT_RSP', 'large'),
  STREAM_INIT_RSP: rsp(91, 'STREAM', 'large'),
  STREAM_FILE: oneway(92, 'STREAM', 'large'),
  STREAM_COMPLETE: req(93, 'STREAM', RPC_MS, 'STREAM_COMPLETE_RSP', 'large'),
  STREAM_COMPLETE_RSP: rsp(94, 'STREAM', 'large'),
} as const satisfies Record<string, VerbSpec>;

export type VerbName = keyof typeof VERBS;

export const VERB_NAMES = Object.keys(VERBS) as VerbName[];

const BY_ID: ReadonlyMap<number, VerbName> = buildIdIndex();

function buildIdIndex(): Map<number, VerbName> {
  const m = new Map<number, VerbName>();
  for (const name of VERB_NAMES) {
    const id = VERBS[name].id;
    if (m.has(id)) throw new Error(`verb id ${id} used twice (${m.get(id)}, ${name})`);
    m.set(id, name);
  }
  for (const name of VERB_NAMES) {
    const spec: VerbSpec = VERBS[name];
    if (spec.direction !== 'request') continue;
    const answer = spec.response === undefined ? undefined : (VERBS as Record<string, VerbSpec>)[spec.response];
    if (answer?.direction !== 'response') throw new Error(`verb ${name}: response ${spec.response} is not a response verb`);
  }
  return m;
}

export function verbSpec(name: VerbName): VerbSpec {
  return VERBS[name];
}

/** The verb a request is answered with (undefined for responses and one-way verbs). */
export function responseVerbOf(name: VerbName): VerbName | undefined {
  const spec: VerbSpec = VERBS[name];
  return spec.response as VerbName | undefined;
}

/** The verb with wire number `id`, or undefined for a number this build does not know. */
export function verbById(id: number): VerbName | undefined {
  return BY_ID.get(id);
}
