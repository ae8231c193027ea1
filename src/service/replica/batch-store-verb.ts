/** BATCH_STORE on a replica: keep the batch in this node's batch log (durably), then acknowledge. */
import type { BatchlogTable } from '../../db/batchlog-table.js';
import type { Clock } from '../../env/index.js';
import type { VerbHandler } from '../../net/index.js';
import { decodeBatchStore } from '../wire/batch-messages.js';
import { EMPTY_ACK, answer } from './replica-context.js';

export function batchStoreVerbHandler(batchlog: BatchlogTable, clock: Clock): VerbHandler {
  return (message, reply) =>
    answer(message, reply, async (payload) => {
      const b = decodeBatchStore(payload);
      await batchlog.store(b.id, b.data, clock.nowMicros());
      return EMPTY_ACK;
    });
}
