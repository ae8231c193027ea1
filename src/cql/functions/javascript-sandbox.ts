/**
 * The JavaScript UDF bodies of one worker thread (javascript-worker.ts), as Cassandra 3.x ran
 * JavaScript UDFs: a script whose last expression is the result, the arguments bound as
 * variables, each function in a node:vm context of its own made from a null-prototype object,
 * with no require, process, timers or I/O, code generation from strings off (no eval, no
 * Function), and only strings crossing in and out (javascript-prelude.ts says why).
 *
 * Nothing here stops a call that runs too long or takes too much memory: the host
 * (javascript-host.ts) ends the whole thread for that, which also spares every call the vm
 * watchdog thread a `timeout` option starts (~170 µs a call measured on this machine, against
 * ~1.3 µs for the script itself).
 *
 * At most CONTEXTS_MAX contexts are kept (least recently used dropped): a dropped function's
 * next call answers `missing` and the host compiles it again.
 */
import vm from 'node:vm';
import { types } from 'node:util';
import { JAVASCRIPT_PRELUDE } from './javascript-prelude.js';

/** How many compiled functions a worker keeps (each context is a few hundred KB of its heap). */
export const CONTEXTS_MAX = 64;
/** A result's tagged JSON is at most this many characters (a text or blob result of ~16 MB, or half that as hex). */
export const RESULT_CHARS_MAX = 16 * 1024 * 1024;

/** What the host asks: compile a body as function `id`, or call function `id` with its arguments as tagged JSON. */
export type SandboxRequest =
  | { readonly op: 'compile'; readonly id: number; readonly name: string; readonly source: string }
  | { readonly op: 'call'; readonly id: number; readonly args: string };

/**
 * The answer: `compiled`; `result`, the tagged JSON of the result; `error`, the failure's text
 * (as Cassandra's messages print it); `missing` when function `id` is not (or no longer) compiled.
 */
export type SandboxAnswer =
  | { readonly kind: 'compiled' }
  | { readonly kind: 'result'; readonly json: string }
  | { readonly kind: 'error'; readonly text: string; readonly compile?: boolean }
  | { readonly kind: 'missing' };

interface Compiled {
  readonly context: vm.Context;
  readonly body: vm.Script;
  readonly bind: (json: string) => void;
  readonly hold: (v: unknown) => void;
}

const PRIMITIVES = new Set(['number', 'string', 'boolean', 'bigint', 'undefined']);
/** How long describing a thrown object may take (its getters run): the one vm timeout left, on failing calls only. */
const ERROR_TEXT_TIMEOUT_MS = 100;
const RESULT = new vm.Script('__ilium_result()');
const ERROR_TEXT = new vm.Script('__ilium_error()');

export class JavascriptSandbox {
  /** In use order, oldest first (a Map keeps insertion order). */
  private readonly compiled = new Map<number, Compiled>();

  handle(request: SandboxRequest): SandboxAnswer {
    return request.op === 'compile' ? this.compile(request.id, request.name, request.source) : this.call(request.id, request.args);
  }

  private compile(id: number, name: string, source: string): SandboxAnswer {
    let body: vm.Script;
    try {
      body = new vm.Script(source, { filename: name });
    } catch (e) {
      return { kind: 'error', text: `${(e as Error).name}: ${(e as Error).message}`, compile: true };
    }
    const context = vm.createContext(Object.create(null) as object, { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
    const hooks = new vm.Script(JAVASCRIPT_PRELUDE).runInContext(context) as { bind: (json: string) => void; hold: (v: unknown) => void };
    this.compiled.delete(id);
    this.compiled.set(id, { context, body, bind: hooks.bind, hold: hooks.hold });
    if (this.compiled.size > CONTEXTS_MAX) this.compiled.delete(this.compiled.keys().next().value!);
    return { kind: 'compiled' };
  }

  private call(id: number, args: string): SandboxAnswer {
    const fn = this.compiled.get(id);
    if (fn === undefined) return { kind: 'missing' };
    this.compiled.delete(id);
    this.compiled.set(id, fn);
    try {
      // An earlier call may have made a parameter's global non-configurable, or frozen the global object.
      fn.bind(args);
      const json = describedJson(fn, fn.body.runInContext(fn.context));
      if (json.length > RESULT_CHARS_MAX) return { kind: 'error', text: `RangeError: the result is larger than ${RESULT_CHARS_MAX} characters` };
      return { kind: 'result', json };
    } catch (e) {
      return { kind: 'error', text: describeThrown(fn, e) };
    }
  }
}

/** The result as tagged JSON (js-values.ts reads it): an object is described inside its context. */
function describedJson(fn: Compiled, r: unknown): string {
  if (typeof r === 'number' && !Number.isFinite(r)) return JSON.stringify({ $n: String(r) });
  if (typeof r === 'bigint') return JSON.stringify({ $b: r.toString() });
  if (r === undefined) return 'null';
  if (PRIMITIVES.has(typeof r) || r === null) return JSON.stringify(r);
  fn.hold(r);
  try {
    return String(RESULT.runInContext(fn.context));
  } finally {
    fn.hold(undefined);
  }
}

/** What the script threw, as text: formatted inside the context (a thrown object may have getters). */
function describeThrown(fn: Compiled, e: unknown): string {
  if (e === null || PRIMITIVES.has(typeof e)) return String(e);
  if (isHostError(e)) return `${(e as Error).name}: ${(e as Error).message}`;
  fn.hold(e);
  try {
    return String(ERROR_TEXT.runInContext(fn.context, { timeout: ERROR_TEXT_TIMEOUT_MS }));
  } catch {
    return 'an error that could not be described';
  } finally {
    fn.hold(undefined);
  }
}

/** An error object of the host's realm (the vm's own errors), told apart without running the script's code. */
function isHostError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && !types.isProxy(e) && e instanceof Error;
}
