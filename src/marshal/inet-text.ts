/**
 * IP address text: IPv4 dotted quads and IPv6 in any RFC 4291 form (with '::' and an embedded
 * IPv4 tail) in; Java's InetAddress.getHostAddress form out (IPv6 as eight groups, no '::').
 */
import { MarshalError } from '../errors/index.js';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** Parses an IPv4 or IPv6 literal (no host names: resolving them is not a type's job). */
export function parseInetAddress(s: string): Buffer | null {
  return parseIpv4(s) ?? parseIpv6(s);
}

function parseIpv4(s: string): Buffer | null {
  const m = IPV4.exec(s);
  if (m === null) return null;
  const parts = m.slice(1, 5).map(Number);
  return parts.every((p) => p <= 255) ? Buffer.from(parts) : null;
}

function parseIpv6(s: string): Buffer | null {
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const hasGap = halves.length === 2;
  // An IPv4 tail may only end the whole address.
  const head = parseWords(halves[0]!, !hasGap);
  const tail = hasGap ? parseWords(halves[1]!, true) : [];
  if (head === null || tail === null) return null;
  const gap = 8 - head.length - tail.length;
  if (hasGap ? gap < 1 : gap !== 0) return null;
  const words = [...head, ...new Array<number>(Math.max(gap, 0)).fill(0), ...tail];
  const out = Buffer.alloc(16);
  words.forEach((w, i) => out.writeUInt16BE(w, i * 2));
  return out;
}

function parseWords(part: string, allowIpv4Tail: boolean): number[] | null {
  if (part === '') return [];
  const groups = part.split(':');
  const words: number[] = [];
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    const v4 = allowIpv4Tail && i === groups.length - 1 ? parseIpv4(g) : null;
    if (v4 !== null) words.push(v4.readUInt16BE(0), v4.readUInt16BE(2));
    else if (HEX_GROUP.test(g)) words.push(parseInt(g, 16));
    else return null;
  }
  return words;
}

/** Java's getHostAddress: dotted quad, or eight lowercase hex groups without leading zeros. */
export function formatInetAddress(b: Uint8Array): string {
  if (b.length === 4) return Array.from(b).join('.');
  if (b.length !== 16) throw new MarshalError(`an inet address has 4 or 16 bytes, got ${b.length}`);
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((b[i]! << 8) | b[i + 1]!).toString(16));
  return words.join(':');
}
