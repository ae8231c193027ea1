import type { Random } from '../../env/index.js';
import type { RequestContext } from './cql-request-handler.js';

/** Collects a request's warnings and tracing id while the handler runs. */
export class CollectingContext implements RequestContext {
  readonly warnings: string[] = [];
  private traceId: Buffer | undefined;
  /** What setCustomPayload set: sent with the response. */
  responsePayload: ReadonlyMap<string, Buffer | null> | undefined;

  constructor(
    readonly tracing: boolean,
    readonly customPayload: ReadonlyMap<string, Buffer | null> | undefined = undefined,
  ) {}

  setCustomPayload(payload: ReadonlyMap<string, Buffer | null>): void {
    this.responsePayload = payload;
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  setTracingId(id: Buffer): void {
    if (id.length !== 16) throw new RangeError(`a tracing id is a 16-byte UUID, got ${id.length} bytes`);
    this.traceId = id;
  }

  /** The id to send: the handler's, else a fresh random UUID; undefined when not tracing. */
  tracingId(random: Random): Buffer | undefined {
    if (!this.tracing) return undefined;
    return this.traceId ?? randomUuid(random);
  }
}

/** A version 4 (random) UUID. */
export function randomUuid(random: Random): Buffer {
  const b = Buffer.from(random.bytes(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return b;
}
