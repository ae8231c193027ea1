/**
 * The checks of CREATE / ALTER KEYSPACE that need to know the cluster, beyond what the schema
 * layer checks alone (class names, integer factors, SimpleStrategy's one option):
 *   - NetworkTopologyStrategy's `replication_factor` option means "this factor in every data
 *     center": it is expanded here into one option per known data center not named explicitly;
 *   - NetworkTopologyStrategy needs at least one data center;
 *   - every data center it names must exist (`Unrecognized strategy option {dc1} …`).
 * Run when a client creates or alters a keyspace, not when a stored schema is loaded: a data center
 * may be gone and its keyspaces must still load.
 *
 * Checked against Cassandra 4.0 (apache/cassandra, cassandra-4.0): CreateKeyspaceStatement.apply and
 * AlterKeyspaceStatement.apply call KeyspaceParams.validate → AbstractReplicationStrategy
 * .validateReplicationStrategy, whose validateExpectedOptions (NetworkTopologyStrategy's override
 * first refuses an empty map) throws ConfigurationException("Unrecognized strategy option {%s}
 * passed to %s for keyspace %s") for an option outside recognizedOptions() — for NTS the data
 * centers of this node and of every endpoint in token metadata (buildValidDataCentersSet).
 * Schema loading never validates. Both errors are ConfigurationErrors (CONFIG_ERROR, 0x2300), as
 * Cassandra's are. (`maybeWarnOnOptions` only warns about factors above a DC's node count.)
 */
import { ConfigurationError } from '../errors/index.js';
import { type Replication, type ReplicationInput, createReplication } from '../schema/index.js';
import { NTS_DEFAULT_FACTOR_OPTION } from './network-topology-strategy.js';

export function prepareReplicationForRing(input: ReplicationInput, knownDatacenters: Iterable<string>, keyspace: string): Replication {
  const checked = createReplication(input);
  if (checked.class !== 'NetworkTopologyStrategy') return checked;
  const known = new Set(knownDatacenters);
  const options: Record<string, string> = { ...checked.options };
  const everywhere = options[NTS_DEFAULT_FACTOR_OPTION];
  if (everywhere !== undefined) {
    delete options[NTS_DEFAULT_FACTOR_OPTION];
    for (const dc of [...known].sort()) if (options[dc] === undefined) options[dc] = everywhere;
  }
  if (Object.keys(options).length === 0) throw new ConfigurationError('Configuration for at least one datacenter must be present');
  for (const dc of Object.keys(options)) {
    if (!known.has(dc)) throw new ConfigurationError(`Unrecognized strategy option {${dc}} passed to NetworkTopologyStrategy for keyspace ${keyspace}`);
  }
  return createReplication({ class: checked.class, options });
}
