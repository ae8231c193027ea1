/**
 * Where a traced request's steps are told (Cassandra's Tracing.trace): a request with the tracing
 * flag, or picked by `nodetool settraceprobability`, carries one down every layer it passes —
 * the CQL statement, the coordinator, the storage engine — in the objects it already hands down
 * (the ClientState, a SliceQuery, ApplyOptions). Untraced requests carry none, so each place that
 * traces costs one `undefined` check when tracing is off. Lives in util so every layer may name it.
 */
export interface TraceSink {
  /** The session's id (a time UUID): messages to replicas carry it, so they record under it too. */
  readonly id: Uint8Array;
  /** Records one event of the request (system_traces.events' `activity`). */
  trace(activity: string): void;
}
