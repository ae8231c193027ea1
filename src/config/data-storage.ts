/**
 * Byte quantities in cassandra.yaml. Cassandra 4.1 writes them as DataStorageSpec strings — a whole
 * number and a unit, `B`, `KiB`, `MiB` or `GiB` (`128MiB`) — where 4.0 wrote a plain number of
 * bytes under an older name; both are read here (checked in apache/cassandra config/DataStorageSpec
 * and Config.java). `DATA_STORAGE_ALIASES` maps the 4.0 names onto the 4.1 ones Ilium keeps.
 */
import { ConfigurationError } from '../errors/index.js';

const UNITS: Readonly<Record<string, number>> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** Keys whose value is a byte quantity (number of bytes, or a DataStorageSpec string). */
export const DATA_STORAGE_KEYS: ReadonlySet<string> = new Set([
  'native_transport_max_request_data_in_flight',
  'native_transport_max_request_data_in_flight_per_ip',
]);

/** Cassandra 4.0's names (plain bytes) for keys 4.1 renamed. */
export const DATA_STORAGE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['native_transport_max_concurrent_requests_in_bytes', 'native_transport_max_request_data_in_flight'],
  ['native_transport_max_concurrent_requests_in_bytes_per_ip', 'native_transport_max_request_data_in_flight_per_ip'],
]);

export function parseDataStorage(key: string, value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string') {
    const m = /^(\d+)\s*(B|KiB|MiB|GiB)$/.exec(value.trim());
    if (m !== null) {
      const bytes = Number(m[1]) * UNITS[m[2]!]!;
      if (Number.isSafeInteger(bytes) && bytes > 0) return bytes;
    }
  }
  throw new ConfigurationError(`${key} must be a positive number of bytes or a quantity such as 128MiB (units B, KiB, MiB, GiB), got ${JSON.stringify(value)}`);
}
