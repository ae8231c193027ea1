/** VALIDATION_REQ on a replica: build the table's Merkle tree over the range from local data; answer it. */
import type { VerbHandler } from '../net/index.js';
import { answer } from '../service/replica/replica-context.js';
import { type RepairReplicaContext, repairTable } from './repair-context.js';
import { buildValidationTree } from './validation.js';
import { decodeValidationRequest, encodeValidationResponse } from './wire/validation-message.js';

export function validationVerbHandler(ctx: RepairReplicaContext): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const v = decodeValidationRequest(payload, ctx.partitioner);
      const cf = repairTable(ctx, v.tableId);
      const tree = await buildValidationTree(ctx.local, cf, ctx.partitioner, v.range, v.depth, v.nowSec, ctx.pageSize);
      return encodeValidationResponse(tree);
    });
}
