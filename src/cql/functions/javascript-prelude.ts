/**
 * The script every JavaScript UDF context runs first, before any user code: it captures the
 * intrinsics it needs (so a function that redefines Map, JSON or Array.prototype cannot intercept
 * the conversions), removes what could block or escape (Atomics, SharedArrayBuffer,
 * WebAssembly), caps the ArrayBuffers a function may make (ARRAY_BUFFER_BYTES_MAX) and the strings repeat and
 * padStart/padEnd make (STRING_CHARS_MAX), and hands
 * back two functions the host keeps:
 *
 *   bind(json)  — the call's arguments, as tagged JSON (js-values.ts), become global variables
 *                 named after the parameters (as Cassandra bound them in the script's scope);
 *   hold(value) — keeps the body's result (or what it threw) for `__ilium_result()` (or
 *                 `__ilium_error()`), non-writable globals the host runs under the timeout to turn
 *                 an object result into tagged JSON (a thrown value into text).
 *
 * Only strings cross between the host and the context, never objects: an object of the host's
 * realm inside the context would lead back to the host's Function constructor.
 *
 * A result is bounded: at most RESULT_VALUES_MAX values, 64 levels deep.
 *
 * Tags: {"$b": "123"} BigInt, {"$d": ms} Date, {"$x": hex} bytes, {"$n": "NaN"} non-finite
 * number, {"$l": […]} array, {"$s": […]} Set, {"$m": [[k, v], …]} Map, {"$o": {…}} object.
 */
/** A typed array or ArrayBuffer a function makes is at most this many bytes (the host's call bound, javascript-host.ts). */
export const ARRAY_BUFFER_BYTES_MAX = 64 * 1024 * 1024;
/** String.prototype.repeat, padStart and padEnd make at most this many characters. */
export const STRING_CHARS_MAX = 32 * 1024 * 1024;
/** A result is at most this many values (elements, entries, fields, counted through nesting). */
export const RESULT_VALUES_MAX = 100_000;

