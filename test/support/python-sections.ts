/**
 * Runs a Python test script that reports its progress as one "ok <section>" line per section
 * passed (the driver matrix, the Thrift client suite) and exits non-zero on a failed check:
 * resolves with the exit code, the sections passed, and what the script wrote to stderr.
 */
import { spawn } from 'node:child_process';

export interface PythonSectionsRun {
  readonly code: number | null;
  readonly passed: readonly string[];
  readonly stderr: string;
}

export async function runPythonSections(python: string, script: string, args: readonly string[]): Promise<PythonSectionsRun> {
  const child = spawn(python, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const passed = out.split('\n').filter((l) => l.startsWith('ok ')).map((l) => l.slice(3));
  return { code, passed, stderr: err };
}
