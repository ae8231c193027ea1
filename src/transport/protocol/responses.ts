import type { ErrorMessage } from './error-message.js';
import type { ResultMessage } from './result-message.js';
import type { ServerEvent } from './server-event.js';

/** Response messages (v4 spec §4.2), bodies only. */
export type Response =
  | { readonly opcode: 'ERROR'; readonly error: ErrorMessage }
  | { readonly opcode: 'READY' }
  /** The authenticator's class name (drivers pick their SASL mechanism from it). */
  | { readonly opcode: 'AUTHENTICATE'; readonly authenticator: string }
  | { readonly opcode: 'SUPPORTED'; readonly options: ReadonlyMap<string, readonly string[]> }
  | { readonly opcode: 'RESULT'; readonly result: ResultMessage }
  | { readonly opcode: 'EVENT'; readonly event: ServerEvent }
  | { readonly opcode: 'AUTH_CHALLENGE'; readonly token: Buffer | null }
  | { readonly opcode: 'AUTH_SUCCESS'; readonly token: Buffer | null };
