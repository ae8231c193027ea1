/**
 * IP addresses as text ↔ bytes (4 for IPv4, 16 for IPv6), for the [inet] and [inetaddr]
 * notations. Text forms: dotted quads; IPv6 with `::` compression and an optional trailing
 * dotted quad. Written here so the transport needs no node:net (which only src/env may use).
 */

/** The 4 or 16 bytes of `text`, or null when it is not an IP address. */
export function parseIp(text: string): Buffer | null {
  if (text.includes(':')) return parseIpv6(text);
  return parseIpv4(text);
}

function parseIpv4(text: string): Buffer | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out = Buffer.alloc(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (i === parts.length - 1 && p.includes('.')) {
      const v4 = parseIpv4(p);
      if (v4 === null) return null;
      groups.push(v4.readUInt16BE(0), v4.readUInt16BE(2));
    } else {
      if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return null;
      groups.push(parseInt(p, 16));
    }
  }
  return groups;
}

function parseIpv6(text: string): Buffer | null {
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

/** The text form of 4 or 16 address bytes (IPv6 with the longest zero run compressed). */
export function formatIp(bytes: Uint8Array): string {
  if (bytes.length === 4) return Array.from(bytes).join('.');
  if (bytes.length !== 16) throw new RangeError(`an IP address has 4 or 16 bytes, not ${bytes.length}`);
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  let bestAt = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestAt = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
  if (bestAt < 0) return hex(groups);
  return `${hex(groups.slice(0, bestAt))}::${hex(groups.slice(bestAt + bestLen))}`;
}
