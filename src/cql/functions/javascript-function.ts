/**
 * A `LANGUAGE javascript` function as the CQL executor calls it: arguments turned into tagged JSON
 * (js-values.ts), the body run on the node's JavaScript host (javascript-host.ts: a worker thread
 * with bounded time and memory, the sandbox in javascript-sandbox.ts), the result read back as the
 * return type. A call that ran longer than the warn timeout warns the client.
 *
 * Messages, as Cassandra's (checked in apache/cassandra cql3/functions/ScriptBasedUDFunction.java
 * and UDFunction.java): "Failed to compile function 'ks.f' for language javascript: …" at CREATE;
 * a failing call is FUNCTION_FAILURE "execution of 'ks.f[int]' failed: <cause>", the cause of a
 * timeout being "TimeoutException: User defined function ks.f : (int) -> int ran longer than
 * 1500ms"; the warning "User defined function ks.f : (int) -> int ran longer than 500ms".
 * Cassandra has no memory bound for UDFs; Ilium's cause has the timeout's shape:
 * "OutOfMemoryError: User defined function ks.f : (int) -> int used more than 67108864 bytes of memory".
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { type HostFailure, type HostedFunction, type JavascriptHost, JavascriptHostFailure } from './javascript-host.js';
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

export class JavascriptFunction {
  private readonly hosted: HostedFunction;

  /** Compiles `body` on the host; InvalidRequestError "Failed to compile function …" when it is not JavaScript. */
  constructor(
    private readonly sig: JsSignature,
    name: string,
    source: string,
    private readonly host: JavascriptHost,
    compileTimeoutMs: number,
  ) {
    this.hosted = { id: host.newId(), name, source };
    try {
      host.compile(this.hosted, compileTimeoutMs);
    } catch (e) {
      if (e instanceof JavascriptHostFailure && e.failure.kind === 'error' && e.failure.compile) {
        throw new InvalidRequestError(`Failed to compile function '${name}' for language javascript: ${e.failure.text}`);
      }
      throw new InvalidRequestError(`Failed to compile function '${name}' for language javascript: ${e instanceof JavascriptHostFailure ? this.cause(e.failure, compileTimeoutMs) : String(e)}`);
    }
  }

  /** The result for serialized arguments; JsCallFailure when the script fails, times out or takes too much memory. */
  call(args: readonly (Buffer | null)[], env: JsCallEnv): Buffer | null {
    const values = args.map((a, i) => describeValue(this.sig.argumentTypes[i]!, a));
    const started = env.nowMs();
    let json: string;
    try {
      json = this.host.call(this.hosted, JSON.stringify({ names: this.sig.argumentNames, values }), env.failTimeoutMs);
    } catch (e) {
      if (e instanceof JavascriptHostFailure) throw new JsCallFailure(this.cause(e.failure, env.failTimeoutMs), { cause: e });
      throw e;
    }
    const tookMs = env.nowMs() - started;
    if (env.warnTimeoutMs > 0 && tookMs > env.warnTimeoutMs) env.warn(`User defined function ${this.sig.described} ran longer than ${env.warnTimeoutMs}ms`);
    try {
      return valueOfResult(this.sig.returnType, JSON.parse(json));
    } catch (e) {
      // JsResultTypeError (InvalidTypeException), or a MarshalError of a value the type refuses.
      throw new JsCallFailure(`${(e as Error).name}: ${(e as Error).message}`, { cause: e });
    }
  }

  private cause(f: HostFailure, failTimeoutMs: number): string {
    switch (f.kind) {
      case 'timeout':
        return `TimeoutException: User defined function ${this.sig.described} ran longer than ${failTimeoutMs}ms`;
      case 'memory':
        return `OutOfMemoryError: User defined function ${this.sig.described} used more than ${this.host.limits.callBytesMax} bytes of memory`;
      case 'error':
        return f.text;
    }
  }
}
