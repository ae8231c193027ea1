/**
 * `ilium start`'s command line (commander): the node's overrides of cassandra.yaml (--config,
 * --data, --listen, --seeds, ports, --commitlog-sync, -D properties) and where its log goes
 * (--log-format, --log-level, --log-file, --log-file-size; `node-log.ts`). The node runs until a
 * signal stops it, so the command reports no exit status (-1).
 */
import { type Command, Option } from 'commander';
import { LOG_FILE_SIZE_DEFAULT, LOG_FILES_KEPT, LOG_FORMATS, LOG_LEVELS, logFileSizeBytes, type LogFormat, type LogLevelName, openNodeLog } from './node-log.js';

interface StartFlags {
  readonly config?: string;
  readonly data?: string;
  readonly listen?: string;
  readonly seeds?: string;
  readonly port?: string;
  readonly rpcPort?: string;
  readonly adminPort?: string;
  readonly httpPort?: string;
  readonly commitlogSync?: string;
  readonly D?: string[];
  readonly logFormat?: LogFormat;
  readonly logLevel?: LogLevelName;
  readonly logFile?: string;
  readonly logFileSize?: string;
}

export function addStartCommand(program: Command, done: (code: number) => void): void {
  program
    .command('start')
    .description("Starts a node, its CQL server, its Thrift (0.7 API) server, nodetool's admin port and its HTTP endpoint. The flags override --config's keys.")
    .option('--config <file>', 'a cassandra.yaml-style file (its keys where the meaning is the same)')
    .option('--data <dir>', 'the data directory (data_file_directories; ./data)')
    .option('--listen <addr>', "the node's address (listen_address and rpc_address; 127.0.0.1; several nodes run on one machine at 127.0.0.x)")
    .option('--seeds <a,b>', 'the seed addresses (seed_provider)')
    .option('--port <n>', 'the CQL port (native_transport_port, 9042; 0 picks a free one)')
    .option('--rpc-port <n>', 'the Thrift port (rpc_port, 9160; 0 picks a free one; start_rpc: false in the config turns Thrift off)')
    .option('--admin-port <n>', 'where nodetool connects (admin_port, 7199 on admin_address; 0 picks a free one; start_admin: false turns it off)')
    .option('--http-port <n>', 'the HTTP endpoint: /metrics and the admin API (http_port, 9180 on http_address; 0 picks a free one; start_http: false turns it off)')
    .option('--commitlog-sync <mode>', "the commit log's sync mode: periodic, batch or group")
    .option(
      '-D <name=value>',
      'a Cassandra system property Ilium knows (repeatable): cassandra.test.fail_writes_ks=KS, cassandra.custom_query_handler_class=…, ' +
        'cassandra.auth_bcrypt_gensalt_log2_rounds=N, cassandra.superuser_setup_delay_ms=MS, cassandra.commitlog.ignorereplayerrors=true',
      (v: string, all: string[] | undefined) => [...(all ?? []), v],
    )
    .addOption(new Option('--log-format <format>', 'log lines on stderr: readable (pretty) or JSON; pretty on a terminal, json otherwise').choices(LOG_FORMATS))
    .addOption(new Option('--log-level <level>', 'the least severe level logged').choices(LOG_LEVELS).default('info'))
    .option('--log-file <file>', `also log JSON lines to FILE, rotated (FILE a.log is written as a.1.log, a.2.log…; the newest ${LOG_FILES_KEPT} kept, current.log links to the one in use)`)
    .option('--log-file-size <size>', 'rotate --log-file at this size: bytes, or a number with k, m or g', LOG_FILE_SIZE_DEFAULT)
    .action(async (flags: StartFlags) => done(await start(flags)));
}

async function start(flags: StartFlags): Promise<number> {
  const ports = { '--port': flags.port, '--rpc-port': flags.rpcPort, '--admin-port': flags.adminPort, '--http-port': flags.httpPort };
  for (const [flag, given] of Object.entries(ports)) {
    if (given !== undefined && !isPort(given)) {
      process.stderr.write(`ilium: ${flag} takes a port number (0-65535), got ${given}\n`);
      return 2;
    }
  }
  if (flags.logFileSize !== undefined && logFileSizeBytes(flags.logFileSize) === undefined) {
    process.stderr.write(`ilium: --log-file-size takes bytes or a number with k, m or g, got ${flags.logFileSize}\n`);
    return 2;
  }
  const nodeLog = await openNodeLog({
    stderrIsTTY: process.stderr.isTTY === true,
    ...(flags.logFormat === undefined ? {} : { format: flags.logFormat }),
    ...(flags.logLevel === undefined ? {} : { level: flags.logLevel }),
    ...(flags.logFile === undefined ? {} : { file: flags.logFile, ...(flags.logFileSize === undefined ? {} : { fileSize: flags.logFileSize }) }),
  });
  process.on('exit', () => nodeLog.flush());
  const { startNode } = await import('./start-node.js');
  await startNode({
    log: nodeLog.log,
    ...(flags.config === undefined ? {} : { configFile: flags.config }),
    ...(flags.data === undefined ? {} : { dataDir: flags.data }),
    ...(flags.port === undefined ? {} : { port: Number(flags.port) }),
    ...(flags.rpcPort === undefined ? {} : { rpcPort: Number(flags.rpcPort) }),
    ...(flags.adminPort === undefined ? {} : { adminPort: Number(flags.adminPort) }),
    ...(flags.httpPort === undefined ? {} : { httpPort: Number(flags.httpPort) }),
    ...(flags.listen === undefined ? {} : { listen: flags.listen }),
    ...(flags.seeds === undefined ? {} : { seeds: flags.seeds.split(',').map((x) => x.trim()).filter((x) => x.length > 0) }),
    ...(flags.commitlogSync === undefined ? {} : { commitlogSync: flags.commitlogSync }),
    ...(flags.D === undefined ? {} : { systemProperties: flags.D }),
  });
  return -1; // keeps running
}

function isPort(v: string): boolean {
  return /^\d+$/.test(v) && Number(v) <= 65535;
}
