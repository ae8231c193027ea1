/**
 * The CQL `ilium stress` speaks, plain enough for Ilium and Apache Cassandra alike: a keyspace
 * and table it creates when missing, one row per (partition, clustering) key holding a blob, an
 * INSERT for writes and a SELECT of one row by its full key for reads.
 */
export const STRESS_TABLE = 'data';

export interface StressSchema {
  readonly createKeyspace: string;
  readonly createTable: string;
  readonly insert: string;
  readonly select: string;
}

/** `keyspace` is a plain identifier (checked by the argument parser). */
export function stressSchema(keyspace: string, replicationFactor: number): StressSchema {
  const table = `${keyspace}.${STRESS_TABLE}`;
  return {
    createKeyspace: `CREATE KEYSPACE IF NOT EXISTS ${keyspace} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': ${replicationFactor}}`,
    createTable: `CREATE TABLE IF NOT EXISTS ${table} (pk bigint, ck int, value blob, PRIMARY KEY (pk, ck))`,
    insert: `INSERT INTO ${table} (pk, ck, value) VALUES (?, ?, ?)`,
    select: `SELECT value FROM ${table} WHERE pk = ? AND ck = ?`,
  };
}
