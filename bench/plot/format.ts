/**
 * Axis numbers for the charts: no float noise, thousands as "k" and millions as "M"
 * (20000 → "20k", 2500 → "2.5k", 1500000 → "1.5M"), small values as they are (0.25 → "0.25").
 */
export function formatTick(v: number): string {
  const x = Number(v.toPrecision(12));
  const abs = Math.abs(x);
  if (abs >= 1e6) return `${Number((x / 1e6).toPrecision(12))}M`;
  if (abs >= 1000) return `${Number((x / 1000).toPrecision(12))}k`;
  return String(x);
}
