#!/usr/bin/env node
/**
 * The `ilium` command. Subcommands:
 *   ilium --version
 *   ilium start [--config FILE] [--data DIR] [--listen ADDR] [--seeds A,B] [--port N] [--rpc-port N] [--admin-port N] [--http-port N] [--commitlog-sync periodic|batch|group] [-Dname=value…]
 *   ilium nodetool [-h host] [-p port] [--http] [-u name (-pw password | -pwf file)] [--ssl [--ssl-ca file]] <command> [args…]
 *   ilium schema load FILE [--data DIR] [--partitioner NAME] | [--host H [--port N] [-u user --password pass]]
 *   ilium sstable dump <table dir> <generation>
 *   ilium sstable verify|scrub <table dir> [generation…]
 *   ilium cqlsh [host [port]] [-k ks] [-e stmt] [-f file] [-u user -p pass] [--request-timeout s]
 *   ilium cli [--host H] [--port N] [-k ks] [-f file | --batch] [-u user --password pass] [-v]
 *   ilium stress write|read|mixed [-n N | --duration T] [--concurrency N] [--rate N] [--json FILE|-] …
 */
import { parseArgs } from 'node:util';
import { IliumError } from '../errors/index.js';

// Each subcommand's modules load only when it runs: `ilium start` is ready sooner without the
// schema loaders (XML parser, embedded API) and the SSTable dumper.

