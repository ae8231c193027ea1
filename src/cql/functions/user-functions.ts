/**
 * User-defined functions and aggregates as the executor calls them: the schema's definitions
 * (schema/function-defs.ts) turned into ScalarFunction / AggregateFunction, one per definition
 * and cached while the definition lives; which of them a call may mean; and where their
 * slow-call warnings go. One per node (CqlContext.userFunctions).
 *
 * Resolution, as Cassandra 4.0's FunctionResolver: `f(…)` considers the native f and the f
 * overloads of the statement's keyspace; `ks.f(…)` only ks's; `system.f(…)` only the native one.
 *
 * Calls, as Cassandra's UDFunction / UDAggregate (checked in apache/cassandra
 * cql3/functions/UDFunction.java and UDAggregate.java): a RETURNS NULL ON NULL INPUT function
 * given a null or empty argument returns null without running; an aggregate starts from INITCOND
 * (or null), skips a row when its state function returns null on null input and the state or an
 * argument is null, and ends with the final function of the state, or the state itself.
 * `LANGUAGE java` functions are kept in the schema, and refused when called. JavaScript bodies run
 * on the node's JavascriptHost (a worker thread; time and memory bounded per call).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { type AggregateDef, type FunctionDef, type KeyspaceDef, type Schema, sameSignature } from '../../schema/index.js';
import type { FunctionContext } from './function-context.js';
import { FunctionExecutionError } from './function-errors.js';
import type { AggregateFunction, CqlFunction, ScalarFunction } from './function-model.js';
import { describeFunction } from './function-model.js';
import type { UserCandidates } from './function-registry.js';
import { JavascriptFunction, JsCallFailure } from './javascript-function.js';
import type { JavascriptHost } from './javascript-host.js';
import type { UdfSettings } from './udf-settings.js';

/** User-defined functions read no time or ids from the node: aggregates call theirs without a context. */
const NO_CONTEXT: FunctionContext = Object.freeze({
  nowMs: () => 0,
  nextTimeUuid: () => Buffer.alloc(16),
  randomUuid: () => Buffer.alloc(16),
});

export interface UserFunctionName {
  readonly keyspace: string | null;
  readonly name: string;
}

export class UserFunctions {
  private readonly scalars = new WeakMap<FunctionDef, ScalarFunction>();
  private readonly aggregates = new WeakMap<AggregateDef, { readonly deps: readonly (FunctionDef | undefined)[]; readonly fn: AggregateFunction }>();
  private readonly warnings = new AsyncLocalStorage<(message: string) => void>();

  constructor(
    readonly settings: UdfSettings,
    private readonly clock: { nowMs(): number },
    private readonly log: (message: string) => void,
    /** Where JavaScript bodies run (a worker thread with bounded time and memory). */
    private readonly host: JavascriptHost,
  ) {}

  /** Runs `body` (a client's statement, QueryProcessor.run) with slow-call warnings going to `warn` (that client). */
  withWarnings<T>(warn: (message: string) => void, body: () => T): T {
    // Only where JavaScript bodies may run: the first AsyncLocalStorage.run turns on Node's promise
    // hooks for the whole process, which cost every request ~7% of its CPU (a bench:cql profile).
    if (!this.settings.enabled || !this.settings.scriptedEnabled) return body();
    return this.warnings.run(warn, body);
  }

  /** Ends the thread JavaScript bodies run on (the node's close). */
  close(): Promise<void> {
    return this.host.close();
  }

  /** Compiles a javascript body now (CREATE FUNCTION refuses one that does not compile). */
  check(def: FunctionDef): void {
    if (def.language === 'javascript') this.javascript(def);
  }

  /** The overloads a call to `name` may mean besides the native ones, or null for natives only. */
  candidates(schema: Schema, name: UserFunctionName, statementKeyspace: string | undefined): UserCandidates | null {
    if (name.keyspace === 'system') return null;
    const keyspace = name.keyspace ?? statementKeyspace;
    const ks = keyspace === undefined ? undefined : schema.keyspace(keyspace);
    const defs = ks?.functions.filter((d) => d.name === name.name) ?? [];
    if (name.keyspace === null && defs.length === 0) return null;
    const functions = defs.map((d) => this.function(d, ks!));
    return { functions, natives: name.keyspace === null, written: name.keyspace === null ? name.name : `${name.keyspace}.${name.name}` };
  }

  function(def: FunctionDef | AggregateDef, ks: KeyspaceDef): CqlFunction {
    return def.kind === 'function' ? this.scalar(def) : this.aggregate(def, ks);
  }

  scalar(def: FunctionDef): ScalarFunction {
    let fn = this.scalars.get(def);
    if (fn === undefined) {
      fn = this.makeScalar(def);
      this.scalars.set(def, fn);
    }
    return fn;
  }

