import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type LineChartSpec, renderLineChart } from './line-chart.js';

const spec: LineChartSpec = {
  title: 'Throughput <vs> concurrency & more',
  subtitle: '2 × CPU "quoted"',
  x: { label: 'concurrency', scale: { kind: 'log', base: 2 } },
  y: { label: 'ops/s', scale: { kind: 'linear', includeZero: true } },
  series: [
    { name: 'writes', points: [[1, 3000], [4, 11000], [16, 25000], [64, 31000]] },
    { name: 'reads', points: [[64, 29000], [1, 2800], [16, 24000]], dashed: true },
  ],
};

type Node = Record<string, unknown>;
const parse = (svg: string): Node => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['g', 'circle', 'line', 'text', 'path'].includes(name) }).parse(svg) as Node;
const groups = (svg: Node): Node[] => (((svg['svg'] as Node)['g'] as Node[] | undefined) ?? []);

test('the chart is well-formed XML with an svg root, escaped text', () => {
  const out = renderLineChart(spec);
  assert.equal(XMLValidator.validate(out), true);
  const root = parse(out)['svg'] as Node;
  assert.equal(root['@xmlns'], 'http://www.w3.org/2000/svg');
  assert.equal(root['@viewBox'], '0 0 900 560');
  assert.ok(out.includes('Throughput &lt;vs&gt; concurrency &amp; more'));
  assert.ok(out.includes('2 × CPU &quot;quoted&quot;'));
});

test('one group per series, a line through its points in x order, one marker per point', () => {
  const out = renderLineChart(spec);
  const series = groups(parse(out)).filter((g) => g['@class'] === 'series');
  assert.deepEqual(
    series.map((g) => g['@data-series']),
    ['writes', 'reads'],
  );
  const [writes, reads] = series as [Node, Node];
  assert.equal((writes['circle'] as Node[]).length, 4);
  assert.equal((reads['circle'] as Node[]).length, 3);
  const d = ((reads['path'] as Node[])[0]!['@d'] as string).split(/[ML]/).filter((s) => s.trim() !== '').map((s) => Number(s.trim().split(' ')[0]));
  assert.deepEqual([...d].sort((a, b) => a - b), d, 'x increases along the path');
  assert.equal((reads['path'] as Node[])[0]!['@stroke-dasharray'], '7 4');
  assert.equal((writes['path'] as Node[])[0]!['@stroke-dasharray'], undefined);
});

test('axes: every power of two labelled on a log2 x axis; the legend names each series', () => {
  const out = renderLineChart(spec);
  const g = groups(parse(out));
  const axes = g.find((x) => x['@class'] === 'axes')!;
  const labels = (axes['text'] as Node[]).map((t) => String(t['#text']));
  for (const c of ['1', '2', '4', '8', '16', '32', '64']) assert.ok(labels.includes(c), `x tick ${c}`);
  for (const v of ['0', '10k', '20k', '30k']) assert.ok(labels.includes(v), `y tick ${v}`);
  assert.ok(labels.includes('concurrency') && labels.includes('ops/s'));
  const legend = g.find((x) => x['@class'] === 'legend')!;
  const names = (legend['g'] as Node[]).map((e) => String((e['text'] as Node[])[0]!['#text']));
  assert.deepEqual(names, ['writes', 'reads']);
});

test('points a log axis cannot place are left out; a chart with none is an error', () => {
  const out = renderLineChart({ ...spec, y: { label: 'ms', scale: { kind: 'log', base: 10 } }, series: [{ name: 'p99', points: [[1, 0], [2, 1.5], [4, 3]] }] });
  assert.equal(XMLValidator.validate(out), true);
  const series = groups(parse(out)).find((g) => g['@class'] === 'series')!;
  assert.equal((series['circle'] as Node[]).length, 2);
  assert.throws(() => renderLineChart({ ...spec, series: [{ name: 'empty', points: [] }] }), RangeError);
});

test('the HDR percentile axis labels its nines; the output is deterministic', () => {
  const pct: LineChartSpec = {
    title: 'latency by percentile',
    x: { label: 'percentile', scale: { kind: 'percentile' } },
    y: { label: 'ms', scale: { kind: 'linear', includeZero: true } },
    series: [{ name: 'writes', points: [[0, 0.2], [50, 1], [90, 2], [99, 4], [99.9, 9], [99.99, 15]], markers: false }],
  };
  const out = renderLineChart(pct);
  assert.equal(out, renderLineChart(pct));
  const axes = groups(parse(out)).find((x) => x['@class'] === 'axes')!;
  const labels = (axes['text'] as Node[]).map((t) => String(t['#text']));
  for (const p of ['0%', '50%', '90%', '99%', '99.9%', '99.99%']) assert.ok(labels.includes(p), p);
  const series = groups(parse(out)).find((g) => g['@class'] === 'series')!;
  assert.equal(series['circle'], undefined);
});
