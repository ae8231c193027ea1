/**
 * A line chart as one SVG document: title and subtitle, a plot area with grid lines, x and y axes
 * with ticks and labels (linear, log or HDR-percentile scales, see scale.ts), one line with point
 * markers per series, and a legend to the right of the plot area (so it never covers data).
 * Each series is a `<g class="series" data-series="name">`, which the tests and a reader's tools
 * can find. A pure function: the same spec gives the same bytes.
 */
import { makeScale, type Scale, type ScaleSpec } from './scale.js';
import { el, px, text } from './svg.js';

export type Point = readonly [number, number];

export interface Series {
  readonly name: string;
  readonly points: readonly Point[];
  /** A CSS color; one from the palette, by position, otherwise. */
  readonly color?: string;
  readonly dashed?: boolean;
  /** Circles at the points (default true). */
  readonly markers?: boolean;
  /** A line through the points (default true); false for a scatter of points. */
  readonly line?: boolean;
  /** Opacity of the series (default 1), e.g. to show single runs behind their median. */
  readonly opacity?: number;
}

export interface AxisSpec {
  readonly label: string;
  readonly scale: ScaleSpec;
}

export interface LineChartSpec {
  readonly title: string;
  readonly subtitle?: string;
  readonly width?: number;
  readonly height?: number;
  readonly x: AxisSpec;
  readonly y: AxisSpec;
  readonly series: readonly Series[];
}

/** Tableau-10's first colors: distinct for most readers, color-blind included. */
export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'] as const;

const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';
const MARGIN = { top: 70, right: 200, bottom: 60, left: 80 } as const;
/** Approximate width of a character of the 12 px tick labels, for keeping labels apart. */
const CHAR_PX = 7;
/** Free space kept between two tick labels (x: side by side; y: one above the other). */
const LABEL_GAP = { x: 8, y: 16 } as const;

/** Points a scale can place: positive values only on a log axis. */
function usable(spec: ScaleSpec, v: number): boolean {
  return Number.isFinite(v) && (spec.kind !== 'log' || v > 0);
}