const USAGE = `usage:
  ilium --version
      Prints Ilium's version and the Cassandra release it speaks as.
  ilium start [--config FILE] [--data DIR] [--listen ADDR] [--seeds A,B] [--port N] [--rpc-port N] [--admin-port N] [--http-port N] [--commitlog-sync periodic|batch|group] [-Dname=value…]
      Starts a node, its CQL server and its Thrift (0.7 API) server. --config: a cassandra.yaml-style
      file (its keys where the meaning is the same); the flags override it: --data the data
      directory (./data by default), --listen the node's address (listen_address and rpc_address,
      127.0.0.1; several nodes run on one machine at 127.0.0.x), --seeds the seed addresses
      (seed_provider), --port the CQL port (native_transport_port, 9042; 0 picks a
      free one), --rpc-port the Thrift port (rpc_port, 9160; 0 picks a free one; start_rpc: false
      in the config turns Thrift off), --admin-port where nodetool connects (admin_port, 7199 on
      admin_address, 127.0.0.1 by default; 0 picks a free one; start_admin: false turns it off), --http-port the HTTP
      endpoint (http_port: /metrics and the admin API, 9180 on http_address, 127.0.0.1 by default), --commitlog-sync the
      commit log's sync mode. -D: the Cassandra system properties Ilium knows:
      cassandra.test.fail_writes_ks=KS (writes to KS fail),
      cassandra.custom_query_handler_class=org.apache.cassandra.cql3.CustomPayloadMirroringQueryHandler,
      cassandra.auth_bcrypt_gensalt_log2_rounds=N (bcrypt cost of new passwords, 10),
      cassandra.superuser_setup_delay_ms=MS (when the default superuser is made, 10000) and
      cassandra.commitlog.ignorereplayerrors=true (replay skips what it cannot decode, logged).
  ilium schema load FILE [--data DIR] [--partitioner NAME]
  ilium schema load FILE --host H [--port N] [-u user --password pass]
      Adds the keyspaces and column families of FILE (the JSON form
      {"Keyspace":{"CF":{"comparator_type":…}}} or the XML <Keyspace> form) that do not
      exist yet: to the data directory of a stopped node (./data unless --data;
      --partitioner: the one the data is written with, Murmur3Partitioner by default), or with
      --host to the running node there, over its Thrift port (--port, 9160). \`ilium cli --host H
      --batch < FILE\` does the same, as seed 000 loads its schema with cassandra-cli.
  ilium sstable dump <table-dir> <generation>
      Prints an SSTable's partitions as JSON lines.
  ilium sstable verify|scrub <table-dir> [generation…]
      As sstableverify / sstablescrub, on a stopped node: verify reads every partition and reports
      the damage (exit 1 if any); scrub rewrites each SSTable keeping what reads back intact, moves
      the old set to the table's quarantine/ folder, and reports what it dropped (partitions,
      cells, bytes). Both rebuild a missing or damaged Summary.db, Filter.db or Statistics.db first.
  ilium cluster start -n N [--dir DIR] [--base-address 127.0.0.1] [--fault-injection] [--data-center NAME] [--config-extra FILE] | stop [--dir DIR] | status [--dir DIR]
      A local development cluster, as ccm makes one: N \`ilium start\` processes on consecutive
      loopback addresses, each with its own data, config and log under DIR (./cluster).
      --fault-injection (testing) sets enable_fault_injection so \`nodetool faults\` works.
      --config-extra FILE merges its cassandra.yaml keys into each new node's config ({address}
      and {node} in it become the node's address and name).
  ilium cqlsh [host [port]] [-k keyspace] [-e "stmt"] [-f file] [-u user -p pass] [--request-timeout s]
      An interactive CQL shell (cqlsh) connected to a node (127.0.0.1 9042 by default);
      -e / -f run statements and exit. \`ilium cqlsh --help\` lists the options.
  ilium cli [--host H] [--port N] [-k keyspace] [-f file | --batch] [-u user --password pass] [-v]
      The cassandra-cli 0.7 shell over a node's Thrift port (127.0.0.1 9160 by default);
      -f / --batch run statements and exit. \`ilium cli --help\` lists the options.
  ilium nodetool [-h host] [-p port] [--http] [-u name (-pw password | -pwf file)] [--ssl [--ssl-ca file]] <command> [args…]
      Asks a running node (its admin port, 127.0.0.1:7199 by default, or with --http its HTTP
      endpoint, 127.0.0.1:9180; a superuser's -u/-pw when
      its authenticator is PasswordAuthenticator): status, info, ring, describecluster,
      version, tablestats, flush, compact, verify, scrub, snapshot, clearsnapshot, drain. \`ilium nodetool --help\`
      lists them.
  ilium stress write|read|mixed [-n N | --duration T] [--concurrency N] [--rate N] [--json FILE|-] …
      A load generator in the spirit of cassandra-stress, over CQL (Ilium or Cassandra; 127.0.0.1
      9042 by default): progress every second, then throughput and latency percentiles per
      operation. \`ilium stress --help\` lists the options.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start') {
    return start(rest);
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    const { versionLine } = await import('./version.js');
    process.stdout.write(`${versionLine()}\n`);
    return 0;
  }
  if (command === 'schema' && rest[0] === 'load') return schemaLoad(rest.slice(1));
  if (command === 'cqlsh') {
    const { runCqlsh } = await import('./cqlsh/run-cqlsh.js');
    return runCqlsh({ argv: rest, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  }
  if (command === 'cli') {
    const { runCli } = await import('./cli/run-cli.js');
    return runCli({ argv: rest, env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  }
  if (command === 'cluster') {
    const { runCluster } = await import('./cluster/run-cluster.js');
    return runCluster({ argv: rest, stdout: process.stdout, stderr: process.stderr });
  }
  if (command === 'nodetool') {
    const [{ runNodetool }, { createRealEnv }] = await Promise.all([import('./nodetool/run-nodetool.js'), import('../env/index.js')]);
    return runNodetool({ argv: rest, env: createRealEnv(), vars: process.env, stdout: process.stdout, stderr: process.stderr });
  }
  if (command === 'stress') {
    const [{ runStress }, { createRealEnv }] = await Promise.all([import('./stress/run-stress.js'), import('../env/index.js')]);
    return runStress({ argv: rest, env: createRealEnv(), stdout: process.stdout, stderr: process.stderr });
  }
  if (command === 'sstable' && rest[0] === 'dump' && rest.length === 3) {
    const [{ dumpSSTable }, { createRealEnv }] = await Promise.all([import('../storage/sstable/index.js'), import('../env/index.js')]);
    process.stdout.write(dumpSSTable(createRealEnv(), rest[1]!, Number(rest[2])));
    return 0;
  }
  if (command === 'sstable' && (rest[0] === 'verify' || rest[0] === 'scrub')) {
    const [{ runSSTableCheck }, { createRealEnv }] = await Promise.all([import('./sstable-check-command.js'), import('../env/index.js')]);
    return runSSTableCheck(rest[0], rest.slice(1), { env: createRealEnv(), stdout: process.stdout, stderr: process.stderr });
  }
  process.stderr.write(`${USAGE}\n`);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

async function start(args: string[]): Promise<number> {
  let values;
  try {
    const options = {
      config: { type: 'string' },
      data: { type: 'string' },
      port: { type: 'string' },
      'rpc-port': { type: 'string' },
      'admin-port': { type: 'string' },
      'http-port': { type: 'string' },
      listen: { type: 'string' },
      seeds: { type: 'string' },
      'commitlog-sync': { type: 'string' },
      D: { type: 'string', short: 'D', multiple: true },
    } as const;
    values = parseArgs({ args, options }).values;
  } catch (e) {
    process.stderr.write(`ilium: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const port = portOption(values.port);
  const rpcPort = portOption(values['rpc-port']);
  const adminPort = portOption(values['admin-port']);
  const httpPort = portOption(values['http-port']);
  for (const [flag, v, given] of [['--port', port, values.port], ['--rpc-port', rpcPort, values['rpc-port']], ['--admin-port', adminPort, values['admin-port']], ['--http-port', httpPort, values['http-port']]] as const) {
    if (Number.isNaN(v)) {
      process.stderr.write(`ilium: ${flag} takes a port number (0-65535), got ${given}\n`);
      return 2;
    }
  }
  const { startNode } = await import('./start-node.js');
  await startNode({
    ...(values.config === undefined ? {} : { configFile: values.config }),
    ...(values.data === undefined ? {} : { dataDir: values.data }),
    ...(port === undefined ? {} : { port }),
    ...(rpcPort === undefined ? {} : { rpcPort }),
    ...(adminPort === undefined ? {} : { adminPort }),
    ...(httpPort === undefined ? {} : { httpPort }),
    ...(values.listen === undefined ? {} : { listen: values.listen }),
    ...(values.seeds === undefined ? {} : { seeds: values.seeds.split(',').map((x) => x.trim()).filter((x) => x.length > 0) }),
    ...(values['commitlog-sync'] === undefined ? {} : { commitlogSync: values['commitlog-sync'] }),
    ...(values.D === undefined ? {} : { systemProperties: values.D }),
  });
  return -1; // keeps running
}

