/**
 * Where messaging reports what no caller can be told: refused handshakes, broken peers, handler
 * bugs. The shape matches the node's structured logger (an event name and fields), so the node
 * passes its own.
 */
export interface NetLogger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export const SILENT_NET_LOGGER: NetLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
