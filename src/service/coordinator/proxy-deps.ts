/** Everything one node's coordinator works with, wired once by StorageProxy's constructor. */
import type { Env } from '../../env/index.js';
import type { Endpoint, Snitch } from '../../locator/index.js';
import type { MessagingService } from '../../net/index.js';
import type { DataStore } from '../data-store.js';
import type { BallotClock } from '../paxos/ballot-clock.js';
import type { PaxosAcceptor } from '../paxos/paxos-acceptor.js';
import type { SelectionInputs } from './replica-selection.js';
import type { HintSink, LivenessOracle, RingProvider } from './seams.js';
import type { StorageProxyOptions } from './storage-proxy-options.js';
import type { BackgroundSupervisor } from '../../util/background-supervisor.js';

/** Read repair counts for nodetool netstats (Cassandra's ReadRepairMetrics). */
export interface ReadRepairCounters {
  /** Reads reconciled from several replicas' full data (a digest mismatch, or a range read), replicas compared. */
  attempted: number;
  /** Of those, reads that sent a blocking repair to a stale replica. */
  repairedBlocking: number;
}

export interface ProxyDeps {
  readonly env: Env;
  readonly messaging: MessagingService;
  readonly self: Endpoint;
  /** This node's own data: requests for itself skip the network. */
  readonly local: DataStore;
  readonly rings: RingProvider;
  readonly liveness: LivenessOracle;
  readonly snitch: Snitch;
  readonly hints: HintSink;
  readonly options: StorageProxyOptions;
  readonly selection: SelectionInputs;
  /** This node's Paxos state (needed for compare-and-set on a ring of more than one node). */
  readonly paxos: PaxosAcceptor | undefined;
  readonly ballots: BallotClock;
  /** The node's supervisor: best-effort work nobody awaits reports its failures there. */
  readonly background: BackgroundSupervisor;
  readonly readRepair: ReadRepairCounters;
}
