/**
 * "Did you mean …?" for the tools that parse their own command lines (nodetool, stress, cqlsh,
 * cli, cluster), worded as commander words it for `ilium start` and the other commands it parses:
 * the known name closest to what was typed, when it is close enough to be a slip (an edit
 * distance of at most a third of the name, and at least one), else none.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
export function closestName(given: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  if (given.length <= 2) return undefined; // -x: any other letter is as near
  const limit = Math.max(1, Math.floor(given.length / 3));
  for (const name of known) {
    const d = editDistance(given, name, limit);
    if (d <= limit && d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/** `unknown option '--sed' (did you mean --seed?)`; the suggestion only when there is one. */
export function unknownOptionMessage(given: string, known: Iterable<string>): string {
  const name = given.split('=')[0]!;
  const near = closestName(name, known);
  return `unknown option '${name}'${near === undefined ? '' : ` (did you mean ${near}?)`}`;
}

/** The flags of a util.parseArgs option table: `--name` and `-s` for each. */
export function parseArgsFlags(options: Readonly<Record<string, { readonly type: string; readonly short?: string }>>): string[] {
  return Object.entries(options).flatMap(([name, o]) => (o.short === undefined ? [`--${name}`] : [`--${name}`, `-${o.short}`]));
}

/**
 * util.parseArgs's error made a user's message: an unknown option with its suggestion, any other
 * refusal as util.parseArgs says it.
 */
/** util.parseArgs, an unknown option refused with the nearest known one (an Error whose message says so). */
export function parseArgsStrict<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    throw new Error(parseArgsMessage(e, (config.options ?? {}) as Readonly<Record<string, { readonly type: string; readonly short?: string }>>));
  }
}

export function parseArgsMessage(e: unknown, options: Readonly<Record<string, { readonly type: string; readonly short?: string }>>): string {
  const err = e as Error & { code?: string };
  if (err.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return err.message;
  const flag = /'(-[^']*)'/.exec(err.message)?.[1] ?? err.message;
  return unknownOptionMessage(flag, parseArgsFlags(options));
}

/** Edit distance counting a swap of neighbours as one edit (optimal string alignment), cut short past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    if (Math.min(...row) > limit) return limit + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}