export const JAVASCRIPT_PRELUDE = `(function (global) {
  'use strict';
  const defineProperty = Object.defineProperty, ownKeys = Object.keys, apply = Reflect.apply;
  const parse = JSON.parse, stringify = JSON.stringify, isArray = Array.isArray;
  const MapC = Map, SetC = Set, DateC = Date, BigIntC = BigInt, U8 = Uint8Array, AB = ArrayBuffer, NumberC = Number, parseIntC = parseInt;
  const mapSet = Map.prototype.set, setAdd = Set.prototype.add, getTime = Date.prototype.getTime;
  const mapEntries = Map.prototype.entries, setValues = Set.prototype.values, iterNext = Object.getPrototypeOf(new Map().entries()).next;
  const setIterNext = Object.getPrototypeOf(new Set().values()).next, bigToString = BigInt.prototype.toString;
  const numToString = Number.prototype.toString, isFinite = Number.isFinite;
  delete global.Atomics; delete global.SharedArrayBuffer; delete global.WebAssembly;
  capBuffers(global);
  capStrings(global.String.prototype);
  let held;
  // The same for the string builtins that make a long string from a short one in one call; others
  // (join, concat) are held by the heap cap and V8's longest string (2^29 - 24 characters).
  function capStrings(proto) {
    const ops = [['repeat', function (s, a) { return s.length * a[0]; }], ['padStart', function (s, a) { return a[0]; }], ['padEnd', function (s, a) { return a[0]; }]];
    for (let i = 0; i < ops.length; i++) {
      const name = ops[i][0], size = ops[i][1], original = proto[name], StringC = String, RangeErrorC = RangeError;
      defineProperty(proto, name, { value: { [name]: function () { const s = StringC(this); if (size(s, arguments) > ${STRING_CHARS_MAX}) throw new RangeErrorC('a string of more than ${STRING_CHARS_MAX} characters'); return apply(original, s, arguments); } }[name], writable: true, configurable: true });
    }
  }
  // One builtin call (new Float64Array(n).fill(1)) can touch gigabytes before the host's next
  // memory sample, and nothing interrupts it: every way to a new ArrayBuffer goes through a
  // constructor checked here (slice and the like reach it through 'constructor' and species).
  function capBuffers(g) {
    const names = ['ArrayBuffer', 'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array', 'Uint8ClampedArray', 'BigUint64Array', 'BigInt64Array'];
    const construct = Reflect.construct, getPrototypeOf = Object.getPrototypeOf, setPrototypeOf = Object.setPrototypeOf, RangeErrorC = RangeError;
    for (let i = 0; i < names.length; i++) {
      const Intrinsic = g[names[i]], unit = Intrinsic.BYTES_PER_ELEMENT || 1;
      const checked = function (a, b, c) {
        if (new.target === undefined) throw new TypeError('Constructor ' + names[i] + " requires 'new'");
        let bytes = 0;
        if (typeof a === 'number') bytes = a * unit;
        else if (a !== null && typeof a === 'object' && !(a instanceof AB) && typeof a.length === 'number') bytes = a.length * unit;
        if (unit === 1 && names[i] === 'ArrayBuffer' && b !== null && typeof b === 'object' && typeof b.maxByteLength === 'number') bytes = b.maxByteLength > bytes ? b.maxByteLength : bytes;
        if (bytes > ${ARRAY_BUFFER_BYTES_MAX}) throw new RangeErrorC(names[i] + ' of more than ${ARRAY_BUFFER_BYTES_MAX} bytes');
        return construct(Intrinsic, arguments.length > 2 ? [a, b, c] : arguments.length > 1 ? [a, b] : arguments.length > 0 ? [a] : []);
      };
      setPrototypeOf(checked, getPrototypeOf(Intrinsic));
      defineProperty(checked, 'prototype', { value: Intrinsic.prototype });
      defineProperty(checked, 'name', { value: names[i] });
      if (unit > 1 || names[i] !== 'ArrayBuffer') defineProperty(checked, 'BYTES_PER_ELEMENT', { value: unit });
      else defineProperty(checked, 'isView', { value: Intrinsic.isView });
      defineProperty(Intrinsic.prototype, 'constructor', { value: checked, writable: false, configurable: false });
      defineProperty(g, names[i], { value: checked, writable: true, configurable: true });
    }
  }
  function put(o, k, v) { defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true }); }
  function revive(d) {
    if (d === null || typeof d !== 'object') return d;
    if ('$b' in d) return BigIntC(d.$b);
    if ('$d' in d) return new DateC(d.$d);
    if ('$n' in d) return NumberC(d.$n);
    if ('$x' in d) { const h = d.$x, b = new U8(h.length / 2); for (let i = 0; i < b.length; i++) b[i] = parseIntC(h.substr(i * 2, 2), 16); return b; }
    if ('$l' in d) { const a = []; for (let i = 0; i < d.$l.length; i++) put(a, i, revive(d.$l[i])); return a; }
    if ('$s' in d) { const s = new SetC(); for (let i = 0; i < d.$s.length; i++) apply(setAdd, s, [revive(d.$s[i])]); return s; }
    if ('$m' in d) { const m = new MapC(); for (let i = 0; i < d.$m.length; i++) apply(mapSet, m, [revive(d.$m[i][0]), revive(d.$m[i][1])]); return m; }
    const o = {}; const ks = ownKeys(d.$o); for (let i = 0; i < ks.length; i++) put(o, ks[i], revive(d.$o[ks[i]])); return o;
  }
  let values = 0;
  function describe(v, depth) {
    if (depth > 64) throw new RangeError('result nested too deeply');
    if (++values > ${RESULT_VALUES_MAX}) throw new RangeError('result has more than ${RESULT_VALUES_MAX} values');
    const t = typeof v;
    if (t === 'bigint') return { $b: apply(bigToString, v, []) };
    if (t === 'number') return isFinite(v) ? v : { $n: apply(numToString, v, []) };
    if (v === null || t !== 'object') return t === 'undefined' || t === 'function' || t === 'symbol' ? null : v;
    if (v instanceof DateC) return { $d: apply(getTime, v, []) };
    if (v instanceof U8 || v instanceof AB) { const b = v instanceof AB ? new U8(v) : v; let h = ''; for (let i = 0; i < b.length; i++) h += (b[i] < 16 ? '0' : '') + apply(numToString, b[i], [16]); return { $x: h }; }
    if (isArray(v)) { const a = []; for (let i = 0; i < v.length; i++) put(a, i, describe(v[i], depth + 1)); return { $l: a }; }
    if (v instanceof SetC) { const a = []; const it = apply(setValues, v, []); for (let r = apply(setIterNext, it, []); !r.done; r = apply(setIterNext, it, [])) put(a, a.length, describe(r.value, depth + 1)); return { $s: a }; }
    if (v instanceof MapC) { const a = []; const it = apply(mapEntries, v, []); for (let r = apply(iterNext, it, []); !r.done; r = apply(iterNext, it, [])) put(a, a.length, [describe(r.value[0], depth + 1), describe(r.value[1], depth + 1)]); return { $m: a }; }
    const o = {}; const ks = ownKeys(v); for (let i = 0; i < ks.length; i++) put(o, ks[i], describe(v[ks[i]], depth + 1)); return { $o: o };
  }
  defineProperty(global, '__ilium_result', { value: function () { values = 0; return stringify(describe(held, 0)); } });
  defineProperty(global, '__ilium_error', { value: function () {
    try { const e = held; return e instanceof Error ? String(e.name) + ': ' + String(e.message) : String(e); } catch (x) { return 'an error that could not be described'; }
  } });
  return {
    bind: function (json) { const c = parse(json); for (let i = 0; i < c.names.length; i++) defineProperty(global, c.names[i], { value: revive(c.values[i]), writable: true, enumerable: true, configurable: true }); },
    hold: function (v) { held = v; },
  };
})(this)`;
