import type { Env } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { TableStore } from './table-store.js';

/**
 * Snapshots as Cassandra makes them: hard links to a table's live SSTable files under
 * `<table dir>/snapshots/<tag>/`. Links cost no space until compaction deletes the originals.
 *
 * Listing and clearing walk the data directory (`<root>/<keyspace>/<table>-<id>/snapshots/<tag>/`)
 * rather than the open tables, so the snapshot DROP TABLE or DROP KEYSPACE took of a table that is
 * gone is listed and cleared too (Cassandra 4.0's clearsnapshot walks the keyspace directories on
 * disk likewise; its listsnapshots saw only live tables, 4.1's sees dropped ones as here).
 */
export interface SnapshotOnDisk {
  readonly keyspace: string;
  readonly table: string;
  /** The table's directory (live or dropped). */
  readonly tableDir: string;
  readonly tag: string;
  readonly files: readonly string[];
}

export class Snapshots {
  /** `root`: the folder holding one directory per keyspace (`<data>/data`). */
  constructor(
    private readonly env: Env,
    private readonly root: string,
  ) {}

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

  /** Every snapshot on disk, of live and dropped tables, by keyspace, table directory and tag. */
  list(): SnapshotOnDisk[] {
    const fs = this.env.fs;
    const out: SnapshotOnDisk[] = [];
    for (const { keyspace, tableDir } of this.tableDirsWithSnapshots()) {
      const table = tableNameOf(tableDir.slice(tableDir.lastIndexOf('/') + 1));
      for (const tag of fs.readdirSync(`${tableDir}/snapshots`).sort()) {
        const files = fs.readdirSync(`${tableDir}/snapshots/${tag}`).map((f) => `${tableDir}/snapshots/${tag}/${f}`);
        out.push({ keyspace, table, tableDir, tag, files });
      }
    }
    return out;
  }

  /**
   * Removes the snapshots named `tag` (all when undefined). A table directory left empty whose
   * table is gone (`isLive` false) goes too, as DROP TABLE would have removed it without them.
   */
  clear(tag: string | undefined, isLive: (tableDir: string) => boolean): void {
    if (tag !== undefined) checkTag(tag);
    const fs = this.env.fs;
    for (const { tableDir } of this.tableDirsWithSnapshots()) {
      const root = `${tableDir}/snapshots`;
      fs.rmSync(tag === undefined ? root : `${root}/${tag}`);
      if (fs.existsSync(root) && fs.readdirSync(root).length === 0) fs.rmSync(root);
      if (!isLive(tableDir) && fs.readdirSync(tableDir).length === 0) fs.rmSync(tableDir);
    }
  }

  private tableDirsWithSnapshots(): { readonly keyspace: string; readonly tableDir: string }[] {
    const fs = this.env.fs;
    if (!fs.existsSync(this.root)) return [];
    const out: { keyspace: string; tableDir: string }[] = [];
    for (const keyspace of fs.readdirSync(this.root).sort()) {
      const ksDir = `${this.root}/${keyspace}`;
      if (!fs.statSync(ksDir).isDirectory) continue;
      for (const t of fs.readdirSync(ksDir).sort()) {
        const tableDir = `${ksDir}/${t}`;
        if (fs.existsSync(`${tableDir}/snapshots`) && fs.statSync(`${tableDir}/snapshots`).isDirectory) out.push({ keyspace, tableDir });
      }
    }
    return out;
  }
}

/** `<name>-<id without dashes>` (table-def.ts tableDirName) → name. */
function tableNameOf(dirName: string): string {
  const m = /^(.+)-[0-9a-f]{32}$/.exec(dirName);
  return m === null ? dirName : m[1]!;
}

/** A tag names a directory: no separators, no '..', so it can never reach outside snapshots/. */
function checkTag(tag: string): void {
  if (!/^[A-Za-z0-9_.-]+$/.test(tag) || /^\.+$/.test(tag)) {
    throw new InvalidRequestError(`snapshot tag '${tag}' must be letters, digits, '_', '-', '.' (and not only dots)`);
  }
}
