/** The JavaScript host: calls on its worker thread, the time and memory bounds, and a thread replaced after each failure. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type HostFailure, type HostedFunction, JavascriptHost, JavascriptHostFailure } from './javascript-host.js';
import { ARRAY_BUFFER_BYTES_MAX, STRING_CHARS_MAX } from './javascript-prelude.js';
import { RESULT_CHARS_MAX } from './javascript-sandbox.js';

const NO_ARGS = JSON.stringify({ names: ['x'], values: [1] });
let ids = 1000;
const fn = (source: string): HostedFunction => ({ id: ids++, name: 'ks.f', source });

function failure(run: () => unknown): HostFailure {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof JavascriptHostFailure, String(e));
    return e.failure;
  }
  assert.fail('the call did not fail');
}

async function withHost(body: (host: JavascriptHost) => Promise<void> | void): Promise<void> {
  const host = new JavascriptHost();
  try {
    await body(host);
  } finally {
    await host.close();
  }
}

test('calls run on one thread, compiled once; a compile error names the cause', () =>
  withHost((host) => {
    const twice = fn('x * 2');
    assert.equal(host.call(twice, NO_ARGS, 1500), '2');
    assert.equal(host.call(twice, JSON.stringify({ names: ['x'], values: [21] }), 1500), '42');
    assert.equal(host.call(fn('[x, "a", new Map([[1, 2]])]'), NO_ARGS, 1500), '{"$l":[1,"a",{"$m":[[1,2]]}]}');
    assert.equal(host.threadsStarted, 1);
    assert.deepEqual(failure(() => host.compile(fn('x +'), 1500)), { kind: 'error', text: 'SyntaxError: Unexpected end of input', compile: true });
  }));

test('a call past its fail timeout ends the thread; the next call gets a new one and its function compiled again', () =>
  withHost((host) => {
    const twice = fn('x * 2');
    assert.equal(host.call(twice, NO_ARGS, 1500), '2');
    const began = performance.now();
    assert.deepEqual(failure(() => host.call(fn('while (true) {}'), NO_ARGS, 300)), { kind: 'timeout' });
    const tookMs = performance.now() - began;
    assert.ok(tookMs >= 300 && tookMs < 1000, `failed after ${tookMs} ms`);
    assert.equal(host.call(twice, NO_ARGS, 1500), '2', 'recompiled on the new thread');
    assert.equal(host.threadsStarted, 2);
  }));

test('a call growing the heap or ArrayBuffers past callBytesMax fails as memory, long before its timeout, and the node keeps its memory', () =>
  withHost((host) => {
    const rssBefore = process.memoryUsage.rss();
    for (const source of ['var a = []; while (true) a.push(new Array(1e6).fill(1))', 'var a = []; while (true) a.push(new Uint8Array(1e7).fill(1))', 'var s = []; while (true) s.push("x".repeat(1e6) + Math.random())']) {
      const began = performance.now();
      assert.deepEqual(failure(() => host.call(fn(source), NO_ARGS, 10_000)), { kind: 'memory' }, source);
      const tookMs = performance.now() - began;
      assert.ok(tookMs < 5000, `${source}: failed after ${tookMs} ms`);
    }
    assert.equal(host.call(fn('x + 1'), NO_ARGS, 1500), '2', 'the next call is served by a new thread');
    const grownMb = (process.memoryUsage.rss() - rssBefore) / 2 ** 20;
    console.log(`RSS after three memory failures: +${grownMb.toFixed(1)} MiB`);
    assert.ok(grownMb < 200, `RSS grew ${grownMb} MiB`);
  }));

test('one builtin call cannot make a huge buffer or string (no memory sample could stop it): refused; smaller ones and views work', () =>
  withHost((host) => {
    const rssBefore = process.memoryUsage.rss();
    const refused = (source: string, what: string) => assert.deepEqual(failure(() => host.call(fn(source), NO_ARGS, 5000)), { kind: 'error', text: `RangeError: ${what}`, compile: false }, source);
    for (const source of ['new Float64Array(1.5e8).fill(1)', 'Float64Array.from({ length: 1.5e8 })']) refused(source, `Float64Array of more than ${ARRAY_BUFFER_BYTES_MAX} bytes`);
    refused('new ArrayBuffer(8, { maxByteLength: 1e9 })', `ArrayBuffer of more than ${ARRAY_BUFFER_BYTES_MAX} bytes`);
    refused('"x".repeat(5e8).length', `a string of more than ${STRING_CHARS_MAX} characters`);
    refused('"x".padEnd(5e8).length', `a string of more than ${STRING_CHARS_MAX} characters`);
    assert.ok(process.memoryUsage.rss() - rssBefore < 64 * 2 ** 20, 'nothing was touched');
    const works = '[new Uint8Array([1, 2, 3]).map(function (v) { return v * 2; })[2], new Float64Array(4).subarray(1).length, new Uint8Array(new ArrayBuffer(16), 4, 4).length, new Uint8Array(1).constructor === Uint8Array, "ab".repeat(2), "7".padStart(3, "0")]';
    assert.equal(host.call(fn(works), NO_ARGS, 5000), '{"$l":[6,3,4,true,"abab","007"]}');
  }));

test('a result over RESULT_CHARS_MAX fails', () =>
  withHost((host) => {
    assert.deepEqual(failure(() => host.call(fn(`"x".repeat(${RESULT_CHARS_MAX / 2}) + "x".repeat(${RESULT_CHARS_MAX / 2})`), NO_ARGS, 5000)), { kind: 'error', text: `RangeError: the result is larger than ${RESULT_CHARS_MAX} characters`, compile: false });
  }));

test('a thread keeping more than retainedBytesMax between calls is retired after answering; its calls are all served', () =>
  withHost((host) => {
    const keeper = fn('if (typeof kept === "undefined") this.kept = []; kept.push(new Uint8Array(40 * 1024 * 1024).fill(1)); kept.length');
    const answers = [0, 1, 2, 3].map(() => host.call(keeper, NO_ARGS, 5000));
    // 96 MiB is passed at the second or third 40 MiB kept (with the heap's garbage): a later call finds its global gone.
    assert.deepEqual(answers.slice(0, 2), ['1', '2']);
    assert.ok(answers.slice(2).includes('1'), `answers ${answers.join()}`);
    assert.equal(host.threadsStarted, 2);
  }));

test('a closed host ends its thread and refuses calls', async () => {
  const host = new JavascriptHost();
  assert.equal(host.call(fn('x'), NO_ARGS, 1500), '1');
  await host.close();
  assert.equal(host.threadKept, false);
  assert.equal(failure(() => host.call(fn('x'), NO_ARGS, 1500)).kind, 'error');
});

test('a thread Node ends at its heap cap (before a memory sample sees it) fails the call at its timeout; the next call gets a new thread', async () => {
  const host = new JavascriptHost({ callBytesMax: 2 ** 40, retainedBytesMax: 2 ** 40, heapMb: 32 });
  try {
    const began = performance.now();
    assert.deepEqual(failure(() => host.call(fn('var a = []; while (true) a.push(new Array(1e5).fill(x))'), NO_ARGS, 1500)), { kind: 'timeout' });
    assert.ok(performance.now() - began < 3000);
    assert.equal(host.call(fn('x + 1'), NO_ARGS, 1500), '2');
    assert.equal(host.threadsStarted, 2);
  } finally {
    await host.close();
  }
});