export function renderLineChart(spec: LineChartSpec): string {
  const width = spec.width ?? 900;
  const height = spec.height ?? 560;
  const left = MARGIN.left;
  const right = width - MARGIN.right;
  const top = MARGIN.top;
  const bottom = height - MARGIN.bottom;
  const series = spec.series.map((s) => ({ ...s, points: s.points.filter(([x, y]) => usable(spec.x.scale, x) && usable(spec.y.scale, y)) }));
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  if (xs.length === 0) throw new RangeError(`chart "${spec.title}" has no points to draw`);
  const x = makeScale(spec.x.scale, xs, [left, right]);
  const y = makeScale(spec.y.scale, ys, [bottom, top]);

  const parts: string[] = [
    el('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }),
    el('text', { x: left, y: 28, 'font-size': 18, 'font-weight': 'bold', fill: '#222' }, text(spec.title)),
  ];
  if (spec.subtitle !== undefined) parts.push(el('text', { x: left, y: 50, 'font-size': 12, fill: '#555' }, text(spec.subtitle)));
  parts.push(grid(x, y, left, right, top, bottom));
  parts.push(axes(spec, x, y, left, right, top, bottom));
  series.forEach((s, i) => parts.push(drawSeries(s, PALETTE[i % PALETTE.length]!, x, y)));
  parts.push(legend(series.map((s, i) => ({ ...s, color: s.color ?? PALETTE[i % PALETTE.length]! })), right + 20, top));
  return `${el('svg', { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': FONT }, ...parts)}\n`;
}

function grid(x: Scale, y: Scale, left: number, right: number, top: number, bottom: number): string {
  const lines = [
    ...x.ticks.map((t) => el('line', { x1: x.map(t.value), y1: top, x2: x.map(t.value), y2: bottom })),
    ...y.ticks.map((t) => el('line', { x1: left, y1: y.map(t.value), x2: right, y2: y.map(t.value) })),
  ];
  return el('g', { class: 'grid', stroke: '#e3e3e3', 'stroke-width': 1 }, ...lines);
}

/**
 * Indices of the ticks whose labels do not run into the previous label drawn (`room(i, j)`: the
 * distance labels i and j need between their anchors). The grid lines of the others stay.
 */
function spacedLabels(positions: readonly number[], room: (i: number, j: number) => number): Set<number> {
  const keep = new Set<number>();
  let last: number | undefined;
  positions.forEach((p, i) => {
    if (last === undefined || Math.abs(p - positions[last]!) >= room(last, i)) {
      keep.add(i);
      last = i;
    }
  });
  return keep;
}

function axes(spec: LineChartSpec, x: Scale, y: Scale, left: number, right: number, top: number, bottom: number): string {
  const xPos = x.ticks.map((t) => x.map(t.value));
  const yPos = y.ticks.map((t) => y.map(t.value));
  // x labels are centred on their ticks: half of each label's width plus the gap
  const xKeep = spacedLabels(xPos, (i, j) => ((x.ticks[i]!.label.length + x.ticks[j]!.label.length) * CHAR_PX) / 2 + LABEL_GAP.x);
  const yKeep = spacedLabels(yPos, () => LABEL_GAP.y);
  const xLabels = x.ticks.flatMap((t, i) =>
    xKeep.has(i) ? [el('line', { x1: xPos[i]!, y1: bottom, x2: xPos[i]!, y2: bottom + 5, stroke: '#333' }), el('text', { x: xPos[i]!, y: bottom + 20, 'text-anchor': 'middle' }, text(t.label))] : [],
  );
  const yLabels = y.ticks.flatMap((t, i) =>
    yKeep.has(i) ? [el('line', { x1: left - 5, y1: yPos[i]!, x2: left, y2: yPos[i]!, stroke: '#333' }), el('text', { x: left - 9, y: yPos[i]!, dy: '0.35em', 'text-anchor': 'end' }, text(t.label))] : [],
  );
  const midX = (left + right) / 2;
  const midY = (top + bottom) / 2;
  return el(
    'g',
    { class: 'axes', 'font-size': 12, fill: '#333' },
    el('line', { x1: left, y1: bottom, x2: right, y2: bottom, stroke: '#333' }),
    el('line', { x1: left, y1: top, x2: left, y2: bottom, stroke: '#333' }),
    ...xLabels,
    ...yLabels,
    el('text', { class: 'x-label', x: midX, y: bottom + 44, 'text-anchor': 'middle', 'font-size': 13 }, text(spec.x.label)),
    el('text', { class: 'y-label', x: 0, y: 0, transform: `translate(${px(left - 58)} ${px(midY)}) rotate(-90)`, 'text-anchor': 'middle', 'font-size': 13 }, text(spec.y.label)),
  );
}

function drawSeries(s: Series, fallback: string, x: Scale, y: Scale): string {
  const color = s.color ?? fallback;
  const pts = [...s.points].sort((a, b) => a[0] - b[0]).map(([a, b]) => [px(x.map(a)), px(y.map(b))] as const);
  const children: string[] = [];
  if (pts.length > 0 && s.line !== false) {
    const d = pts.map(([a, b], i) => `${i === 0 ? 'M' : 'L'}${a} ${b}`).join(' ');
    children.push(el('path', { d, fill: 'none', stroke: color, 'stroke-width': 2, 'stroke-linejoin': 'round', 'stroke-dasharray': s.dashed === true ? '7 4' : undefined }));
  }
  if (s.markers !== false) for (const [a, b] of pts) children.push(el('circle', { cx: a, cy: b, r: 3.5, fill: color }));
  return el('g', { class: 'series', 'data-series': s.name, opacity: s.opacity }, ...children);
}

function legend(series: readonly (Series & { color: string })[], x0: number, y0: number): string {
  const rows = series.map((s, i) => {
    const y = y0 + 8 + i * 24;
    return el(
      'g',
      { class: 'legend-entry' },
      s.line === false ? '' : el('line', { x1: x0, y1: y, x2: x0 + 28, y2: y, stroke: s.color, 'stroke-width': 2, 'stroke-dasharray': s.dashed === true ? '7 4' : undefined, opacity: s.opacity }),
      s.markers === false ? '' : el('circle', { cx: x0 + 14, cy: y, r: 3.5, fill: s.color, opacity: s.opacity }),
      el('text', { x: x0 + 36, y, dy: '0.35em', 'font-size': 12, fill: '#222' }, text(s.name)),
    );
  });
  return el('g', { class: 'legend' }, ...rows);
}
