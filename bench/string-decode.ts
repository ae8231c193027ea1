/**
 * bench:strings — what it costs Node to make a JS string from bytes, the floor under every API
 * read (each column's name and value become strings). Methods on a 7-byte name and a 50-byte
 * value, each as ns/string and as a ratio to `Buffer#toString('latin1')` measured in the same run.
 * Last line: one JSON object.
 *
 *   npm run bench:strings
 */
const N = 2_000_000;
const buf = Buffer.from(`xx@c000123${'v'.repeat(50)}yy`);
const SIZES: [string, number, number][] = [
  ['name7', 3, 10],
  ['value50', 10, 60],
];
const decoder = new TextDecoder('utf-8');
const METHODS: [string, (s: number, e: number) => string][] = [
  ['toString latin1', (s, e) => buf.toString('latin1', s, e)],
  ['toString utf8', (s, e) => buf.toString('utf8', s, e)],
  ['TextDecoder', (s, e) => decoder.decode(buf.subarray(s, e))],
  ['String.fromCharCode loop', (s, e) => {
    let r = '';
    for (let i = s; i < e; i++) r += String.fromCharCode(buf[i]!);
    return r;
  }],
];

function nsPerString(f: (s: number, e: number) => string, s: number, e: number): number {
  let sink = 0;
  const t0 = performance.now();
  // Index each result so lazy (cons) strings are flattened, as a Map key or a caller would.
  for (let i = 0; i < N; i++) sink += f(s, e).charCodeAt(1);
  const ns = ((performance.now() - t0) * 1e6) / N;
  if (sink === -1) process.stdout.write('');
  return ns;
}

const results: Record<string, Record<string, { ns: number; ratio: number }>> = {};
for (const [size, s, e] of SIZES) {
  const base = nsPerString(METHODS[0]![1], s, e);
  results[size] = {};
  for (const [name, f] of METHODS) {
    const ns = name === METHODS[0]![0] ? base : nsPerString(f, s, e);
    results[size]![name] = { ns: Number(ns.toFixed(1)), ratio: Number((ns / base).toFixed(2)) };
    process.stdout.write(`${size.padEnd(8)} ${name.padEnd(26)} ${ns.toFixed(1).padStart(7)} ns   ${(ns / base).toFixed(2)}× toString latin1\n`);
  }
}
process.stdout.write(`${JSON.stringify({ bench: 'strings', node: process.version, ...results })}\n`);
