/**
 * What a replica's verb handlers work with: the node's own data (the single-node DataStore over
 * the local engine), its schema by table id, and the group functions rebuilt per table.
 */
import { CommitLogStoppedError, InvalidRequestError, MalformedMessageError } from '../../errors/index.js';
import type { Message, Reply } from '../../net/index.js';
import { failureFromError } from '../../net/index.js';
import { queryableIndexesOf } from '../../db/cql-index/cql-index.js';
import type { ColumnFamilyDef, IndexDef } from '../../schema/index.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { DataStore } from '../data-store.js';
import type { GroupLengths } from '../group-length.js';
import type { PaxosAcceptor } from '../paxos/paxos-acceptor.js';
import type { BatchlogTable } from '../../db/batchlog-table.js';
import type { Clock } from '../../env/index.js';
import type { WireSliceQuery } from '../wire/slice-query-codec.js';
import type { TraceSink } from '../../util/trace-sink.js';

/** A replica's part of a traced request: its events recorded under the coordinator's session (cql/tracing). */
export interface ReplicaTrace extends TraceSink {
  /** The replica's part is over: its events are written (asynchronously). */
  done(): void;
}

export interface ReplicaTracing {
  continueSession(session: Uint8Array): ReplicaTrace;
}

export interface ReplicaContext {
  readonly local: DataStore;
  /** Continues traced requests' sessions on this node; messages' trace sessions are ignored without it. */
  readonly tracing?: ReplicaTracing;
  tableById(id: string): ColumnFamilyDef | undefined;
  readonly groupLengths: GroupLengths;
  /** This node's Paxos state (the PAXOS_* verbs are answered only when given). */
  readonly paxos?: PaxosAcceptor;
  /** This node's batch log and clock (BATCH_STORE / BATCH_REMOVE are answered only when given). */
  readonly batchlog?: { readonly table: BatchlogTable; readonly clock: Clock };
}

export function tableOrThrow(ctx: ReplicaContext, tableId: string): ColumnFamilyDef {
  const cf = ctx.tableById(tableId);
  if (cf === undefined) throw new InvalidRequestError(`Unknown table id ${tableId} (the schema has not reached this node, or the table was dropped)`);
  return cf;
}

/** A queryable index of `cf` by name (a CQL table's CQL index, a Thrift column family's KEYS index). */
export function indexOrThrow(cf: ColumnFamilyDef, name: string): IndexDef {
  const found = queryableIndexesOf(cf).find((i) => i.def.name === name);
  if (found === undefined) throw new InvalidRequestError(`Index ${name} on ${cf.keyspace}.${cf.name} does not exist on this node`);
  return found.def;
}

/** The received query with its group function rebuilt for this node's copy of the table (and the request's trace, when traced). */
export function localQuery(ctx: ReplicaContext, cf: ColumnFamilyDef, wire: WireSliceQuery, trace?: TraceSink): SliceQuery {
  const q = trace === undefined ? wire.query : { ...wire.query, trace };
  if (wire.groupKind === undefined) return q;
  return { ...q, groupLength: ctx.groupLengths.of(cf, wire.groupKind) };
}

/**
 * Runs a replica's handler body under the message's trace session when it carries one, as
 * Cassandra's replicas do: "<VERB> message received from /<coordinator>" first, "Enqueuing
 * response to /<coordinator>" last, what the body traces between.
 */
export async function traced<T>(ctx: ReplicaContext, message: Message, run: (trace: TraceSink | undefined) => Promise<T>): Promise<T> {
  const trace = message.traceSession === undefined ? undefined : ctx.tracing?.continueSession(message.traceSession);
  if (trace === undefined) return run(undefined);
  const from = `/${message.from.host}:${message.from.port}`;
  trace.trace(`${message.verb} message received from ${from}`);
  try {
    return await run(trace);
  } finally {
    trace.trace(`Enqueuing response to ${from}`);
    trace.done();
  }
}

/**
 * Runs a handler body; a payload that does not parse is answered BAD_PAYLOAD, other errors as
 * handler errors — except a write on a stopped commit log (commit_failure_policy stop_commit),
 * which gets no answer: the sender times out, as with Cassandra's replica whose writes wait on it.
 */
export async function answer(message: Message, reply: Reply, body: (payload: Uint8Array) => Promise<Uint8Array>): Promise<void> {
  let out: Uint8Array;
  try {
    out = await body(message.payload);
  } catch (e) {
    if (e instanceof CommitLogStoppedError) return;
    const detail = failureFromError(e);
    reply.fail(e instanceof MalformedMessageError ? { ...detail, reason: 'BAD_PAYLOAD' } : detail);
    return;
  }
  reply.respond(out);
}

export const EMPTY_ACK = new Uint8Array(0);