function portOption(v: string | undefined): number | undefined {
  return v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : NaN;
}

async function schemaLoad(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { data: { type: 'string' }, partitioner: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' }, user: { type: 'string', short: 'u' }, password: { type: 'string' } },
    });
  } catch (e) {
    process.stderr.write(`ilium: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    process.stderr.write(`ilium: schema load takes one FILE\n${USAGE}\n`);
    return 2;
  }
  const file = positionals[0]!;
  const { loadSchemaFile, loadSchemaRemote, readSchemaFile } = await import('./schema-load.js');
  let lines: string[];
  if (values.host === undefined) {
    if (values.port !== undefined || values.user !== undefined) {
      process.stderr.write(`ilium: schema load: --port and --user go with --host (a running node)\n${USAGE}\n`);
      return 2;
    }
    lines = await loadSchemaFile({ file, dataDir: values.data ?? 'data', partitioner: values.partitioner });
  } else {
    const port = portOption(values.port) ?? 9160;
    if (values.data !== undefined || values.partitioner !== undefined || !Number.isInteger(port) || port < 1 || port > 65535) {
      process.stderr.write(`ilium: schema load: --host loads into a running node: no --data or --partitioner, and --port must be a port number\n${USAGE}\n`);
      return 2;
    }
    const { createRealEnv } = await import('../env/index.js');
    const credentials = values.user === undefined ? undefined : { username: values.user, password: values.password ?? '' };
    lines = await loadSchemaRemote(`schema file ${file}`, readSchemaFile(createRealEnv(), file), { host: values.host, port, ...(credentials === undefined ? {} : { credentials }) });
  }
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
