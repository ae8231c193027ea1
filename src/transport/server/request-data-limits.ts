/**
 * Bounds the bytes of CQL requests in flight — from the frame read until its response is written —
 * on the whole node and per client IP address, as Cassandra 4.0's ClientResourceLimits does for
 * `native_transport_max_concurrent_requests_in_bytes` / `…_per_ip` (renamed in 4.1
 * `native_transport_max_request_data_in_flight` / `…_per_ip`; checked in apache/cassandra
 * transport/ClientResourceLimits.java and PreV5Handlers.LegacyDispatchHandler). A request counts its
 * frame body size, as Cassandra's does.
 *
 * Two ways over a limit (the connection chooses, by the STARTUP option THROW_ON_OVERLOAD):
 * - `tryAllocate` refuses (nothing counted): the request is answered OVERLOADED;
 * - `allocate` counts it anyway and says the limit is passed: the request runs and the connection
 *   stops reading until its own requests are done or the counts are below both limits again.
 * One instance is shared by every CQL server of a node (the plaintext and the TLS port).
 */
import { invariant } from '../../util/invariant.js';

export interface RequestDataCaps {
  /** Bytes in flight on the node (native_transport_max_request_data_in_flight). */
  readonly bytesMax: number;
  /** Bytes in flight from one client IP (native_transport_max_request_data_in_flight_per_ip). */
  readonly perIpBytesMax: number;
}

export class RequestDataLimits {
  private total = 0;
  private readonly perIp = new Map<string, number>();

  constructor(readonly caps: RequestDataCaps) {
    for (const [k, v] of Object.entries(caps)) {
      invariant(Number.isSafeInteger(v) && v > 0, `${k} is a positive whole number of bytes, got ${v}`);
    }
  }

  get bytesInFlight(): number {
    return this.total;
  }

  bytesInFlightFrom(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  /** Counts `bytes` from `ip` when both limits allow it; false (nothing counted) otherwise. */
  tryAllocate(ip: string, bytes: number): boolean {
    if (!this.fits(ip, bytes)) return false;
    this.add(ip, bytes);
    return true;
  }

  /** Counts `bytes` from `ip` whatever the limits; false when that passed one of them. */
  allocate(ip: string, bytes: number): boolean {
    const fits = this.fits(ip, bytes);
    this.add(ip, bytes);
    return fits;
  }

  /** Uncounts bytes counted for `ip`; true when both counts are now within their limits. */
  release(ip: string, bytes: number): boolean {
    const fromIp = this.perIp.get(ip) ?? 0;
    invariant(bytes >= 0 && fromIp >= bytes && this.total >= bytes, `release of ${bytes} bytes from ${ip} holding ${fromIp} (node ${this.total})`);
    this.total -= bytes;
    if (fromIp === bytes) this.perIp.delete(ip);
    else this.perIp.set(ip, fromIp - bytes);
    return this.within(ip);
  }

  /** Both counts within their limits (nothing more need be waited for). */
  within(ip: string): boolean {
    return this.total <= this.caps.bytesMax && this.bytesInFlightFrom(ip) <= this.caps.perIpBytesMax;
  }

  /** The counts for an OVERLOADED message: "Endpoint: u/l bytes, Global: u/l bytes." */
  describe(ip: string): string {
    return `Endpoint: ${this.bytesInFlightFrom(ip)}/${this.caps.perIpBytesMax} bytes, Global: ${this.total}/${this.caps.bytesMax} bytes.`;
  }

  private fits(ip: string, bytes: number): boolean {
    return this.total + bytes <= this.caps.bytesMax && this.bytesInFlightFrom(ip) + bytes <= this.caps.perIpBytesMax;
  }

  private add(ip: string, bytes: number): void {
    invariant(bytes >= 0, `a request holds a non-negative number of bytes, got ${bytes}`);
    this.total += bytes;
    this.perIp.set(ip, this.bytesInFlightFrom(ip) + bytes);
  }
}
