/**
 * Finding the segments in a commit log directory. Files whose names are not segment names
 * (`segment-format.ts`) are ignored; segments are returned oldest (lowest id) first.
 */
import type { FileSystem } from '../../env/env.js';
import { parseSegmentFileName } from './segment-format.js';

export interface SegmentFile {
  readonly segmentId: number;
  readonly path: string;
}

export function listSegmentFiles(fs: FileSystem, dir: string): SegmentFile[] {
  if (!fs.existsSync(dir)) return [];
  const out: SegmentFile[] = [];
  for (const name of fs.readdirSync(dir)) {
    const segmentId = parseSegmentFileName(name);
    if (segmentId !== null) out.push({ segmentId, path: `${dir}/${name}` });
  }
  return out.sort((a, b) => a.segmentId - b.segmentId);
}
