import type { Processes } from './env.js';

/**
 * The simulated process table: this process (always alive) and the others a test starts and
 * ends, so a LOCK held by a live or a dead process can be staged without real processes. Ids
 * count up from `selfPid` and are never reused (a test that wants reuse writes the id itself).
 */
export class SimProcesses implements Processes {
  private readonly alive = new Set<number>();
  private lastPid: number;

  constructor(readonly selfPid = 1000) {
    this.lastPid = selfPid;
    this.alive.add(selfPid);
  }

  isAlive(pid: number): boolean {
    return this.alive.has(pid);
  }

  /** Another process, alive until `exit`. */
  spawn(): number {
    this.lastPid++;
    this.alive.add(this.lastPid);
    return this.lastPid;
  }

  exit(pid: number): void {
    if (pid === this.selfPid) throw new Error('the simulated process cannot end itself');
    this.alive.delete(pid);
  }
}
