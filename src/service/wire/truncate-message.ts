/**
 * TRUNCATE payload: the table to empty on the replica.  truncate = tableId:str
 * TRUNCATE_RSP is an empty acknowledgement.
 */
import { ByteWriter } from '../../util/byte-writer.js';
import { decodeWire, readString, writeString } from './wire-decoding.js';

export function encodeTruncate(tableId: string): Buffer {
  const w = new ByteWriter(48);
  writeString(w, tableId);
  return w.toBuffer();
}

export function decodeTruncate(payload: Uint8Array): string {
  return decodeWire('truncate', payload, readString);
}
