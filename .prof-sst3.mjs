import { createRealEnv } from './dist/src/env/index.js';
import { SSTableWriter, ChunkCache } from './dist/src/storage/sstable/index.js';
import * as fx from './dist/src/storage/sstable/sstable-test-fixtures.js';
import { CellKind, NO_DELETION_TIME, LIVE_DELETION } from './dist/src/storage/model/index.js';
const env = createRealEnv();
const { dir, cleanup } = fx.makeTmpDir();
const r = fx.rng(1);
const cells = [];
let ts = 1700000000000000n;
for (let i = 0; i < 100000; i++) { const name = Buffer.alloc(15); name[0]=0x40; name.writeBigUInt64BE(BigInt(i/3|0),1); name[9]=0x40; name.write('c00'+(i%3)+'x',10); if (i%3===0) ts += 7n; cells.push({name, kind: CellKind.LIVE, value: fx.randomBytes(r, 20, 16), timestamp: ts, ttl: 0, localDeletionTime: NO_DELETION_TIME}); }
const p = { key: Buffer.from('k'), position: Buffer.from('k'), partitionDeletion: LIVE_DELETION, rangeTombstones: [], cells };
const w = SSTableWriter.create({ env, dir, generation: 1, compression: 'lz4', expectedPartitions: 1, commitLogUpperBound: null, cache: new ChunkCache(1<<28), cellBlockBytes: Number(process.argv[2] ?? 4096) });
w.append(p);
const rd = await w.finish();
const N = 300000;
const slices = Array.from({length: 4096}, () => { const from = cells[Math.floor(r() * cells.length)].name; return [{ start: from, end: Buffer.from([0x60]), reversed: false }, { start: Buffer.from([0x20]), end: from, reversed: true }]; });
for (const [label, k, take] of [['open fwd', 0, 0], ['open rev', 1, 0], ['fwd 1', 0, 1], ['rev 1', 1, 1], ['fwd 50', 0, 50], ['rev 50', 1, 50]]) {
  let best = 0;
  for (let round = 0; round < 3; round++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < N; i++) { const c = rd.openPartition(p.position, slices[i & 4095][k]); for (let j = 0; j < take && c.next() !== null; j++); }
    const s = Number(process.hrtime.bigint() - t) / 1e9;
    best = Math.max(best, N / s);
  }
  console.log(label.padEnd(10), (best / 1000).toFixed(1), 'k/s', (1e6 / best).toFixed(2), 'µs');
}
rd.close(); cleanup();
