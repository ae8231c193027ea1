/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof`) and prints where the time went: the top
 * functions by self time, and the top by total time (self + callees, each counted once per
 * sample), with the file they live in. Used to read bench:cql's server profiles.
 *
 *   node dist/bench/cpu-profile-summary.js FILE.cpuprofile [--top=40] [--callers=NAME]
 *
 * `--callers=NAME` shows instead who calls the functions named NAME, by their self time.
 * `--under=NAME` keeps only the samples taken inside a function named NAME (its callees' self
 * and total times, as a share of all samples): one request path out of a mixed profile.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' }, callers: { type: 'string' }, under: { type: 'string' } } });
const top = Number(values.top);
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode): string => {
  const file = n.callFrame.url.replace(/^.*\/(dist|node_modules)\//, '$1/').replace(/^file:\/\//, '');
  return `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber + 1}`;
};

const self = new Map<string, number>();
/** Self time of the functions named --callers, by the caller's label (two levels up). */
const callers = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
const within = (leaf: ProfileNode, name: string): boolean => {
  for (let n: ProfileNode | undefined = leaf; n !== undefined; n = byId.get(parent.get(n.id) ?? -1)) if (n.callFrame.functionName === name) return true;
  return false;
};
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  all += dt;
  const leaf = byId.get(id)!;
  if (values.under !== undefined && !within(leaf, values.under)) return;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
  if (values.callers !== undefined && leaf.callFrame.functionName === values.callers) {
    const p1 = byId.get(parent.get(leaf.id) ?? -1);
    const p2 = p1 === undefined ? undefined : byId.get(parent.get(p1.id) ?? -1);
    const l = `${p1 === undefined ? '?' : label(p1)}  <  ${p2 === undefined ? '?' : label(p2)}`;
    callers.set(l, (callers.get(l) ?? 0) + dt);
  }
  const seen = new Set<string>();
  for (let n: ProfileNode | undefined = leaf; n !== undefined; n = byId.get(parent.get(n.id) ?? -1)) {
    const l = label(n);
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + dt);
  }
});

const print = (title: string, m: Map<string, number>): void => {
  process.stdout.write(`${title} (of ${(all / 1e6).toFixed(2)} s sampled)\n`);
  for (const [l, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${((100 * t) / all).toFixed(1).padStart(5)}%  ${l}\n`);
  }
};
if (values.callers !== undefined) {
  print(`callers of ${values.callers} (caller < its caller), by self time`, callers);
} else {
  print('self time', self);
  print('total time', total);
}
