#!/usr/bin/env node
/**
 * The `ilium` command: `ilium <command> [options]`, `ilium <command> --help`, `ilium help
 * [command]`, `ilium --version`. Built on commander (docs/DEPENDENCIES.md says why): it gives
 * each command its help, refuses an unknown command or flag with the nearest known one ("did you
 * mean"), exit 2. The shells and tools that keep the command lines of Cassandra's own (cqlsh,
 * cassandra-cli, nodetool with `-h host` and `-pw`, which commander's one-letter short flags
 * cannot spell) and stress and cluster parse their arguments themselves: commander lists them,
 * and `ilium X …` / `ilium help X` go straight to their parser, which answers `--help` and
 * refuses unknown flags the same way. `--help` is help everywhere; `-h` is a host where a
 * Cassandra tool made it one (nodetool, cli) and unknown elsewhere.
 *
 * Each command's modules load only when it runs: `ilium start` is ready sooner without the schema
 * loaders (XML parser, embedded API), the shells' driver and the SSTable dumper.
 */
import type { Command } from 'commander';
import { failureLine } from './startup-failure.js';

/** The commands with a parser of their own: what `ilium --help` says of each. */
const OWN_PARSERS = {
  nodetool: 'asks a running node (its admin port, 127.0.0.1:7199, or its HTTP endpoint with --http): status, info, ring, tpstats, tablestats, flush, compact, snapshot, repair… (-h host -p port)',
  cqlsh: 'an interactive CQL shell connected to a node (127.0.0.1 9042); -e / -f run statements and exit',
  cli: "cassandra-cli 0.7's shell over a node's Thrift port (127.0.0.1 9160); -f / --batch run statements and exit",
  stress: 'a load generator in the spirit of cassandra-stress, over CQL: write|read|mixed, throughput and latency percentiles',
  cluster: 'a local development cluster as ccm makes one: start -n N | stop | status',
} as const;
type OwnParser = keyof typeof OWN_PARSERS;

const VERSION_FLAGS = ['--version', '-v', 'version'];

/** The exit status of a usage error, as the tools' own parsers answer one. */
const USAGE_EXIT = 2;

async function main(argv: readonly string[]): Promise<number> {
  const [first, second] = argv;
  if (first !== undefined && isOwnParser(first)) return runOwnParser(first, argv.slice(1));
  if (first === 'help' && second !== undefined && isOwnParser(second)) return runOwnParser(second, ['--help']);
  if (first !== undefined && VERSION_FLAGS.includes(first) && argv.length === 1) {
    const { versionLine } = await import('./version.js');
    process.stdout.write(`${versionLine()}\n`);
    return 0;
  }
  // commander and start's flags (pino with them) load only for the commands commander parses.
  const [{ Command, CommanderError }, { addStartCommand }] = await Promise.all([import('commander'), import('./start-command.js')]);
  let code = 0;
  const program = buildProgram(new Command('ilium'), addStartCommand, (c) => (code = c));
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    // commander has written its message ("error: unknown option '--sed'\n(Did you mean --seed?)").
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : USAGE_EXIT;
    throw e;
  }
  return code;
}

function buildProgram(root: Command, addStartCommand: (program: Command, done: (code: number) => void) => void, done: (code: number) => void): Command {
  const program = root
    .description("Apache Cassandra's data model in TypeScript: a node, its tools and shells.")
    .helpOption('--help', 'this help')
    .option('-v, --version', "Ilium's version and the Cassandra release it speaks as")
    .exitOverride()
    .showHelpAfterError('(add --help for the options)')
    .configureOutput({ writeErr: (s) => void process.stderr.write(s) });
  program.addHelpCommand('help [command]', 'help for a command');
  program.addHelpText('after', '\n`ilium <command> --help` (or `ilium help <command>`) gives a command\'s options.');
  addStartCommand(program, done);
  addSchemaCommand(program, done);
  addSSTableCommand(program, done);
  for (const [name, summary] of Object.entries(OWN_PARSERS)) {
    // Listed here only: main() hands `ilium <name> …` to the command's own parser.
    program.command(name).description(`${summary}; \`ilium ${name} --help\` lists its options`).helpOption(false).allowUnknownOption();
  }
  program.command('version').description('the same as --version');
  return program;
}

function addSchemaCommand(program: Command, done: (code: number) => void): void {
  const schema = program.command('schema').description('schema files: load');
  schema
    .command('load')
    .description(
      'Adds the keyspaces and column families of FILE (the JSON form {"Keyspace":{"CF":{…}}} or the XML <Keyspace> form) that do not exist yet: ' +
        'to the data directory of a stopped node, or with --host to the running node there over its Thrift port (as `ilium cli --host H --batch < FILE`).',
    )
    .argument('<file>', 'the schema file')
    .option('--data <dir>', 'the stopped node\'s data directory (./data)')
    .option('--partitioner <name>', 'the one the data is written with (Murmur3Partitioner)')
    .option('--host <host>', 'load into the running node there instead')
    .option('--port <port>', 'its Thrift port (9160)')
    .option('-u, --user <name>', 'log in as (with --host)')
    .option('--password <password>', 'its password')
    .action(async (file: string, o: { data?: string; partitioner?: string; host?: string; port?: string; user?: string; password?: string }) => done(await schemaLoad(file, o)));
}

