import type { Env } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { TableStore } from './table-store.js';

/**
 * Snapshots as Cassandra makes them: hard links to a table's live SSTable files under
 * `<table dir>/snapshots/<tag>/`. Links cost no space until compaction deletes the originals.
 */
export class Snapshots {
  constructor(private readonly env: Env) {}

  take(table: TableStore, tag: string): string {
    checkTag(tag);
    const dir = `${table.dir}/snapshots/${tag}`;
    this.env.fs.mkdirSync(dir);
    for (const s of table.sstables) {
      for (const f of s.files) {
        const target = `${dir}/${f.slice(f.lastIndexOf('/') + 1)}`;
        if (!this.env.fs.existsSync(target)) this.env.fs.linkSync(f, target);
      }
    }
    this.env.fs.fsyncDirSync(dir);
    return dir;
  }

  /** The table's snapshots: each tag with the paths of its files. */
  list(table: TableStore): { readonly tag: string; readonly files: string[] }[] {
    const root = `${table.dir}/snapshots`;
    if (!this.env.fs.existsSync(root)) return [];
    return this.env.fs.readdirSync(root).sort().map((tag) => ({ tag, files: this.env.fs.readdirSync(`${root}/${tag}`).map((f) => `${root}/${tag}/${f}`) }));
  }

  clear(table: TableStore, tag?: string): void {
    if (tag !== undefined) checkTag(tag);
    const root = `${table.dir}/snapshots`;
    this.env.fs.rmSync(tag ? `${root}/${tag}` : root);
  }
}

/** A tag names a directory: no separators, no '..', so it can never reach outside snapshots/. */
function checkTag(tag: string): void {
  if (!/^[A-Za-z0-9_.-]+$/.test(tag) || /^\.+$/.test(tag)) {
    throw new InvalidRequestError(`snapshot tag '${tag}' must be letters, digits, '_', '-', '.' (and not only dots)`);
  }
}
