import { CellRun } from './dist/src/storage/sstable/cell-run.js';
import { PartitionEncoder } from './dist/src/storage/sstable/partition-codec.js';
import { CellKind, NO_DELETION_TIME, LIVE_DELETION } from './dist/src/storage/model/index.js';
const cells = [];
let ts = 1700000000000000n;
for (let i = 0; i < 120; i++) { const name = Buffer.alloc(15); name[0]=0x40; name.writeBigUInt64BE(BigInt(i/3|0),1); name[9]=0x40; name.write('c00'+(i%3)+'x',10); if (i%3===0) ts += 7n; cells.push({name, kind: CellKind.LIVE, value: Buffer.alloc(20, i), timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME}); }
const enc = new PartitionEncoder(1<<20).encode({ key: Buffer.from('k'), position: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells });
const buf = Buffer.from(enc.bytes);
const run = new CellRun();
const N = 200000;
function bench(label, fn) { for (let r = 0; r < 3; r++) { const t = process.hrtime.bigint(); let x = 0; for (let i = 0; i < N; i++) x += fn(); const ns = Number(process.hrtime.bigint() - t) / N / 120; if (r === 2) console.log(label, ns.toFixed(1), 'ns/cell', x > 0); } }
bench('advance only', () => { run.reset(buf, enc.headerWidth, buf.length, 1700000000000000n); let n = 0; while (run.advance()) n++; return n; });
bench('advance+cell', () => { run.reset(buf, enc.headerWidth, buf.length, 1700000000000000n); let n = 0; while (run.advance()) { run.cell(); n++; } return n; });
const src = Buffer.alloc(4096, 3);
bench('floor: 2 allocUnsafe+loop copy + obj + bigint', () => { let n = 0; for (let i = 0; i < 120; i++) { const a = Buffer.allocUnsafe(15); for (let j=0;j<15;j++) a[j]=src[i+j]; const b = Buffer.allocUnsafe(20); for (let j=0;j<20;j++) b[j]=src[i+j]; const c = { name: a, kind: 0, value: b, timestamp: 5n + BigInt(i), ttl: 0, localDeletionTime: 7 }; n += c.ttl + 1; } return n; });
bench('floor: 2 allocUnsafe no copy', () => { let n = 0; for (let i = 0; i < 120; i++) { const a = Buffer.allocUnsafe(15); const b = Buffer.allocUnsafe(20); n += a.length + b.length > 0 ? 1 : 0; } return n; });
bench('floor: obj only', () => { let n = 0; for (let i = 0; i < 120; i++) { const c = { name: src, kind: 0, value: src, timestamp: 5n, ttl: 0, localDeletionTime: 7+i }; n += c.ttl + 1; } return n; });
