import type * as net from 'node:net';

/**
 * Reads of an accepted node:net socket into a buffer the caller owns and reuses, instead of the
 * fresh 64 KiB buffer node allocates for every read (and keeps until the next collection).
 *
 * node offers this for client sockets only (`net.Socket`'s `onread` option). An accepted socket
 * is given the same state by hand: the two symbol-keyed fields `onread` sets (`kBuffer`,
 * `kBufferCb`, found by their descriptions) and `useUserBuffer` on its handle. The socket must
 * not have started reading (a server with `pauseOnConnect`). Where this node lacks any of them,
 * `lendReads` changes nothing and answers false: the caller keeps node's own reads, which are
 * always correct, and `real-network.test.ts` fails so an upgrade that removed them is noticed.
 *
 * Measured (3,000 connections each refused on its first 64 KiB: `test/security/limits-before-login.test.ts`
 * shows the figures): a do-nothing node:net server's resident set grew by 61 MiB, by 22 MiB with
 * lent reads (the sockets' own objects).
 */
export function lendReads(socket: net.Socket, buffer: Buffer, onChunk: (chunk: Buffer) => void): boolean {
  const handle = (socket as unknown as { _handle?: { useUserBuffer?: (b: Uint8Array) => void; reading?: boolean } })._handle;
  if (handle === undefined || typeof handle.useUserBuffer !== 'function' || handle.reading === true) return false;
  const symbols = Object.getOwnPropertySymbols(socket);
  const kBuffer = symbols.find((s) => s.description === 'kBuffer');
  const kBufferCb = symbols.find((s) => s.description === 'kBufferCb');
  if (kBuffer === undefined || kBufferCb === undefined) return false;
  const fields = socket as unknown as Record<symbol, unknown>;
  fields[kBuffer] = buffer;
  fields[kBufferCb] = (n: number): void => onChunk(buffer.subarray(0, n));
  handle.useUserBuffer(buffer);
  return true;
}
