/**
 * Our binary grammar for the gossip payloads (Ilium's own; not Cassandra's bytes). Integers are
 * big-endian; `varint` is unsigned LEB128; strings are varint-length UTF-8.
 *
 *   syn       := FORMAT clusterName:str partitioner:str digests
 *   ack       := FORMAT digests states
 *   ack2      := FORMAT states
 *   shutdown  := FORMAT generation:i32
 *   digests   := count:varint (endpoint generation:i32 maxVersion:i32)*
 *   states    := count:varint (endpoint generation:i32 hbVersion:i32 appStates)*
 *   appStates := count:varint (stateId:u8 version:i32 value:str)*
 *   endpoint  := host:str port:u16
 *
 * FORMAT is one byte, 1; change it (never the meaning of 1) to change the grammar. Every count and
 * length is bounded (`…_MAX`), every read is bounds-checked, trailing bytes are refused and an
 * unknown state id is an error: malformed bytes are a `GossipCodecError`, never a crash.
 */
import { ByteReader } from '../util/byte-reader.js';
import { ByteWriter } from '../util/byte-writer.js';
import { endpoint, type InetAddressAndPort } from '../net/index.js';
import { APPLICATION_STATES, applicationStateById, type ApplicationState } from './application-state.js';
import type { EndpointStateData } from './endpoint-state.js';
import { GossipCodecError } from './gms-errors.js';
import { VERSION_MAX, type VersionedValue } from './versioned-value.js';
import type { EndpointStateEntry, GossipDigest, GossipDigestAck, GossipDigestAck2, GossipDigestSyn, GossipShutdown } from './gossip-messages.js';

export const GOSSIP_FORMAT = 1;
export const DIGESTS_MAX = 10_000;
export const STATES_MAX = 10_000;
export const APP_STATES_MAX = 64;
export const STRING_BYTES_MAX = 64 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

// ---- writing ----

function str(w: ByteWriter, s: string): void {
  const b = Buffer.from(s, 'utf8');
  if (b.length > STRING_BYTES_MAX) throw new RangeError(`gossip string of ${b.length} bytes exceeds ${STRING_BYTES_MAX}`);
  w.lenBytes(b);
}

function writeEndpoint(w: ByteWriter, e: InetAddressAndPort): void {
  str(w, e.host);
  w.u16(e.port);
}

function writeDigests(w: ByteWriter, digests: readonly GossipDigest[]): void {
  w.varint(digests.length);
  for (const d of digests) {
    writeEndpoint(w, d.endpoint);
    w.i32(d.generation).i32(d.maxVersion);
  }
}

function writeStates(w: ByteWriter, entries: readonly EndpointStateEntry[]): void {
  w.varint(entries.length);
  for (const { endpoint: e, state } of entries) {
    writeEndpoint(w, e);
    w.i32(state.heartbeat.generation).i32(state.heartbeat.version);
    w.varint(state.states.size);
    for (const [k, v] of state.states) {
      w.u8(APPLICATION_STATES[k]).i32(v.version);
      str(w, v.value);
    }
  }
}

function start(): ByteWriter {
  return new ByteWriter(128).u8(GOSSIP_FORMAT);
}

export function encodeSyn(m: GossipDigestSyn): Buffer {
  const w = start();
  str(w, m.clusterName);
  str(w, m.partitioner);
  writeDigests(w, m.digests);
  return w.toBuffer();
}

export function encodeAck(m: GossipDigestAck): Buffer {
  const w = start();
  writeDigests(w, m.digests);
  writeStates(w, m.states);
  return w.toBuffer();
}

export function encodeAck2(m: GossipDigestAck2): Buffer {
  const w = start();
  writeStates(w, m.states);
  return w.toBuffer();
}

export function encodeShutdown(m: GossipShutdown): Buffer {
  return start().i32(m.generation).toBuffer();
}

// ---- reading ----

