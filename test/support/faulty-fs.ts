import { RealFileSystem } from '../../src/env/index.js';

/** The real file system, except that fsync fails (EIO) once `failFsync` is set. */
export class FaultyFileSystem extends RealFileSystem {
  failFsync = false;
  fsyncCalls = 0;

  private eio(): Error {
    return Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
  }

  override fsync(fd: number): Promise<void> {
    this.fsyncCalls++;
    return this.failFsync ? Promise.reject(this.eio()) : super.fsync(fd);
  }

  override fsyncSync(fd: number): void {
    this.fsyncCalls++;
    if (this.failFsync) throw this.eio();
    super.fsyncSync(fd);
  }
}
