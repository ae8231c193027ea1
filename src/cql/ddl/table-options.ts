/**
 * CREATE / ALTER TABLE options: the names Cassandra 4.0 accepts, read into the column family's
 * own fields (comment, gc_grace_seconds, default_time_to_live, id) and its TableParams.
 */
import type { TableParamsInput } from '../../schema/index.js';
import type { Property } from '../parser/index.js';
import { Properties } from './ddl-properties.js';

export interface TableOptionValues {
  readonly id?: string;
  readonly comment?: string;
  readonly gcGraceSeconds?: number;
  readonly defaultTimeToLive?: number;
  readonly params: TableParamsInput;
}

export const TABLE_OPTION_NAMES = [
  'additional_write_policy', 'bloom_filter_fp_chance', 'caching', 'cdc', 'comment', 'compaction', 'compression',
  'crc_check_chance', 'dclocal_read_repair_chance', 'default_time_to_live', 'extensions', 'gc_grace_seconds',
  'id', 'max_index_interval', 'memtable_flush_period_in_ms', 'min_index_interval', 'read_repair',
  'read_repair_chance', 'speculative_retry',
] as const;

export function tableOptions(properties: readonly Property[]): TableOptionValues {
  const p = new Properties(properties, TABLE_OPTION_NAMES);
  const readRepair = p.string('read_repair')?.toUpperCase() as 'BLOCKING' | 'NONE' | undefined;
  return {
    id: p.string('id'),
    comment: p.string('comment'),
    gcGraceSeconds: p.int('gc_grace_seconds'),
    defaultTimeToLive: p.int('default_time_to_live'),
    params: {
      additionalWritePolicy: p.string('additional_write_policy'),
      bloomFilterFpChance: p.double('bloom_filter_fp_chance'),
      caching: p.map('caching'),
      cdc: p.boolean('cdc'),
      compaction: p.map('compaction'),
      compression: p.map('compression'),
      crcCheckChance: p.double('crc_check_chance'),
      dclocalReadRepairChance: p.double('dclocal_read_repair_chance'),
      extensions: p.map('extensions'),
      maxIndexInterval: p.int('max_index_interval'),
      memtableFlushPeriodInMs: p.int('memtable_flush_period_in_ms'),
      minIndexInterval: p.int('min_index_interval'),
      readRepair,
      readRepairChance: p.double('read_repair_chance'),
      speculativeRetry: p.string('speculative_retry'),
    },
  };
}
