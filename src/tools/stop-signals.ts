/**
 * How `ilium start` answers SIGINT and SIGTERM: the first one stops the node cleanly (`stop`),
 * a second one while that runs exits at once (128 + the signal's number, as a shell reports a
 * killed process) — a stuck flush cannot hold the process. Writes to a closed stdout or stderr
 * (EPIPE once a `| head -1` reader has gone) are dropped instead of throwing from a later write:
 * the handlers keep working without anyone reading the output.
 */
import { constants } from 'node:os';

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

export function onStopSignals(stop: (signal: StopSignal) => void, exit: (code: number) => void = (code) => process.exit(code)): void {
  let received = 0;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      received++;
      if (received === 1) stop(signal);
      else exit(128 + constants.signals[signal]);
    });
  }
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
