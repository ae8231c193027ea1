/**
 * A strict reader of Prometheus' text exposition format 0.0.4 for tests: every line is a comment
 * (`# HELP name text`, `# TYPE name type`) or a sample `name{label="value",…} number`; a family's
 * TYPE comes before its samples; a histogram's buckets are cumulative and end with le="+Inf"
 * equal to its `_count`. Throws on the first line that breaks a rule.
 */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface PromText {
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly PromSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;

export function parsePrometheusText(text: string): PromText {
  const types = new Map<string, string>();
  const samples: PromSample[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue;
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) {
      const [, kind, name, rest] = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line) ?? [];
      if (name === undefined || !NAME.test(name)) throw new Error(`line ${i + 1}: bad metric name: ${line}`);
      if (kind === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest!)) throw new Error(`line ${i + 1}: bad type: ${line}`);
        types.set(name, rest!);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (m === null) throw new Error(`line ${i + 1}: not a sample: ${line}`);
    const labels: Record<string, string> = {};
    if (m[3] !== undefined && m[3] !== '') {
      LABEL.lastIndex = 0;
      let at = 0;
      while (at < m[3].length) {
        LABEL.lastIndex = at;
        const l = LABEL.exec(m[3]);
        if (l === null) throw new Error(`line ${i + 1}: bad labels: ${line}`);
        labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
        at = LABEL.lastIndex;
      }
    }
    const value = m[4] === '+Inf' ? Infinity : m[4] === '-Inf' ? -Infinity : Number(m[4]);
    if (Number.isNaN(value) && m[4] !== 'NaN') throw new Error(`line ${i + 1}: bad value: ${line}`);
    const family = m[1]!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(m[1]!) && !types.has(family)) throw new Error(`line ${i + 1}: sample before its TYPE: ${line}`);
    samples.push({ name: m[1]!, labels, value });
  }
  checkHistograms(types, samples);
  return { types, samples };
}

function checkHistograms(types: ReadonlyMap<string, string>, samples: readonly PromSample[]): void {
  const series = new Map<string, number[]>();
  for (const s of samples) {
    if (!s.name.endsWith('_bucket') || types.get(s.name.slice(0, -7)) !== 'histogram') continue;
    const { le, ...rest } = s.labels;
    const key = `${s.name}${JSON.stringify(rest)}`;
    const prev = series.get(key) ?? [];
    if (prev.length > 0 && s.value < prev[prev.length - 1]!) throw new Error(`${key}: buckets not cumulative at le=${le}`);
    series.set(key, [...prev, s.value]);
    if (le === '+Inf') {
      const count = samples.find((c) => c.name === `${s.name.slice(0, -7)}_count` && JSON.stringify(c.labels) === JSON.stringify(rest));
      if (count?.value !== s.value) throw new Error(`${key}: le="+Inf" ${s.value} differs from _count ${count?.value}`);
    }
  }
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(text: PromText, name: string, labels: Record<string, string> = {}): number {
  const s = text.samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s?.value ?? 0;
}
