/**
 * The hints on disk, one folder per target node (its host id), each a series of append-only files:
 *
 *   <hints dir>/<target>/<seq>.hints      seq: 12 decimal digits, increasing per target
 *
 * Appends go to the target's current file through the OS at once (so an acknowledged hint
 * survives `kill -9`); `flush()` fsyncs what was appended since the last flush, which the
 * service does every hints_flush_period_in_ms (so power loss may cost that window, as in
 * Cassandra). A file that reaches max_hints_file_size_in_mb is synced and closed and the next
 * append starts a new one. Delivery reads whole, closed files (`seal` closes the current one) and
 * deletes each file once every hint in it was delivered or had expired. A file found damaged is
 * moved aside whole instead, to `<hints dir>/_quarantine/<target>-<seq>.hints` (a folder no
 * target name can take), for an operator to inspect; nothing reads it back.
 */
import { mkdirDurable, type Env } from '../env/index.js';
import { encodeHint, type Hint } from './hint-record.js';

export interface HintsStoreOptions {
  /** A file is closed and a new one started past this size (max_hints_file_size_in_mb). */
  readonly maxFileBytes: number;
}

interface CurrentFile {
  readonly path: string;
  readonly fd: number;
  size: number;
  dirty: boolean;
  /** An fsync in flight: the descriptor is closed only after it settles. */
  syncing: Promise<void> | null;
}

const FILE_SUFFIX = '.hints';
const SEQ_DIGITS = 12;
const TARGET_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** Damaged files go here; TARGET_NAME can never name it. */
const QUARANTINE_FOLDER = '_quarantine';

export class HintsStore {
  private readonly current = new Map<string, CurrentFile>();
  private readonly nextSeq = new Map<string, number>();

  constructor(
    private readonly env: Env,
    readonly dir: string,
    private readonly options: HintsStoreOptions,
  ) {
    mkdirDurable(env.fs, dir);
  }

  /** Appends a hint for `target`; it is in the OS when this returns, on disk after the next flush. */
  append(target: string, hint: Hint): void {
    const record = encodeHint(hint);
    const file = this.currentFor(target);
    let written = 0;
    while (written < record.length) {
      written += this.env.fs.writeSync(file.fd, record, written, record.length - written, file.size + written);
    }
    file.size += record.length;
    file.dirty = true;
    if (file.size >= this.options.maxFileBytes) this.closeCurrent(target, file);
  }

  /** Makes every appended hint durable. */
  async flush(): Promise<void> {
    const dirty = [...this.current.values()].filter((f) => f.dirty);
    await Promise.all(dirty.map((f) => this.sync(f)));
  }

  /** Closes the target's current file (synced) so that every hint for it is in a closed file. */
  seal(target: string): void {
    const file = this.current.get(target);
    if (file !== undefined) this.closeCurrent(target, file);
  }

  /** Targets that have hint files. */
  targets(): string[] {
    const fs = this.env.fs;
    return fs
      .readdirSync(this.dir)
      .filter((name) => TARGET_NAME.test(name) && fs.statSync(this.folder(name)).isDirectory && this.pendingBytes(name) > 0)
      .sort();
  }

  /** The target's closed files, oldest first (the current file, if any, is not among them). */
  files(target: string): string[] {
    const folder = this.folder(target);
    if (!this.env.fs.existsSync(folder)) return [];
    const open = this.current.get(target)?.path;
    return this.env.fs
      .readdirSync(folder)
      .filter((n) => n.endsWith(FILE_SUFFIX))
      .sort()
      .map((n) => `${folder}/${n}`)
      .filter((p) => p !== open);
  }

  /** Bytes of hints waiting for `target`, in closed and current files. */
  pendingBytes(target: string): number {
    const folder = this.folder(target);
    if (!this.env.fs.existsSync(folder)) return 0;
    let total = 0;
    for (const n of this.env.fs.readdirSync(folder)) if (n.endsWith(FILE_SUFFIX)) total += this.env.fs.statSync(`${folder}/${n}`).size;
    return total;
  }

  /** Deletes a delivered file. */
  remove(path: string): void {
    this.env.fs.unlinkSync(path);
    this.env.fs.fsyncDirSync(path.slice(0, path.lastIndexOf('/')));
  }

  /** Moves a damaged file of `target` to the quarantine folder, durably; returns where it went. */
  quarantine(target: string, path: string): string {
    const fs = this.env.fs;
    const folder = `${this.dir}/${QUARANTINE_FOLDER}`;
    mkdirDurable(fs, folder);
    const to = `${folder}/${target}-${path.slice(path.lastIndexOf('/') + 1)}`;
    fs.renameSync(path, to);
    fs.fsyncDirSync(folder);
    fs.fsyncDirSync(path.slice(0, path.lastIndexOf('/')));
    return to;
  }

  /** Deletes every hint for `target` (the node was removed from the ring). */
  removeAll(target: string): void {
    this.seal(target);
    for (const p of this.files(target)) this.remove(p);
  }

  async close(): Promise<void> {
    await this.flush();
    for (const [target, file] of [...this.current]) this.closeCurrent(target, file);
  }

  private currentFor(target: string): CurrentFile {
    const existing = this.current.get(target);
    if (existing !== undefined) return existing;
    if (!TARGET_NAME.test(target)) throw new RangeError(`not a usable hint target name: ${JSON.stringify(target)}`);
    const folder = this.folder(target);
    mkdirDurable(this.env.fs, folder);
    const seq = this.nextSeqFor(target);
    const path = `${folder}/${String(seq).padStart(SEQ_DIGITS, '0')}${FILE_SUFFIX}`;
    const fd = this.env.fs.openSync(path, 'wx');
    this.env.fs.fsyncDirSync(folder);
    const file: CurrentFile = { path, fd, size: 0, dirty: false, syncing: null };
    this.current.set(target, file);
    return file;
  }

  private nextSeqFor(target: string): number {
    let seq = this.nextSeq.get(target);
    if (seq === undefined) {
      seq = 0;
      for (const n of this.env.fs.readdirSync(this.folder(target))) {
        if (!n.endsWith(FILE_SUFFIX)) continue;
        const s = Number(n.slice(0, -FILE_SUFFIX.length));
        if (Number.isSafeInteger(s) && s >= seq) seq = s + 1;
      }
    }
    this.nextSeq.set(target, seq + 1);
    return seq;
  }

  private sync(file: CurrentFile): Promise<void> {
    file.dirty = false;
    const done = this.env.fs.fsync(file.fd).finally(() => {
      if (file.syncing === done) file.syncing = null;
    });
    file.syncing = done;
    return done;
  }

  private closeCurrent(target: string, file: CurrentFile): void {
    this.current.delete(target);
    if (file.dirty) {
      file.dirty = false;
      this.env.fs.fsyncSync(file.fd);
    }
    const close = () => this.env.fs.closeSync(file.fd);
    if (file.syncing === null) close();
    else void file.syncing.then(close, close);
  }

  private folder(target: string): string {
    return `${this.dir}/${target}`;
  }
}
