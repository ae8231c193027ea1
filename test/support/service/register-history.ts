/**
 * A linearizability checker for one compare-and-set register with unique written values. Every
 * operation is CAS(expected → next) with its real-time interval and outcome: applied, not
 * applied (with the value it saw), or unknown (a timeout: it may or may not have taken effect,
 * any time after it started). The history is linearizable iff
 *   - the applied operations, with some of the unknown ones, chain from the initial value
 *     (each expects what the previous one wrote) and use every applied operation;
 *   - the chain respects real time: no operation completes before an earlier link started;
 *   - each not-applied operation saw a value of the chain while it was current, some time within
 *     the operation's interval, and that value was not what it expected.
 * Values are unique, so the chain is nearly forced; the unknown operations it may include are
 * searched depth-first.
 */
export interface CasOp {
  readonly id: string;
  readonly startMs: number;
  /** Infinity for unknown outcomes. */
  readonly endMs: number;
  readonly expected: string | null;
  readonly next: string;
  readonly outcome: { readonly kind: 'applied' } | { readonly kind: 'failed'; readonly saw: string | null } | { readonly kind: 'unknown' };
}

export interface CheckResult {
  readonly ok: boolean;
  readonly chain: readonly string[];
  readonly problems: readonly string[];
}

export function checkRegisterHistory(ops: readonly CasOp[], initial: string | null = null): CheckResult {
  const problems: string[] = [];
  const nexts = new Set<string>();
  for (const o of ops) {
    if (nexts.has(o.next)) problems.push(`value ${o.next} written by two operations`);
    nexts.add(o.next);
  }
  if (problems.length > 0) return { ok: false, chain: [], problems };
  const writers = ops.filter((o) => o.outcome.kind !== 'failed');
  const appliedCount = ops.filter((o) => o.outcome.kind === 'applied').length;
  let best: { chain: CasOp[]; problems: string[] } | null = null;
  const search = (cur: string | null, chain: CasOp[], used: Set<CasOp>, budget: { n: number }): boolean => {
    if (budget.n-- <= 0) return false;
    const candidates = writers.filter((o) => !used.has(o) && o.expected === cur);
    const applied = candidates.filter((o) => o.outcome.kind === 'applied');
    if (applied.length > 1) {
      best ??= { chain: [...chain], problems: [`${applied.map((o) => o.id).join(' and ')} both applied on ${cur}`] };
      return false;
    }
    const options = applied.length === 1 ? applied : [...candidates, null];
    for (const o of options) {
      if (o === null) {
        const found = verify(ops, initial, chain, appliedCount);
        if (found.length === 0) {
          best = { chain: [...chain], problems: [] };
          return true;
        }
        if (best === null || best.chain.length < chain.length) best = { chain: [...chain], problems: found };
        continue;
      }
      used.add(o);
      chain.push(o);
      if (search(o.next, chain, used, budget)) return true;
      chain.pop();
      used.delete(o);
    }
    return false;
  };
  const ok = search(initial, [], new Set(), { n: 100_000 });
  const b = best as { chain: CasOp[]; problems: string[] } | null;
  return { ok, chain: (b?.chain ?? []).map((o) => o.id), problems: ok ? [] : (b?.problems ?? ['no chain found']) };
}

function verify(ops: readonly CasOp[], initial: string | null, chain: readonly CasOp[], appliedCount: number): string[] {
  const problems: string[] = [];
  const inChain = chain.filter((o) => o.outcome.kind === 'applied').length;
  if (inChain !== appliedCount) problems.push(`only ${inChain} of ${appliedCount} applied operations chain from ${initial}`);
  for (let i = 0; i < chain.length; i++) {
    for (let j = i + 1; j < chain.length; j++) {
      if (chain[j]!.endMs < chain[i]!.startMs) problems.push(`${chain[j]!.id} ended before ${chain[i]!.id} (earlier in the chain) started`);
    }
  }
  // The register's states: states[k] is current from chain[k-1] to chain[k].
  const states = [initial, ...chain.map((o) => o.next)];
  for (const o of ops) {
    if (o.outcome.kind !== 'failed') continue;
    const saw = o.outcome.saw;
    if (saw === o.expected) {
      problems.push(`${o.id} saw ${saw}, what it expected, and did not apply`);
      continue;
    }
    const k = states.indexOf(saw);
    if (k < 0) {
      problems.push(`${o.id} saw ${saw}, never a value of the register`);
      continue;
    }
    const writer = k === 0 ? null : chain[k - 1]!;
    const overwriter = chain[k] ?? null;
    if (writer !== null && writer.startMs > o.endMs) problems.push(`${o.id} saw ${saw} before ${writer.id} wrote it`);
    if (overwriter !== null && overwriter.endMs < o.startMs) problems.push(`${o.id} saw ${saw} after ${overwriter.id} had replaced it`);
  }
  return problems;
}
