/**
 * bench:compare — our `compareBytes` beside `Buffer.compare` (the baseline) on the 20-byte keys
 * and cell names that dominate, measured in the same run. Last line: one JSON object.
 *
 *   node dist/bench/compare-bytes.js
 */
import { compareBytes } from '../src/util/compare-bytes.js';

const N = 3_000_000;
const keys = Array.from({ length: 1000 }, (_, i) => {
  const b = Buffer.alloc(20);
  b.write(`partition-${String(i % 300).padStart(6, '0')}`);
  b.writeUInt32BE(i, 16);
  return b;
});

function nsPerCompare(f: (a: Buffer, b: Buffer) => number): number {
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) sink += f(keys[i % 1000]!, keys[(i * 7) % 1000]!);
  if (sink === 0.5) process.stdout.write('');
  return ((performance.now() - t0) * 1e6) / N;
}

nsPerCompare(compareBytes); // warm-up
nsPerCompare(Buffer.compare);
const ours = nsPerCompare(compareBytes);
const baseline = nsPerCompare(Buffer.compare);
process.stdout.write(`compareBytes ${ours.toFixed(1)} ns, Buffer.compare ${baseline.toFixed(1)} ns, speed-up ${(baseline / ours).toFixed(2)}x\n`);
process.stdout.write(`${JSON.stringify({ bench: 'compare', compareBytesNs: Number(ours.toFixed(1)), bufferCompareNs: Number(baseline.toFixed(1)), speedup: Number((baseline / ours).toFixed(2)) })}\n`);
