/**
 * `estimatedHeapBytes(value)`: a rough size of a plain data graph in V8's heap, found by walking
 * it (each object or array once), in the spirit of Cassandra's ObjectSizes.measureDeep. Counted:
 * an object or array header and a slot per property or element, a string's characters, a buffer's
 * bytes; functions are not entered (what a closure holds is not visible). For pure data only — a
 * graph that reaches long-lived shared objects would count them too.
 */
import { type Steps, runSteps, runStepsPaced } from './steps.js';

const OBJECT_HEADER_BYTES = 24;
const SLOT_BYTES = 8;
const STRING_HEADER_BYTES = 16;
const BUFFER_HEADER_BYTES = 96;
const BIGINT_BYTES = 24;

/** Values walked between two breaks of the paced walk. */
const OBJECTS_PER_STEP = 4096;

export function estimatedHeapBytes(root: unknown): number {
  return runSteps(heapBytesSteps(root));
}

/** `estimatedHeapBytes`, awaiting `pace` every OBJECTS_PER_STEP objects (a parse tree of 100,000 statements is millions). */
export function estimatedHeapBytesPaced(root: unknown, pace: () => Promise<void>): number | Promise<number> {
  return runStepsPaced(heapBytesSteps(root), pace);
}

function* heapBytesSteps(root: unknown): Steps<number> {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let bytes = 0;
  let walked = 0;
  while (stack.length > 0) {
    if (++walked % OBJECTS_PER_STEP === 0) yield;
    const v = stack.pop();
    if (typeof v === 'string') bytes += STRING_HEADER_BYTES + v.length;
    else if (typeof v === 'bigint') bytes += BIGINT_BYTES;
    else if (v !== null && typeof v === 'object' && !seen.has(v)) {
      seen.add(v);
      if (ArrayBuffer.isView(v)) {
        bytes += BUFFER_HEADER_BYTES + v.byteLength;
        continue;
      }
      const slots = v instanceof Map ? [...v.keys(), ...v.values()] : v instanceof Set ? [...v] : Array.isArray(v) ? v : Object.values(v);
      bytes += OBJECT_HEADER_BYTES + SLOT_BYTES * slots.length;
      for (const s of slots) stack.push(s);
    }
  }
  return bytes;
}
