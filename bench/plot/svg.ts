/**
 * Building SVG text: an element with escaped attribute values and children. Text content goes
 * through `text()`, which escapes it; nothing else is written raw.
 */
export type Attrs = Readonly<Record<string, string | number | undefined>>;

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Rounds pixel coordinates to 0.01 px so the files stay small and stable. */
export const px = (x: number): number => Math.round(x * 100) / 100;

/** Escaped text content. */
export function text(s: string): string {
  return escapeXml(s);
}

/** `<tag attrs>children</tag>`, or `<tag attrs/>` without children; undefined attributes are left out. */
export function el(tag: string, attrs: Attrs, ...children: string[]): string {
  const a = Object.entries(attrs)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(typeof v === 'number' ? String(px(v)) : v)}"`)
    .join('');
  return children.length === 0 ? `<${tag}${a}/>` : `<${tag}${a}>${children.join('')}</${tag}>`;
}