  aggregate(def: AggregateDef, ks: KeyspaceDef): AggregateFunction {
    const deps = [stateFunctionOf(def, ks), finalFunctionOf(def, ks)];
    const cached = this.aggregates.get(def);
    if (cached !== undefined && cached.deps[0] === deps[0] && cached.deps[1] === deps[1]) return cached.fn;
    const fn = this.makeAggregate(def, deps[0], deps[1]);
    this.aggregates.set(def, { deps, fn });
    return fn;
  }

  private makeScalar(def: FunctionDef): ScalarFunction {
    const base = { kind: 'scalar' as const, name: def.name, keyspace: def.keyspace, argTypes: def.argumentTypes, returnType: def.returnType, deterministic: false };
    let js: JavascriptFunction | undefined;
    const fn: ScalarFunction = Object.freeze({
      ...base,
      execute: (args: readonly (Buffer | null)[], _ctx: FunctionContext): Buffer | null => {
        if (!def.calledOnNullInput && args.some((a, i) => a === null || (a.length === 0 && !emptyAllowed(def, i)))) return null;
        if (def.language !== 'javascript') {
          throw new InvalidRequestError(`Function ${def.keyspace}.${def.name} is written in LANGUAGE ${def.language}, which Ilium keeps in the schema but cannot run (only LANGUAGE javascript functions run)`);
        }
        js ??= this.javascript(def);
        try {
          return js.call(args, { ...this.settings, nowMs: () => this.clock.nowMs(), warn: (m) => this.warn(m) });
        } catch (e) {
          if (e instanceof JsCallFailure) throw FunctionExecutionError.of(fn, e.message, e);
          throw e;
        }
      },
    });
    return fn;
  }

  private makeAggregate(def: AggregateDef, stateDef: FunctionDef | undefined, finalDef: FunctionDef | undefined): AggregateFunction<Buffer | null> {
    if (stateDef === undefined) throw new InvalidRequestError(`State function ${def.keyspace}.${def.stateFunction} of aggregate ${def.keyspace}.${def.name} doesn't exist`);
    const sfunc = this.scalar(stateDef);
    const ffunc = finalDef === undefined ? null : this.scalar(finalDef);
    return Object.freeze({
      kind: 'aggregate' as const,
      name: def.name,
      keyspace: def.keyspace,
      argTypes: def.argumentTypes,
      returnType: def.returnType,
      uses: ffunc === null ? [sfunc] : [sfunc, ffunc],
      init: () => def.initcond,
      // A state function that returns null on null input leaves the state as it was for such a row.
      add: (state: Buffer | null, args: readonly (Buffer | null)[]) => {
        const all = [state, ...args];
        if (!stateDef.calledOnNullInput && all.some((a, i) => a === null || (a.length === 0 && !emptyAllowed(stateDef, i)))) return state;
        return sfunc.execute(all, NO_CONTEXT);
      },
      result: (state: Buffer | null) => (ffunc === null ? state : ffunc.execute([state], NO_CONTEXT)),
    });
  }

  private javascript(def: FunctionDef): JavascriptFunction {
    const sig = { described: describeFunction({ name: def.name, keyspace: def.keyspace, argTypes: def.argumentTypes, returnType: def.returnType }), argumentNames: def.argumentNames, argumentTypes: def.argumentTypes, returnType: def.returnType };
    return new JavascriptFunction(sig, `${def.keyspace}.${def.name}`, def.body, this.host, this.settings.failTimeoutMs);
  }

  private warn(message: string): void {
    this.log(message);
    this.warnings.getStore()?.(message);
  }
}

/** Text types keep empty values (UDHelper.isNullOrEmpty counts only the others' empty values as null). */
function emptyAllowed(def: FunctionDef, i: number): boolean {
  const t = def.argumentTypes[i];
  return t !== undefined && (t.cqlName === 'text' || t.cqlName === 'ascii' || t.cqlName === 'blob' || t.cqlName === 'varchar');
}

/** The aggregate's state function: (stateType, …argumentTypes) in its keyspace. */
export function stateFunctionOf(def: AggregateDef, ks: KeyspaceDef): FunctionDef | undefined {
  return findFunction(ks, def.stateFunction, [def.stateType, ...def.argumentTypes]);
}

export function finalFunctionOf(def: AggregateDef, ks: KeyspaceDef): FunctionDef | undefined {
  return def.finalFunction === null ? undefined : findFunction(ks, def.finalFunction, [def.stateType]);
}

function findFunction(ks: KeyspaceDef, name: string, types: readonly AbstractType[]): FunctionDef | undefined {
  return ks.functions.find((d): d is FunctionDef => d.kind === 'function' && d.name === name && sameSignature(d.argumentTypes, types));
}