function addSSTableCommand(program: Command, done: (code: number) => void): void {
  const sstable = program.command('sstable').description('offline SSTable tools (a stopped node): dump, verify, scrub');
  sstable
    .command('dump')
    .description("prints an SSTable's partitions as JSON lines")
    .argument('<table-dir>')
    .argument('<generation>')
    .action(async (dir: string, generation: string) => {
      const [{ dumpSSTable }, { createRealEnv }] = await Promise.all([import('../storage/sstable/index.js'), import('../env/index.js')]);
      process.stdout.write(dumpSSTable(createRealEnv(), dir, Number(generation)));
      done(0);
    });
  const checks = {
    verify: 'as sstableverify: reads every partition and reports the damage (exit 1 if any); rebuilds a missing or damaged Summary.db, Filter.db or Statistics.db first',
    scrub: "as sstablescrub: rewrites each SSTable keeping what reads back intact, moves the old set to the table's quarantine/ folder, reports what it dropped",
  } as const;
  for (const [verb, description] of Object.entries(checks) as ['verify' | 'scrub', string][]) {
    sstable
      .command(verb)
      .description(description)
      .argument('<table-dir>')
      .argument('[generations...]')
      .action(async (dir: string, generations: string[]) => {
        const [{ runSSTableCheck }, { createRealEnv }] = await Promise.all([import('./sstable-check-command.js'), import('../env/index.js')]);
        done(await runSSTableCheck(verb, [dir, ...generations], { env: createRealEnv(), stdout: process.stdout, stderr: process.stderr }));
      });
  }
}

function isOwnParser(name: string): name is OwnParser {
  return Object.hasOwn(OWN_PARSERS, name);
}

async function runOwnParser(command: OwnParser, argv: readonly string[]): Promise<number> {
  const std = { stdout: process.stdout, stderr: process.stderr };
  switch (command) {
    case 'cqlsh': {
      const { runCqlsh } = await import('./cqlsh/run-cqlsh.js');
      return runCqlsh({ argv: [...argv], env: process.env, stdin: process.stdin, ...std });
    }
    case 'cli': {
      const { runCli } = await import('./cli/run-cli.js');
      return runCli({ argv: [...argv], env: process.env, stdin: process.stdin, ...std });
    }
    case 'cluster': {
      const { runCluster } = await import('./cluster/run-cluster.js');
      return runCluster({ argv, ...std });
    }
    case 'nodetool': {
      const [{ runNodetool }, { createRealEnv }] = await Promise.all([import('./nodetool/run-nodetool.js'), import('../env/index.js')]);
      return runNodetool({ argv, env: createRealEnv(), vars: process.env, ...std });
    }
    case 'stress': {
      const [{ runStress }, { createRealEnv }] = await Promise.all([import('./stress/run-stress.js'), import('../env/index.js')]);
      return runStress({ argv: [...argv], env: createRealEnv(), ...std });
    }
  }
}

async function schemaLoad(file: string, o: { data?: string; partitioner?: string; host?: string; port?: string; user?: string; password?: string }): Promise<number> {
  const { loadSchemaFile, loadSchemaRemote, readSchemaFile } = await import('./schema-load.js');
  let lines: string[];
  if (o.host === undefined) {
    if (o.port !== undefined || o.user !== undefined) {
      process.stderr.write('ilium: schema load: --port and --user go with --host (a running node)\n');
      return USAGE_EXIT;
    }
    lines = await loadSchemaFile({ file, dataDir: o.data ?? 'data', partitioner: o.partitioner });
  } else {
    const port = o.port === undefined ? 9160 : /^\d+$/.test(o.port) ? Number(o.port) : NaN;
    if (o.data !== undefined || o.partitioner !== undefined || !Number.isInteger(port) || port < 1 || port > 65535) {
      process.stderr.write('ilium: schema load: --host loads into a running node: no --data or --partitioner, and --port must be a port number\n');
      return USAGE_EXIT;
    }
    const { createRealEnv } = await import('../env/index.js');
    const credentials = o.user === undefined ? undefined : { username: o.user, password: o.password ?? '' };
    lines = await loadSchemaRemote(`schema file ${file}`, readSchemaFile(createRealEnv(), file), { host: o.host, port, ...(credentials === undefined ? {} : { credentials }) });
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${failureLine(e)}\n`);
    process.exitCode = 1;
  },
);
