#!/usr/bin/env node
/**
 * The `ilium` command. Subcommands:
 *   ilium start [--data DIR] [--commitlog-sync periodic|batch|group]
 *   ilium sstable dump <table dir> <generation>
 */
import { parseArgs } from 'node:util';
import { createRealEnv } from '../env/index.js';
import { IliumError } from '../errors/index.js';
import { dumpSSTable } from '../storage/sstable/index.js';
import type { CommitLogSync } from '../storage/storage-options.js';
import { startNode } from './start-node.js';

const USAGE = `usage:
  ilium start [--data DIR] [--commitlog-sync periodic|batch|group]
      Starts a node. Data goes to ./data unless --data says otherwise.
  ilium sstable dump <table-dir> <generation>
      Prints an SSTable's partitions as JSON lines.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start') {
    const { values } = parseArgs({ args: rest, options: { data: { type: 'string', default: 'data' }, 'commitlog-sync': { type: 'string' } } });
    const sync = values['commitlog-sync'] as CommitLogSync | undefined;
    await startNode({ dataDir: values.data!, storage: sync ? { commitlogSync: sync } : {} });
    return -1; // keeps running
  }
  if (command === 'sstable' && rest[0] === 'dump' && rest.length === 3) {
    process.stdout.write(dumpSSTable(createRealEnv(), rest[1]!, Number(rest[2])));
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`ilium: ${e instanceof IliumError ? `${e.name}: ${e.message}` : e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  },
);
