export * from './commit-log.js';
export * from './commit-log-options.js';
export * from './commit-log-replayer.js';
export * from './replay-report.js';
export * from './mutation-codec.js';
export type { SyncMode } from './sync-policy.js';
export {
  SEGMENT_FORMAT_VERSION,
  SEGMENT_HEADER_BYTES,
  ENTRY_OVERHEAD_BYTES,
  segmentFileName,
  parseSegmentFileName,
} from './segment-format.js';
