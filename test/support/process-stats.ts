/**
 * What a test reads of another process from /proc (Linux): its resident set and its CPU time, to
 * check a node's memory and that its work stopped (test/reliability).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

/** The process's resident set size in bytes (VmRSS in /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  assert.ok(m !== null, 'no VmRSS in /proc/<pid>/status');
  return Number(m[1]) * 1024;
}

/** User plus system CPU time of a process, in ms (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
