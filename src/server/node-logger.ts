/**
 * The node's structured log: an event name and its fields (the tools back it with pino's JSON
 * lines). The transport's logger (handler bugs, failed writes) is fed from it.
 */
import type { TransportLogger } from '../transport/index.js';

export interface NodeLogger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export const SILENT_LOGGER: NodeLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** Transport reports as `cql_*` events (`thrift_*` for the Thrift server's). */
export function transportLogger(log: NodeLogger, prefix: 'cql' | 'thrift' = 'cql'): TransportLogger {
  return {
    warn: (message, detail) => log.warn(`${prefix}_warning`, { message, ...detailFields(detail) }),
    error: (message, detail) => log.error(`${prefix}_error`, { message, ...detailFields(detail) }),
  };
}

function detailFields(detail: unknown): Record<string, unknown> {
  if (detail === undefined) return {};
  if (detail instanceof Error) return { error: detail.message, stack: detail.stack };
  return { detail };
}
