/**
 * Random (version 4) UUIDs in their canonical text form, from an injected source of random bytes
 * (the Env's Random), so ids are replayable under the simulated env.
 */
export function randomUuid(random: { bytes(n: number): Buffer }): string {
  const b = random.bytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
