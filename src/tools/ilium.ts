#!/usr/bin/env node
/**
 * The `ilium` command. Subcommands:
 *   ilium start [--data DIR] [--commitlog-sync periodic|batch|group]
 *   ilium schema load FILE [--data DIR] [--partitioner NAME]
 *   ilium sstable dump <table dir> <generation>
 *   ilium cqlsh [host [port]] [-k ks] [-e stmt] [-f file] [-u user -p pass] [--request-timeout s]
 */
import { parseArgs } from 'node:util';
import { createRealEnv } from '../env/index.js';
import { IliumError } from '../errors/index.js';
import { dumpSSTable } from '../storage/sstable/index.js';
import type { CommitLogSync } from '../storage/storage-options.js';
import { loadSchemaFile } from './schema-load.js';
import { startNode } from './start-node.js';

const USAGE = `usage:
  ilium start [--data DIR] [--commitlog-sync periodic|batch|group]
      Starts a node. Data goes to ./data unless --data says otherwise.
  ilium schema load FILE [--data DIR] [--partitioner NAME]
      Adds the keyspaces and column families of FILE (the JSON form
      {"Keyspace":{"CF":{"comparator_type":…}}} or the XML <Keyspace> form) that do not
      exist yet to the data directory (./data unless --data). The node must not be running.
      --partitioner: the one the data is written with (Murmur3Partitioner by default).
  ilium sstable dump <table-dir> <generation>
      Prints an SSTable's partitions as JSON lines.
  ilium cqlsh [host [port]] [-k keyspace] [-e "stmt"] [-f file] [-u user -p pass] [--request-timeout s]
      An interactive CQL shell (cqlsh) connected to a node (127.0.0.1 9042 by default);
      -e / -f run statements and exit. \`ilium cqlsh --help\` lists the options.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start') {
    const { values } = parseArgs({ args: rest, options: { data: { type: 'string', default: 'data' }, 'commitlog-sync': { type: 'string' } } });
    const sync = values['commitlog-sync'] as CommitLogSync | undefined;
    await startNode({ dataDir: values.data!, storage: sync ? { commitlogSync: sync } : {} });
    return -1; // keeps running
  }
  if (command === 'schema' && rest[0] === 'load') return schemaLoad(rest.slice(1));
  if (command === 'cqlsh') {
    // loaded only when asked for: `ilium start` does not pay for the driver
    const { runCqlsh } = await import('./cqlsh/run-cqlsh.js');
    return runCqlsh({ argv: rest, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  }
  if (command === 'sstable' && rest[0] === 'dump' && rest.length === 3) {
    process.stdout.write(dumpSSTable(createRealEnv(), rest[1]!, Number(rest[2])));
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

async function schemaLoad(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { data: { type: 'string', default: 'data' }, partitioner: { type: 'string' } } });
  } catch (e) {
    process.stderr.write(`ilium: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    process.stderr.write(`ilium: schema load takes one FILE\n${USAGE}\n`);
    return 2;
  }
  const lines = await loadSchemaFile({ file: positionals[0]!, dataDir: values.data!, partitioner: values.partitioner });
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
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