class Reader {
  readonly r: ByteReader;
  constructor(
    readonly what: string,
    payload: Uint8Array,
  ) {
    this.r = new ByteReader(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength));
  }

  fail(detail: string): never {
    throw new GossipCodecError(this.what, this.r.pos, detail);
  }

  count(max: number, of: string): number {
    const n = this.r.varint();
    if (n > max) this.fail(`${n} ${of} exceed the limit of ${max}`);
    return n;
  }

  str(of: string): string {
    const n = this.count(STRING_BYTES_MAX, `bytes of ${of}`);
    try {
      return UTF8.decode(this.r.bytes(n));
    } catch (err) {
      if (err instanceof RangeError) throw err;
      return this.fail(`${of} is not UTF-8`);
    }
  }

  /** A non-negative int32 (generations and versions). */
  nonNegative(of: string): number {
    const v = this.r.i32();
    if (v < 0 || v > VERSION_MAX) this.fail(`${of} ${v} is negative`);
    return v;
  }

  endpoint(): InetAddressAndPort {
    const host = this.str('host');
    const port = this.r.u16();
    if (host.length === 0) this.fail('empty host');
    return endpoint(host, port);
  }

  digests(): GossipDigest[] {
    const n = this.count(DIGESTS_MAX, 'digests');
    const out: GossipDigest[] = [];
    for (let i = 0; i < n; i++) {
      const e = this.endpoint();
      out.push({ endpoint: e, generation: this.nonNegative('generation'), maxVersion: this.nonNegative('max version') });
    }
    return out;
  }

  states(): EndpointStateEntry[] {
    const n = this.count(STATES_MAX, 'endpoint states');
    const out: EndpointStateEntry[] = [];
    for (let i = 0; i < n; i++) {
      const e = this.endpoint();
      out.push({ endpoint: e, state: this.endpointState() });
    }
    return out;
  }

  endpointState(): EndpointStateData {
    const heartbeat = { generation: this.nonNegative('generation'), version: this.nonNegative('heartbeat version') };
    const n = this.count(APP_STATES_MAX, 'application states');
    const states = new Map<ApplicationState, VersionedValue>();
    for (let i = 0; i < n; i++) {
      const id = this.r.u8();
      const name = applicationStateById(id);
      if (name === undefined) this.fail(`unknown application state ${id}`);
      const version = this.nonNegative('state version');
      const value = this.str(name);
      if (states.has(name)) this.fail(`${name} twice`);
      states.set(name, { value, version });
    }
    return { heartbeat, states };
  }

  format(): void {
    const f = this.r.u8();
    if (f !== GOSSIP_FORMAT) this.fail(`unknown format ${f}`);
  }

  end(): void {
    if (this.r.remaining !== 0) this.fail(`${this.r.remaining} trailing bytes`);
  }
}

function read<T>(what: string, payload: Uint8Array, body: (r: Reader) => T): T {
  const r = new Reader(what, payload);
  try {
    r.format();
    const out = body(r);
    r.end();
    return out;
  } catch (err) {
    if (err instanceof GossipCodecError) throw err;
    if (err instanceof RangeError) throw new GossipCodecError(what, r.r.pos, err.message);
    throw err;
  }
}

export function decodeSyn(payload: Uint8Array): GossipDigestSyn {
  return read('GOSSIP_DIGEST_SYN', payload, (r) => ({ clusterName: r.str('cluster name'), partitioner: r.str('partitioner'), digests: r.digests() }));
}

export function decodeAck(payload: Uint8Array): GossipDigestAck {
  return read('GOSSIP_DIGEST_ACK', payload, (r) => ({ digests: r.digests(), states: r.states() }));
}

export function decodeAck2(payload: Uint8Array): GossipDigestAck2 {
  return read('GOSSIP_DIGEST_ACK2', payload, (r) => ({ states: r.states() }));
}

export function decodeShutdown(payload: Uint8Array): GossipShutdown {
  return read('GOSSIP_SHUTDOWN', payload, (r) => ({ generation: r.nonNegative('generation') }));
}
