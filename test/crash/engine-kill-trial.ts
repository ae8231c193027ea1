/**
 * One kill -9 trial at the storage engine's level, shared by kill-restart.test.ts and the trials
 * script (trials.ts --level engine): crash-writer.ts writes in a child process with 64 writes in
 * flight and is killed at a chosen moment; the engine reopened on its directory must hold every
 * write the writer acknowledged, each with its value.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRealEnv } from '../../src/env/index.js';
import { BOTTOM, TOP } from '../../src/storage/model/cell-name.js';
import { StorageEngine } from '../../src/storage/storage-engine.js';
import type { CommitLogSync } from '../../src/storage/storage-options.js';
import { CRASH_TABLE, PARTITIONS, seqKey } from './crash-table.js';

const WRITER = fileURLToPath(new URL('./crash-writer.js', import.meta.url));

/** Runs the writer until killed after `killAfterMs`; returns the acknowledged sequence numbers. */
export function runAndKill(dir: string, mode: CommitLogSync, startSeq: number, killAfterMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, dir, mode, String(startSeq)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: number[] = [];
    let buf = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const line of lines) {
        if (line === 'ready') setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        else if (line.startsWith('ack ')) acked.push(Number(line.slice(4)));
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`writer exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * Reopens the engine on `dir` and returns the acknowledged writes it does not hold (or holds
 * with another value: a wrong value counts as lost, and the first one is named in `wrong`).
 */
export async function lostWrites(dir: string, acked: readonly number[]): Promise<{ lost: number[]; wrong: string | undefined }> {
  const engine = await StorageEngine.open({ env: createRealEnv(), dataDir: dir, tables: [CRASH_TABLE] });
  try {
    const present = new Set<number>();
    let wrong: string | undefined;
    for (let p = 0; p < PARTITIONS; p++) {
      const r = engine.read(CRASH_TABLE.id, seqKey(p), { slices: [{ start: BOTTOM, end: TOP }], reversed: false });
      for (const c of r?.cells ?? []) {
        const seq = Number(c.name.readBigUInt64BE(1));
        if (c.value.toString() === `value-${seq}`) present.add(seq);
        else wrong ??= `write ${seq} reads back as ${JSON.stringify(c.value.toString())}`;
      }
    }
    return { lost: acked.filter((s) => !present.has(s)), wrong };
  } finally {
    await engine.close();
  }
}
