/**
 * The coordinator seam now lives in the service layer (src/service/data-store.ts), below the CQL
 * layer; re-exported here so statements keep importing it from their own folder.
 */
export type { ApplyOptions, CasDecide, CasDecision, CasLevels, CasReader, DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery, TableWrite } from '../../service/data-store.js';
