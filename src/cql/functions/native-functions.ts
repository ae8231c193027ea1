/**
 * The registry of Cassandra's native functions: createNativeFunctionRegistry() builds a fresh,
 * immutable FunctionRegistry holding
 *   time      now, currentTimeUUID, currentTimestamp, currentDate, currentTime, toDate, toTimestamp,
 *             toUnixTimestamp, dateOf, unixTimestampOf, minTimeuuid, maxTimeuuid
 *   ids       uuid
 *   blobs     <type>AsBlob, blobAs<type> for every native type
 *   operators _add, _substract, _multiply, _divide, _modulo, _negate
 *   aggregates countRows (COUNT(*)), count, min, max for every native type; sum, avg for the
 *             number types
 *   JSON      toJson, fromJson (built per call by the registry)
 * token() is not here: it depends on the table's partitioner, so the executor provides it. CAST is
 * not a named function either: use castFunction (cast-functions.ts).
 */
import { avgAggregates } from './avg-aggregates.js';
import { basicAggregates } from './basic-aggregates.js';
import { blobFunctions } from './blob-functions.js';
import { dateTimeFunctions } from './datetime-functions.js';
import { FunctionRegistry } from './function-registry.js';
import { operatorFunctions } from './operator-functions.js';
import { sumAggregates } from './sum-aggregates.js';
import { timeUuidFunctions } from './timeuuid-functions.js';
import { uuidFunction } from './uuid-function.js';

export function createNativeFunctionRegistry(): FunctionRegistry {
  return new FunctionRegistry([
    ...timeUuidFunctions(),
    ...dateTimeFunctions(),
    uuidFunction(),
    ...blobFunctions(),
    ...operatorFunctions(),
    ...basicAggregates(),
    ...sumAggregates(),
    ...avgAggregates(),
  ]);
}
