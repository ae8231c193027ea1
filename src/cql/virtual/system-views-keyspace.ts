/** The virtual keyspace of the node's own state (Cassandra 4.0's SchemaConstants.VIRTUAL_VIEWS). */
export const SYSTEM_VIEWS = 'system_views';
