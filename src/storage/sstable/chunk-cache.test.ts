import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChunkCache } from './chunk-cache.js';

describe('ChunkCache', () => {
  it('evicts least recently used chunks beyond its capacity', () => {
    const cache = new ChunkCache(3 * (1000 + 128));
    const f = cache.registerFile();
    for (let i = 0; i < 3; i++) cache.put(f, i, Buffer.alloc(1000, i));
    assert.equal(cache.get(f, 0)?.[0], 0); // 0 becomes the youngest
    cache.put(f, 3, Buffer.alloc(1000, 3)); // evicts 1
    assert.equal(cache.get(f, 1), undefined);
    assert.equal(cache.get(f, 0)?.[0], 0);
    assert.equal(cache.get(f, 2)?.[0], 2);
    assert.equal(cache.get(f, 3)?.[0], 3);
    assert.ok(cache.sizeBytes <= cache.capacityBytes);
    assert.equal(cache.hits, 4);
    assert.equal(cache.misses, 1);
  });

  it('keeps files apart and drops a released file before reusing its id', () => {
    const cache = new ChunkCache(1 << 20);
    const a = cache.registerFile();
    const b = cache.registerFile();
    assert.notEqual(a, b);
    cache.put(a, 7, Buffer.from('a7'));
    cache.put(b, 7, Buffer.from('b7'));
    assert.equal(cache.get(a, 7)?.toString(), 'a7');
    assert.equal(cache.get(b, 7)?.toString(), 'b7');
    cache.releaseFile(a);
    const c = cache.registerFile();
    assert.equal(c, a);
    assert.equal(cache.get(c, 7), undefined);
    assert.equal(cache.get(b, 7)?.toString(), 'b7');
  });

  it('does not cache anything larger than its capacity', () => {
    const cache = new ChunkCache(100);
    const f = cache.registerFile();
    cache.put(f, 0, Buffer.alloc(200));
    assert.equal(cache.entryCount, 0);
    assert.equal(cache.sizeBytes, 0);
  });
});
