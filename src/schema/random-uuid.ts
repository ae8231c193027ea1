/**
 * Random (version 4) UUIDs from the injected `Random`, so table ids are replayable under the
 * simulated env. Table ids name directories and commit-log entries: drawn once, kept forever.
 */
export { randomUuid } from '../util/random-uuid.js';

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for the canonical lower-case 8-4-4-4-12 text form. */
export function isUuidText(s: string): boolean {
  return UUID_TEXT.test(s);
}
