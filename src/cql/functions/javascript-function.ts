/**
 * A `LANGUAGE javascript` function body, run as Cassandra 3.x ran JavaScript UDFs (a script whose
 * last expression is the result, the arguments bound as variables), natively in a node:vm
 * context of its own: made once per function definition from a null-prototype object, with no
 * require, process, timers or I/O, code generation from strings off (no eval, no Function), and
 * only strings crossing in and out (javascript-prelude.ts says why). Each call runs under the
 * fail timeout (the vm's watchdog stops a loop that never ends); a call that ran longer than the
 * warn timeout warns the client.
 *
 * Messages, as Cassandra's (checked in apache/cassandra cql3/functions/ScriptBasedUDFunction.java
 * and UDFunction.java): "Failed to compile function 'ks.f' for language javascript: …" at CREATE;
 * a failing call is FUNCTION_FAILURE "execution of 'ks.f[int]' failed: <cause>", the cause of a
 * timeout being "TimeoutException: User defined function ks.f : (int) -> int ran longer than
 * 1500ms"; the warning "User defined function ks.f : (int) -> int ran longer than 500ms".
 */
import vm from 'node:vm';
import { types } from 'node:util';
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { JAVASCRIPT_PRELUDE } from './javascript-prelude.js';
import { describeValue, valueOfResult } from './js-values.js';

/** What a call needs from the node: its timeouts, a clock, and where warnings go. */
export interface JsCallEnv {
  readonly warnTimeoutMs: number;
  readonly failTimeoutMs: number;
  nowMs(): number;
  /** The client's warning (and the log's) for a slow call. */
  warn(message: string): void;
}

export interface JsSignature {
  /** `ks.f : (int) -> int`, as Cassandra prints a function. */
  readonly described: string;
  readonly argumentNames: readonly string[];
  readonly argumentTypes: readonly AbstractType[];
  readonly returnType: AbstractType;
}

/** A failed call: the cause as Cassandra's messages print it. */
export class JsCallFailure extends Error {}

const PRIMITIVES = new Set(['number', 'string', 'boolean', 'bigint', 'undefined']);
/** How long describing a thrown object may take (its getters run). */
const ERROR_TEXT_TIMEOUT_MS = 100;

export class JavascriptFunction {
  private readonly context: vm.Context;
  private readonly body: vm.Script;
  private readonly bind: (json: string) => void;
  private readonly hold: (v: unknown) => void;
  private static readonly result = new vm.Script('__ilium_result()');
  private static readonly errorText = new vm.Script('__ilium_error()');

  /** Compiles `body`; InvalidRequestError "Failed to compile function …" when it is not JavaScript. */
  constructor(
    private readonly sig: JsSignature,
    name: string,
    source: string,
  ) {
    try {
      this.body = new vm.Script(source, { filename: name });
    } catch (e) {
      throw new InvalidRequestError(`Failed to compile function '${name}' for language javascript: ${(e as Error).name}: ${(e as Error).message}`);
    }
    this.context = vm.createContext(Object.create(null) as object, { codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
    const hooks = new vm.Script(JAVASCRIPT_PRELUDE).runInContext(this.context) as { bind: (json: string) => void; hold: (v: unknown) => void };
    this.bind = hooks.bind;
    this.hold = hooks.hold;
  }

  /** The result for serialized arguments; JsCallFailure when the script fails or times out. */
  call(args: readonly (Buffer | null)[], env: JsCallEnv): Buffer | null {
    const values = args.map((a, i) => describeValue(this.sig.argumentTypes[i]!, a));
    try {
      this.bind(JSON.stringify({ names: this.sig.argumentNames, values }));
    } catch (e) {
      // An earlier call made a parameter's global non-configurable, or froze the global object.
      throw new JsCallFailure(this.describeThrown(e));
    }
    const started = env.nowMs();
    const r = this.run(this.body, env.failTimeoutMs, env.failTimeoutMs);
    let described: unknown = r;
    if (!PRIMITIVES.has(typeof r) && r !== null) {
      // An object result is described inside the context, within what is left of the timeout.
      this.hold(r);
      try {
        described = JSON.parse(String(this.run(JavascriptFunction.result, env.failTimeoutMs - (env.nowMs() - started), env.failTimeoutMs)));
      } finally {
        this.hold(undefined);
      }
    } else if (typeof r === 'number' && !Number.isFinite(r)) {
      described = { $n: String(r) };
    } else if (typeof r === 'bigint') {
      described = { $b: r.toString() };
    }
    const tookMs = env.nowMs() - started;
    if (env.warnTimeoutMs > 0 && tookMs > env.warnTimeoutMs) env.warn(`User defined function ${this.sig.described} ran longer than ${env.warnTimeoutMs}ms`);
    try {
      return valueOfResult(this.sig.returnType, described);
    } catch (e) {
      // JsResultTypeError (InvalidTypeException), or a MarshalError of a value the type refuses.
      throw new JsCallFailure(`${(e as Error).name}: ${(e as Error).message}`, { cause: e });
    }
  }

  /** Runs `script` for at most `timeoutMs` (what is left of the call's `failTimeoutMs`). */
  private run(script: vm.Script, timeoutMs: number, failTimeoutMs: number): unknown {
    try {
      return script.runInContext(this.context, { timeout: Math.max(1, Math.ceil(timeoutMs)) });
    } catch (e) {
      if (timedOut(e)) {
        throw new JsCallFailure(`TimeoutException: User defined function ${this.sig.described} ran longer than ${failTimeoutMs}ms`);
      }
      throw new JsCallFailure(this.describeThrown(e));
    }
  }

  /** What the script threw, as text: formatted inside the context, under a short timeout (a thrown object may have getters). */
  private describeThrown(e: unknown): string {
    if (e === null || PRIMITIVES.has(typeof e)) return String(e);
    if (isHostError(e)) return `${(e as Error).name}: ${(e as Error).message}`;
    this.hold(e);
    try {
      return String(JavascriptFunction.errorText.runInContext(this.context, { timeout: ERROR_TEXT_TIMEOUT_MS }));
    } catch {
      return 'an error that could not be described';
    } finally {
      this.hold(undefined);
    }
  }
}

/** The vm's timeout error (made in the context's realm): told by its own `code`, read without running any getter. */
function timedOut(e: unknown): boolean {
  if (typeof e !== 'object' || e === null || types.isProxy(e)) return false;
  const d = Object.getOwnPropertyDescriptor(e, 'code');
  return d !== undefined && 'value' in d && d.value === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/** An error object of the host's realm (the vm's own errors), told apart without running the script's code. */
function isHostError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && !types.isProxy(e) && e instanceof Error;
}
