import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LruCache } from './lru-cache.js';

type Op = { kind: 'get' | 'set' | 'delete' | 'peek'; key: number } | { kind: 'clear' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('get' as const, 'set' as const, 'delete' as const, 'peek' as const), key: fc.integer({ min: 0, max: 6 }) }),
  fc.constant({ kind: 'clear' as const }),
);

test('the cache evicts exactly what a reference LRU list evicts (repeated hits on the newest entry included)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 4 }), fc.array(op, { maxLength: 80 }), (max, ops) => {
      const cache = new LruCache<number, string>(max);
      let model: [number, string][] = []; // oldest first
      let evictions = 0;
      ops.forEach((o, step) => {
        switch (o.kind) {
          case 'get': {
            const i = model.findIndex(([k]) => k === o.key);
            const expected = i < 0 ? undefined : model[i]![1];
            if (i >= 0) model.push(...model.splice(i, 1));
            assert.equal(cache.get(o.key), expected);
            break;
          }
          case 'peek':
            assert.equal(cache.peek(o.key), model.find(([k]) => k === o.key)?.[1]);
            break;
          case 'set':
            model = model.filter(([k]) => k !== o.key);
            model.push([o.key, `v${step}`]);
            while (model.length > max) {
              model.shift();
              evictions++;
            }
            cache.set(o.key, `v${step}`);
            break;
          case 'delete':
            assert.equal(cache.delete(o.key), model.some(([k]) => k === o.key));
            model = model.filter(([k]) => k !== o.key);
            break;
          case 'clear':
            cache.clear();
            model = [];
            break;
        }
        assert.equal(cache.size, model.length);
        assert.equal(cache.evictions, evictions);
      });
      for (const [k, v] of model) assert.equal(cache.peek(k), v);
    }),
    { numRuns: 500 },
  );
});

test('with a weigher, the least recently used go first until the total weight is within its bound', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 30 }), fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 12 })), { maxLength: 80 }), (max, weightMax, ops) => {
      const cache = new LruCache<number, number>(max, { weigh: (w) => w, weightMax });
      let model: [number, number][] = []; // oldest first
      for (const [isSet, key, w] of ops) {
        if (isSet) {
          model = model.filter(([k]) => k !== key);
          model.push([key, w]);
          while (model.length > max || model.reduce((s, [, x]) => s + x, 0) > weightMax) model.shift();
          cache.set(key, w);
        } else {
          const i = model.findIndex(([k]) => k === key);
          if (i >= 0) model.push(...model.splice(i, 1));
          assert.equal(cache.get(key), i < 0 ? undefined : model[model.length - 1]![1]);
        }
        assert.equal(cache.size, model.length);
        assert.equal(cache.weight, model.reduce((s, [, x]) => s + x, 0));
        assert.ok(cache.weight <= weightMax);
      }
    }),
    { numRuns: 300 },
  );
});
