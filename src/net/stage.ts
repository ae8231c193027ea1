/**
 * The stages (Cassandra's SEDA queues) a verb's handler runs on. Messaging only labels each
 * inbound message with its stage and hands it to a `StageExecutor`; the node decides how each
 * stage is run (bounded concurrency, priorities). The default runs handlers at once.
 */
export const STAGES = [
  'GOSSIP',
  'MUTATION',
  'COUNTER_MUTATION',
  'READ',
  'REQUEST_RESPONSE',
  'INTERNAL_RESPONSE',
  'MIGRATION',
  'ANTI_ENTROPY',
  'STREAM',
  'MISC',
  'IMMEDIATE',
] as const;

export type Stage = (typeof STAGES)[number];

/** Cassandra's thread pool name of each stage (nodetool tpstats, system_views.thread_pools). */
export const STAGE_POOL_NAMES: Readonly<Record<Stage, string>> = {
  GOSSIP: 'GossipStage',
  MUTATION: 'MutationStage',
  COUNTER_MUTATION: 'CounterMutationStage',
  READ: 'ReadStage',
  REQUEST_RESPONSE: 'RequestResponseStage',
  INTERNAL_RESPONSE: 'InternalResponseStage',
  MIGRATION: 'MigrationStage',
  ANTI_ENTROPY: 'AntiEntropyStage',
  STREAM: 'StreamStage',
  MISC: 'MiscStage',
  IMMEDIATE: 'ImmediateStage',
};

/**
 * Runs `task` on `stage`. Must not throw synchronously for a task's own failure. A task that
 * returns a promise is running until the promise settles (its failure is the task's own business).
 */
export type StageExecutor = (stage: Stage, task: () => void | Promise<unknown>) => void;

export const runImmediately: StageExecutor = (_stage, task) => task();
