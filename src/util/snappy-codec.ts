/**
 * The snappy addon, loaded on first use: tables default to LZ4 and drivers rarely ask for Snappy
 * frames, so `ilium start` does not map the addon at start (6.7 MiB of idle RSS,
 * docs/PERFORMANCE.md "bench:start"). A synchronous require (snappy is a CommonJS addon) keeps the
 * callers' synchronous chunk and frame codecs as they are; Node's module cache makes every call
 * after the first a lookup.
 */
import { createRequire } from 'node:module';

type Snappy = typeof import('snappy');

const require = createRequire(import.meta.url);

export function snappyCodec(): Snappy {
  return require('snappy') as Snappy;
}
