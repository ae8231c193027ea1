/**
 * CPU time per operation, of this process (`process.cpuUsage`: user + system, µs) and of the node
 * when its process id is given (`--server-pid`; /proc/PID/stat's utime + stime, all its threads,
 * in clock ticks, taken as Linux's USER_HZ of 100). Measured over the whole run, warm-up
 * included, and divided by every operation run. On a machine where the two share cores,
 * throughput follows each one's share of the CPU; CPU per operation is the cost of a request.
 */
import type { FileSystem } from '../../env/index.js';

export interface CpuFigures {
  /** This client's CPU µs per operation. */
  readonly clientUsPerOp: number;
  /** The node's, when its pid was given and /proc could be read (start and end). */
  readonly serverUsPerOp?: number;
}

const US_PER_TICK = 10_000;

export class CpuMeter {
  private readonly client0 = process.cpuUsage();
  private readonly server0: number | undefined;

  constructor(
    private readonly fs: FileSystem,
    private readonly serverPid: number | undefined,
  ) {
    this.server0 = this.serverUs();
  }

  figures(ops: number): CpuFigures {
    const per = (us: number): number => Math.round((us / Math.max(1, ops)) * 100) / 100;
    const c = process.cpuUsage(this.client0);
    const server1 = this.serverUs();
    const server = this.server0 === undefined || server1 === undefined ? {} : { serverUsPerOp: per(server1 - this.server0) };
    return { clientUsPerOp: per(c.user + c.system), ...server };
  }

  /** The node's CPU µs so far, undefined without a pid or a readable /proc/PID/stat. */
  private serverUs(): number | undefined {
    if (this.serverPid === undefined) return undefined;
    return processCpuUs(this.fs, this.serverPid);
  }
}

/** utime + stime of a process in µs, from /proc/PID/stat; undefined when it cannot be read. */
export function processCpuUs(fs: FileSystem, pid: number): number | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`).toString('latin1');
  } catch {
    return undefined;
  }
  // the fields after the command name (which may hold spaces and parentheses) start after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * US_PER_TICK : undefined;
}
