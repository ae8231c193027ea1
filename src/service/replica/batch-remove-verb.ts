/** BATCH_REMOVE on a replica: the coordinator applied the batch; forget it from the batch log. */
import type { BatchlogTable } from '../../db/batchlog-table.js';
import type { Clock } from '../../env/index.js';
import type { VerbHandler } from '../../net/index.js';
import { decodeBatchRemove } from '../wire/batch-messages.js';
import { EMPTY_ACK, answer } from './replica-context.js';

export function batchRemoveVerbHandler(batchlog: BatchlogTable, clock: Clock): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      await batchlog.remove(decodeBatchRemove(payload), clock.nowMicros(), Math.floor(clock.nowMs() / 1000));
      return EMPTY_ACK;
    });
}
