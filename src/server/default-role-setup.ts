/**
 * The default superuser, as Cassandra's CassandraRoleManager makes it: some time after start
 * (`-Dcassandra.superuser_setup_delay_ms`, 10 s: time to see the ring's other members), a node
 * whose roles table holds no role at all — checked at ONE, then QUORUM — writes
 * cassandra/cassandra as a superuser at QUORUM, and warns that it did. Every node tries, so the
 * first one to find the table empty makes it, once per cluster; a node that cannot reach enough
 * replicas yet tries again after the same delay, until it is stopped.
 */
import type { RoleManager } from '../cql/auth/index.js';
import { DEFAULT_SUPERUSER_NAME } from '../cql/auth/index.js';
import type { Env, TimerHandle } from '../env/index.js';
import type { BackgroundSupervisor } from '../util/background-supervisor.js';
import type { NodeLogger } from './node-logger.js';

export class DefaultRoleSetup {
  private timer: TimerHandle | undefined;
  private stopped = false;

  constructor(
    private readonly env: Env,
    private readonly roles: RoleManager,
    private readonly log: NodeLogger,
    private readonly delayMs: number,
    /** Where a failed attempt is reported (task `default-role-setup`) before the next one. */
    private readonly background: BackgroundSupervisor,
  ) {}

  start(): void {
    this.schedule();
  }

  cancel(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.env.timers.setTimeout(() => this.background.run('default-role-setup', () => this.attempt()), this.delayMs);
  }

  private async attempt(): Promise<void> {
    try {
      if (await this.roles.setupDefaultRole()) {
        this.log.warn('default_superuser_created', {
          role: DEFAULT_SUPERUSER_NAME,
          advice: `Created default superuser role '${DEFAULT_SUPERUSER_NAME}' with password '${DEFAULT_SUPERUSER_NAME}': create another superuser, then drop or change this one`,
        });
      }
    } catch (e) {
      this.background.report('default-role-setup', e, `retrying in ${this.delayMs} ms`);
      this.schedule();
    }
  }
}
