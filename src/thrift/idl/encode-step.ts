/**
 * How far one step of a large Thrift value's encoding goes (struct-codec.ts's `encodeSteps`): a
 * reply such as get_range_slices' list of 20,001 KeySlices (2.3 MB) was one step of 55–310 ms on
 * our 2-core machine. Steps end between two elements of a list, set or map (at any depth), once
 * ENCODE_STEP_ELEMENTS_MAX elements or ENCODE_STEP_BYTES_MAX bytes were written since the step
 * began; the server yields the event loop between steps (thrift-connection.ts).
 *
 * An element counts one, whatever it holds: a KeySlice of 3 columns is 4 (itself and its three
 * ColumnOrSuperColumns). 4096 elements of the common kind (a ColumnOrSuperColumn of a Column with
 * a short name and value) take ~2–3 ms here; a step of large values ends by bytes, after the
 * element that crossed the bound.
 */
import type { ThriftWriter } from '../../transport/thrift/index.js';

export const ENCODE_STEP_ELEMENTS_MAX = 4096;
export const ENCODE_STEP_BYTES_MAX = 1024 * 1024;

export class EncodeStep {
  private elements = 0;
  private bytesEnd: number;

  constructor(w: ThriftWriter) {
    this.bytesEnd = w.length + ENCODE_STEP_BYTES_MAX;
  }

  /** Elements the step may still write. */
  get room(): number {
    return ENCODE_STEP_ELEMENTS_MAX - this.elements;
  }

  /** Counts `n` elements written inside a value written at once. */
  count(n: number): void {
    this.elements += n;
  }

  /** Counts one element written; true once the step is full (the encoder then yields and calls `next`). */
  full(w: ThriftWriter): boolean {
    return ++this.elements >= ENCODE_STEP_ELEMENTS_MAX || w.length >= this.bytesEnd;
  }

  /** Starts the next step. */
  next(w: ThriftWriter): void {
    this.elements = 0;
    this.bytesEnd = w.length + ENCODE_STEP_BYTES_MAX;
  }
}
