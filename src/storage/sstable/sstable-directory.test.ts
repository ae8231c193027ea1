import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createRealEnv } from '../../env/real-env.js';
import { CorruptionError, EngineStateError } from '../../errors/ilium-error.js';
import { ChunkCache } from './chunk-cache.js';
import { Component, Descriptor } from './descriptor.js';
import { generationsEverSeen, listSSTables, quarantineIncomplete, removeGeneration } from './sstable-directory.js';
import { dumpSSTable } from './sstable-dump.js';
import { SSTableReader } from './sstable-reader.js';
import { makeTmpDir, mixedPartitions } from '../../../test/support/storage/sstable-fixtures.js';
import { SSTableWriter, type SSTableWriterOptions } from './sstable-writer.js';

const env = createRealEnv();
const parts = mixedPartitions(41, 30, { wideEvery: 0, wideCells: 0 });

describe('sstable directory and writer lifecycle', () => {
  const tmp = makeTmpDir();
  after(() => tmp.cleanup());
  const options = (generation: number): SSTableWriterOptions => ({
    env, dir: tmp.dir, generation, compression: 'lz4', expectedPartitions: parts.length, commitLogUpperBound: null,
  });
  const write = async (generation: number) => {
    const w = SSTableWriter.create(options(generation));
    for (const p of parts) w.append(p);
    return w.finish();
  };

  it('lists only complete sstables and quarantines (never deletes) the leftovers of interrupted writes', async () => {
    (await write(1)).close();
    // Generation 2: a writer that never finished (temporary files only).
    const unfinished = SSTableWriter.create(options(2));
    for (const p of parts.slice(0, 10)) unfinished.append(p);
    // Generation 3: every component renamed into place but the TOC never written.
    (await write(3)).close();
    env.fs.unlinkSync(new Descriptor(tmp.dir, 3).path(Component.TOC));
    assert.deepStrictEqual(listSSTables(env, tmp.dir), [1]);
    assert.throws(() => SSTableReader.open(env, tmp.dir, 3, new ChunkCache(1 << 20)), CorruptionError);

    const moved = quarantineIncomplete(env, tmp.dir);
    assert.ok(moved.some((n) => n === 'ila-2-Data.db.tmp'));
    assert.ok(moved.some((n) => n === 'ila-3-Data.db'));
    assert.ok(moved.every((n) => !n.startsWith('ila-1-')));
    assert.deepStrictEqual(env.fs.readdirSync(tmp.dir).filter((n) => !n.startsWith('ila-1-')), ['quarantine']);
    // Every moved file is in quarantine/, byte for byte, and its generation still counts.
    assert.deepStrictEqual(env.fs.readdirSync(`${tmp.dir}/quarantine`).sort(), [...moved].sort());
    assert.ok(generationsEverSeen(env, tmp.dir).includes(3));
    const r = SSTableReader.open(env, tmp.dir, 1, new ChunkCache(1 << 20));
    assert.equal([...r.scan()].length, parts.length);
    r.close();
    unfinished.abort(); // releases its descriptors; its files are already gone
  });

  it('abort deletes everything the writer made', () => {
    const w = SSTableWriter.create(options(4));
    for (const p of parts) w.append(p);
    w.abort();
    assert.deepStrictEqual(env.fs.readdirSync(tmp.dir).filter((n) => n.startsWith('ila-4-')), []);
    assert.throws(() => w.append(parts[0]!), /aborted/);
  });

  it('refuses out-of-order partitions, invalid partitions, and empty or duplicate sstables', async () => {
    const w = SSTableWriter.create(options(5));
    w.append(parts[1]!);
    assert.throws(() => w.append(parts[0]!), RangeError);
    assert.throws(() => w.append(parts[1]!), RangeError);
    const badCells = { ...parts[2]!, cells: [...parts[2]!.cells].reverse() };
    if (badCells.cells.length > 1) assert.throws(() => w.append(badCells), RangeError);
    w.append(parts[2]!); // still usable after a refused append
    (await w.finish()).close();
    assert.throws(() => SSTableWriter.create(options(5)), /already exists/);
    const empty = SSTableWriter.create(options(6));
    await assert.rejects(empty.finish(), /no partitions/);
    empty.abort();
    assert.throws(() => SSTableWriter.create({ ...options(7), chunkLengthBytes: 5000 }), RangeError);
  });

  it('a closed reader refuses reads; removeGeneration deletes it TOC first', async () => {
    const r = await write(8);
    const files = r.files;
    r.close();
    assert.throws(() => r.readPartition(parts[0]!.position, { start: Buffer.alloc(0), end: Buffer.from([0xff]), reversed: false }), EngineStateError);
    removeGeneration(env, tmp.dir, 8);
    for (const f of files) assert.equal(env.fs.existsSync(f), false);
    assert.ok(!listSSTables(env, tmp.dir).includes(8));
  });

  it("a closed reader's cursor never reads another file's chunks through a reused cache id", async () => {
    const wideParts = mixedPartitions(43, 3, { wideEvery: 3, wideCells: 5000 });
    const wide = wideParts.find((p) => p.cells.length >= 5000)!;
    const cache = new ChunkCache(64 << 20);
    const make = async (generation: number, ps: typeof parts) => {
      const w = SSTableWriter.create({ ...options(generation), cache, cellBlockBytes: 128, chunkLengthBytes: 4096 });
      for (const p of ps) w.append(p);
      return w.finish();
    };
    const a = await make(10, wideParts);
    const cursor = a.openPartition(wide.position, { start: Buffer.alloc(0), end: Buffer.alloc(32, 0xff), reversed: false })!;
    assert.deepStrictEqual(cursor.next(), wide.cells[0]);
    a.close();
    const b = await make(11, parts); // takes the freed cache ids and fills them with its own chunks
    for (const p of b.scan()) void p;
    let i = 1;
    try {
      for (let c = cursor.next(); c !== null; c = cursor.next()) assert.deepStrictEqual(c, wide.cells[i++]);
      assert.fail('the cursor outlived its reader');
    } catch (e) {
      assert.ok(e instanceof EngineStateError, String(e));
    }
    b.close();
  });

  it('dumps one JSON line per partition', async () => {
    (await write(9)).close();
    const lines = dumpSSTable(env, tmp.dir, 9).trimEnd().split('\n');
    assert.equal(lines.length, parts.length);
    lines.forEach((line, i) => {
      const j = JSON.parse(line) as { key: string; cells: { name: string; value: string; timestamp: string; kind: string }[] };
      const p = parts[i]!;
      assert.equal(j.key, p.key.toString('hex'));
      assert.equal(j.cells.length, p.cells.length);
      j.cells.forEach((c, k) => {
        assert.equal(c.name, p.cells[k]!.name.toString('hex'));
        assert.equal(c.value, p.cells[k]!.value.toString('hex'));
        assert.equal(c.timestamp, p.cells[k]!.timestamp.toString());
      });
    });
  });
});
