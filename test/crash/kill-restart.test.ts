/**
 * Crash safety under SIGKILL: a child process writes under load and is killed at a random moment;
 * after restart every write it acknowledged must read back. Batch and group modes acknowledge
 * only after fsync; periodic mode acknowledges after the write reached the OS, which a process
 * kill (unlike power loss) cannot take away — so all three modes must lose nothing here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createRealEnv } from '../../src/env/index.js';
import { BOTTOM, TOP } from '../../src/storage/model/cell-name.js';
import { StorageEngine } from '../../src/storage/storage-engine.js';
import type { CommitLogSync } from '../../src/storage/storage-options.js';
import { TestRandom, tempEnv } from '../support/temp-env.js';
import { CRASH_TABLE, PARTITIONS, seqKey } from './crash-table.js';

const WRITER = fileURLToPath(new URL('./crash-writer.js', import.meta.url));

/** Runs the writer until killed after `killAfterMs`; returns the acknowledged sequence numbers. */
function runAndKill(dir: string, mode: CommitLogSync, startSeq: number, killAfterMs: number): Promise<number[]> {
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

async function verify(dir: string, acked: readonly number[]): Promise<void> {
  const engine = await StorageEngine.open({ env: createRealEnv(), dataDir: dir, tables: [CRASH_TABLE] });
  try {
    const present = new Set<number>();
    for (let p = 0; p < PARTITIONS; p++) {
      const r = engine.read(CRASH_TABLE.id, seqKey(p), { slices: [{ start: BOTTOM, end: TOP }], reversed: false });
      for (const c of r?.cells ?? []) {
        const seq = Number(c.name.readBigUInt64BE(1));
        assert.equal(c.value.toString(), `value-${seq}`, `value of ${seq}`);
        present.add(seq);
      }
    }
    const lost = acked.filter((s) => !present.has(s));
    assert.deepEqual(lost.slice(0, 10), [], `${lost.length} of ${acked.length} acknowledged writes lost`);
  } finally {
    await engine.close();
  }
}

const TRIALS = Number(process.env.ILIUM_CRASH_TRIALS ?? 8);

for (const mode of ['batch', 'group', 'periodic'] as const) {
  test(`kill -9 loses no acknowledged write (${mode}, ${TRIALS} kills)`, { timeout: 300_000 }, async () => {
    const { dir, cleanup } = tempEnv(`ilium-crash-${mode}-`);
    const r = new TestRandom(mode.length * 7919 + 17);
    const acked: number[] = [];
    try {
      for (let trial = 0; trial < TRIALS; trial++) {
        const start = trial * 10_000_000;
        acked.push(...(await runAndKill(dir, mode, start, 150 + r.int(900))));
        await verify(dir, acked);
      }
      assert.ok(acked.length > TRIALS * 50, `only ${acked.length} writes were acknowledged`);
    } finally {
      cleanup();
    }
  });
}
