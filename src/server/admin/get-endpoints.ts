/**
 * `nodetool getendpoints <keyspace> <table> <key>`: the replicas of a partition key, as the
 * coordinator places it (the key read by the table's key type from its string form, its token,
 * the keyspace's placement on the current ring), natural endpoints in placement order.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { IliumNode } from '../ilium-node.js';

export function getEndpoints(node: IliumNode, args: readonly string[]): { endpoints: string[]; token: string } {
  const [ks, table, key] = args;
  if (ks === undefined || table === undefined || key === undefined || args.length !== 3) throw new InvalidRequestError('getendpoints needs <keyspace> <table> <key>');
  const def = node.keeper.schema.table(ks, table);
  if (def === undefined) throw new InvalidRequestError(`Table '${ks}.${table}' does not exist`);
  const partitioner = node.ctx.partitioner;
  const token = partitioner.token(def.keyValidator.fromString(key));
  const rings = node.cluster.rings;
  const endpoints = rings.placement(ks).naturalEndpoints(token, rings.ring()).map((e) => e.slice(0, e.lastIndexOf(':')));
  return { endpoints, token: partitioner.tokenToString(token) };
}
