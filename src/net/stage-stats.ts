/**
 * Per-stage counts of the internode work a node runs (what `nodetool tpstats` shows): tasks
 * running now and tasks finished. Handlers run as soon as they arrive (nothing queues, so pending
 * and blocked stay 0); an asynchronous handler is active until its promise settles.
 */
import { STAGES, type Stage, type StageExecutor } from './stage.js';

export interface StageCounts {
  readonly stage: Stage;
  readonly active: number;
  readonly pending: number;
  readonly completed: number;
}

export class StageStats {
  private readonly active = new Map<Stage, number>();
  private readonly completed = new Map<Stage, number>();

  /** An executor that runs each task at once and counts it. */
  readonly executor: StageExecutor = (stage, task) => {
    this.active.set(stage, (this.active.get(stage) ?? 0) + 1);
    const done = () => {
      this.active.set(stage, this.active.get(stage)! - 1);
      this.completed.set(stage, (this.completed.get(stage) ?? 0) + 1);
    };
    let r: void | Promise<unknown>;
    try {
      r = task();
    } catch (e) {
      done();
      throw e;
    }
    if (r instanceof Promise) r.then(done, done);
    else done();
  };

  snapshot(): StageCounts[] {
    return STAGES.map((stage) => ({ stage, active: this.active.get(stage) ?? 0, pending: 0, completed: this.completed.get(stage) ?? 0 }));
  }
}
