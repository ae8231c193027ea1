/**
 * Random (version 4) UUIDs from the injected `Random`, so table ids are replayable under the
 * simulated env. Table ids name directories and commit-log entries: drawn once, kept forever.
 */
import type { Random } from '../env/index.js';
import { uuidToString } from '../marshal/index.js';

export function randomUuid(random: Random): string {
  const b = random.bytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return uuidToString(b);
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for the canonical lower-case 8-4-4-4-12 text form. */
export function isUuidText(s: string): boolean {
  return UUID_TEXT.test(s);
}
