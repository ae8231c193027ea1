/**
 * `ilium sstable verify <table-dir> [generation…]` and `ilium sstable scrub <table-dir>
 * [generation…]`: the offline tools, as Cassandra's sstableverify and sstablescrub (the node must
 * be stopped; scrub takes the data directory's LOCK to be sure). Without generations, every
 * complete SSTable of the directory.
 *
 *   verify  reads every partition; prints one line per SSTable (partitions and cells intact,
 *           partitions, cells and bytes damaged) and one line per damage found; exit 1 if any.
 *   scrub   rewrites each SSTable as a new generation keeping what reads back intact, moves the
 *           old set to the table's quarantine/ folder (never deletes it), and prints what was
 *           dropped; exit 0 (the scrubbed table is whole again), 1 if an SSTable could not be
 *           opened at all.
 *
 * Both rebuild a missing or damaged Summary.db, Filter.db or Statistics.db first (and say so).
 */
import { dirname, resolve } from 'node:path';
import type { Env } from '../env/index.js';
import { lockDataDir } from '../env/index.js';
import { CorruptionError } from '../errors/index.js';
import { formatCheckReport, generationsEverSeen, listSSTables, quarantineGeneration, scrubSSTable, verifySSTable } from '../storage/sstable/index.js';

export interface CheckCommandIo {
  readonly env: Env;
  readonly stdout: { write(s: string): unknown };
  readonly stderr: { write(s: string): unknown };
}

export async function runSSTableCheck(verb: 'verify' | 'scrub', args: readonly string[], io: CheckCommandIo): Promise<number> {
  const [dir, ...gens] = args;
  if (dir === undefined || gens.some((g) => !/^[1-9]\d*$/.test(g))) {
    io.stderr.write(`usage: ilium sstable ${verb} <table-dir> [generation…]\n`);
    return 2;
  }
  const { env } = io;
  if (!env.fs.existsSync(dir)) {
    io.stderr.write(`${dir}: no such table directory\n`);
    return 1;
  }
  const targets = gens.length > 0 ? gens.map(Number) : listSSTables(env, dir);
  // <data>/data/<keyspace>/<table>: the node's LOCK is three levels up.
  const lock = verb === 'scrub' ? lockDataDir(env, dirname(dirname(dirname(resolve(dir)))), 'stop the node before scrubbing offline, or use nodetool scrub') : undefined;
  let failed = false;
  try {
    for (const g of targets) {
      try {
        failed = (verb === 'verify' ? verifyOne(env, dir, g, io) : await scrubOne(env, dir, g, io)) || failed;
      } catch (e) {
        if (!(e instanceof CorruptionError)) throw e;
        io.stdout.write(`generation ${g}: cannot be opened: ${e.message}\n`);
        failed = true;
      }
    }
  } finally {
    lock?.release();
  }
  return failed ? 1 : 0;
}

/** True when damage was found. */
function verifyOne(env: Env, dir: string, generation: number, io: CheckCommandIo): boolean {
  const r = verifySSTable(env, dir, generation);
  io.stdout.write(`${formatCheckReport(r, 'verified')}\n`);
  for (const e of r.errors) io.stdout.write(`  damage: ${e}\n`);
  return r.damagedPartitions > 0 || r.damagedIndexBlocks > 0;
}

async function scrubOne(env: Env, dir: string, generation: number, io: CheckCommandIo): Promise<boolean> {
  const next = Math.max(0, ...generationsEverSeen(env, dir)) + 1;
  const { report, reader } = await scrubSSTable(env, dir, generation, next);
  reader?.close();
  const moved = quarantineGeneration(env, dir, generation);
  io.stdout.write(`${formatCheckReport(report, 'scrubbed')}\n`);
  for (const e of report.errors) io.stdout.write(`  dropped: ${e}\n`);
  io.stdout.write(`  ${reader === null ? 'nothing intact: no new sstable' : `written as generation ${next}`}; the old set (${moved.length} files) moved to ${dir}/quarantine\n`);
  return false;
}
