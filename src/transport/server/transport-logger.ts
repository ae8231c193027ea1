/**
 * Where the transport reports what the client cannot be told: handler bugs (non-Ilium errors
 * answered as SERVER_ERROR), failed writes. The node wires its structured logger here.
 */
export interface TransportLogger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

export const consoleLogger: TransportLogger = {
  warn: (message, detail) => console.warn(`[cql] ${message}`, detail ?? ''),
  error: (message, detail) => console.error(`[cql] ${message}`, detail ?? ''),
};

/** Keeps what was logged (tests). */
export class RecordingLogger implements TransportLogger {
  readonly entries: { level: 'warn' | 'error'; message: string; detail?: unknown }[] = [];
  warn(message: string, detail?: unknown): void {
    this.entries.push({ level: 'warn', message, detail });
  }
  error(message: string, detail?: unknown): void {
    this.entries.push({ level: 'error', message, detail });
  }
}
