import type { FileSystem } from './env.js';

/**
 * Creates `path` (and missing parents) so that it survives power loss: a new directory entry is
 * durable only once its parent directory is fsynced, so every ancestor that was created gets its
 * parent synced, deepest first.
 */
export function mkdirDurable(fs: FileSystem, path: string): void {
  const missing: string[] = [];
  for (let p = path; !fs.existsSync(p); p = parentOf(p)) {
    missing.push(p);
    if (parentOf(p) === p) break;
  }
  if (missing.length === 0) return;
  fs.mkdirSync(path);
  for (const dir of missing) fs.fsyncDirSync(parentOf(dir));
}

function parentOf(p: string): string {
  const i = p.replace(/\/+$/, '').lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}
