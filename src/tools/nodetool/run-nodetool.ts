/**
 * `ilium nodetool [-h host] [--http-port port | -p port] [-u name (-pw password | -pwf file)] [--ssl [--ssl-ca file]] <command> [args…]`: asks
 * a node over its HTTP endpoint's admin API (http-admin-client.ts, 127.0.0.1:9180 by default,
 * `--http-port` another) — or, given `-p`, over its admin port (the JSON-lines port, Cassandra's
 * JMX port's counterpart, so `-p 7199` scripts keep asking it) — and prints the answer as
 * Cassandra's nodetool does (`transportOf` decides which). Credentials (a superuser's, needed when the node's authentication
 * is on) come from -pw or from a password file in JMX's jmxremote.password form (a line
 * "name password" for -u's name), as Cassandra's nodetool reads them. Exit codes: 0 done, 1 the
 * node refused (credentials too: "Failed to connect … SecurityException: 'Authentication failed!
 * …'", as Cassandra's nodetool says) or failed the command, 2 bad usage, 3 no node answered.
 * With --ssl it speaks TLS (the node's admin port does when client_encryption_options is enabled),
 * verifying the node's certificate with the CA of --ssl-ca or $NODETOOL_SSL_CA (node's default CAs
 * without one) and the host it connects to; a TLS-only port closing on a plaintext request, or a
 * certificate that does not verify, is a refusal (exit 1) that says so.
 */
import type { Writable } from 'node:stream';
import type { Env, TlsClientOptions } from '../../env/index.js';
import { NODETOOL_COMMANDS, type NodetoolCommand, type NodetoolCommandName, isNodetoolCommand } from '../../server/admin/nodetool-commands.js';
import { closestName, unknownOptionMessage } from '../option-suggestion.js';
import { AdminClosedError, AdminCommandError, type AdminCredentials, callAdmin } from './admin-client.js';
import { callAdminHttp } from './http-admin-client.js';
import { formatDescribeCluster, formatGossipInfo, formatInfo, formatRepair, formatRing, formatBackgroundFailures, formatStatus } from './nodetool-output.js';
import { formatCompactionStats, formatGcStats, formatListSnapshots, formatNetStats, formatProxyHistograms, formatTableHistograms, formatTableStats, formatTpStats } from './stats-output.js';

export const NODETOOL_USAGE = `usage: ilium nodetool [-h host] [--http-port port | -p port] [-u name (-pw password | -pwf file)] [--ssl [--ssl-ca file] [--ssl-cert file --ssl-key file]] [--timeout seconds] <command> [args…]
  -h, --host     the node's address (http_address, or admin_address with -p; 127.0.0.1 by default)
  --http-port    the node's HTTP endpoint port (http_port in the config): nodetool asks the
                 endpoint's admin API (POST /api/v1/<command>) on 9180 unless told otherwise
  -p, --port     ask the node's admin port instead (admin_port in the config, 7199 by default;
                 Cassandra's -p is the JMX port, which the admin port stands for)
  --http         the HTTP endpoint (the default); with it, -p names the HTTP port (older form)
  -u, --username a superuser's name: every command needs one when the node's authenticator is
                 PasswordAuthenticator
  -pw, --password        its password
  -pwf, --password-file  a file of "name password" lines (JMX's jmxremote.password form): the
                 password of -u's name is read from it
  --ssl          TLS (HTTPS to the endpoint, TLS to the admin port: both serve it when the node's
                 client_encryption_options is enabled); the node's certificate must name -h's address
  --ssl-ca FILE  PEM certificates of the CA that signed the node's certificate (default
                 $NODETOOL_SSL_CA, else the system's CAs); implies --ssl
  --ssl-cert FILE --ssl-key FILE  a client certificate and its key (PEM), for a node whose
                 client_encryption_options has require_client_auth: true; imply --ssl
commands:
${commandLines()}`;

/** The command table as help lines: synopsis, then the summary wrapped beside it. */
function commandLines(): string {
  const width = 32;
  const lines: string[] = [];
  for (const [name, c] of Object.entries(NODETOOL_COMMANDS)) {
    const head = `  ${name}${c.args === '' ? '' : ` ${c.args}`}`;
    const words = c.summary.split(' ');
    let line = head.length < width ? head.padEnd(width) : `${head}\n${' '.repeat(width)}`;
    let used = 0;
    for (const w of words) {
      if (used > 0 && used + w.length > 64) {
        lines.push(line.trimEnd());
        line = ' '.repeat(width);
        used = 0;
      }
      line += `${w} `;
      used += w.length + 1;
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

/** The options before the command, for "did you mean". */
const GLOBAL_FLAGS = ['-h', '--host', '-p', '--port', '--http', '--http-port', '--timeout', '-u', '--username', '-pw', '--password', '-pwf', '--password-file', '--ssl', '--ssl-ca', '--ssl-cert', '--ssl-key', '--help'];

export interface NodetoolIo {
  readonly argv: readonly string[];
  readonly env: Env;
  /** The process environment ($NODETOOL_SSL_CA); none by default. */
  readonly vars?: Readonly<Record<string, string | undefined>>;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

interface Parsed {
  readonly host: string;
  readonly port: number;
  /** The HTTP endpoint's admin API rather than the admin port (`transportOf`). */
  readonly http: boolean;
  readonly timeoutMs: number;
  readonly user: string | undefined;
  readonly password: string | undefined;
  readonly passwordFile: string | undefined;
  /** --ssl (or a flag that implies it). */
  readonly ssl: boolean;
  readonly sslCa: string | undefined;
  readonly sslCert: string | undefined;
  readonly sslKey: string | undefined;
  readonly command: string;
  readonly args: string[];
}

export function parseNodetoolArgs(argv: readonly string[]): Parsed | string {
  let host = '127.0.0.1';
  let port: number | undefined;
  let httpPort: number | undefined;
  let http = false;
  let timeoutMs = 600_000;
  let user: string | undefined;
  let password: string | undefined;
  let passwordFile: string | undefined;
  let ssl = false;
  let sslCa: string | undefined;
  let sslCert: string | undefined;
  let sslKey: string | undefined;
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    try {
      if (a === '-h' || a === '--host') host = value();
      else if (a === '-p' || a === '--port' || a === '--http-port') {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 65535) return `${a}: not a port number: ${argv[i]}`;
        if (a === '--http-port') httpPort = n;
        else port = n;
      } else if (a === '--timeout') {
        const s = Number(value());
        if (!(s > 0)) return `--timeout: not a number of seconds: ${argv[i]}`;
        timeoutMs = s * 1000;
      } else if (a === '-u' || a === '--username') user = value();
      else if (a === '-pw' || a === '--password') password = value();
      else if (a === '-pwf' || a === '--password-file') passwordFile = value();
      else if (a === '--ssl') ssl = true;
      else if (a === '--http') http = true;
      else if (a === '--ssl-ca') sslCa = value();
      else if (a === '--ssl-cert') sslCert = value();
      else if (a === '--ssl-key') sslKey = value();
      else if (a === '--help' || a === 'help') return 'help';
      else if (a.startsWith('-')) return unknownOptionMessage(a, GLOBAL_FLAGS);
      else break;
    } catch (e) {
      return (e as Error).message;
    }
  }
  const command = argv[i];
  if (command === undefined) return 'no command given';
  if (!isNodetoolCommand(command)) {
    const near = closestName(command, Object.keys(NODETOOL_COMMANDS));
    return `unknown command '${command}'${near === undefined ? '' : ` (did you mean ${near}?)`}`;
  }
  const refused = unknownCommandFlag(command, argv.slice(i + 1));
  if (refused !== undefined) return refused;
  if (user === undefined && (password !== undefined || passwordFile !== undefined)) return `${password !== undefined ? '-pw' : '--password-file'} needs -u (the name to log in as)`;
  if (user !== undefined && password === undefined && passwordFile === undefined) return `-u ${user} needs -pw PASSWORD or --password-file FILE`;
  if ((sslCert === undefined) !== (sslKey === undefined)) return '--ssl-cert and --ssl-key go together';
  ssl ||= sslCa !== undefined || sslCert !== undefined;
  const transport = transportOf({ port, httpPort, http });
  if (typeof transport === 'string') return transport;
  return { host, ...transport, timeoutMs, user, password, passwordFile, ssl, sslCa, sslCert, sslKey, command, args: argv.slice(i + 1) as string[] };
}

/** The HTTP endpoint's default port (http_port's default, config/). */
export const HTTP_PORT_DEFAULT = 9180;

/**
 * Which of the node's ports nodetool asks. The HTTP endpoint by default (9180, or --http-port's);
 * `-p` alone asks the admin port, as it always has (Cassandra's nodetool -p is the JMX port, and
 * the admin port is Ilium's JMX), so scripts written as `nodetool -p 7199 …` keep working; with
 * `--http`, `-p` names the HTTP port (the form before HTTP became the default). Giving both -p
 * and --http-port is refused: they name different ports.
 */
export function transportOf(o: { readonly port: number | undefined; readonly httpPort: number | undefined; readonly http: boolean }): { http: boolean; port: number } | string {
  if (o.httpPort !== undefined && o.port !== undefined) return '-p (the admin port, or with --http the HTTP port) and --http-port both name a port: give one';
  if (o.httpPort !== undefined) return { http: true, port: o.httpPort };
  if (o.port !== undefined) return { http: o.http, port: o.port };
  return { http: true, port: HTTP_PORT_DEFAULT };
}

/** A flag the command does not take (a negative number is a value, not a flag), as a refusal. */
function unknownCommandFlag(command: NodetoolCommandName, args: readonly string[]): string | undefined {
  const flags: readonly string[] = (NODETOOL_COMMANDS[command] as NodetoolCommand).flags ?? [];
  const flag = args.find((a) => a.startsWith('-') && !/^-\.?\d/.test(a) && !flags.includes(a.split('=')[0]!));
  if (flag === undefined) return undefined;
  return `${command}: ${unknownOptionMessage(flag, flags)}${flags.length === 0 ? `; ${command} takes no options` : ''}`;
}

/** The password of `user` in a jmxremote.password-style text: "name password" lines, '#' comments. */
export function passwordFromFile(text: string, user: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const [name, password] = line.trim().split(/\s+/);
    if (name === undefined || name.startsWith('#')) continue;
    if (name === user && password !== undefined) return password;
  }
  return undefined;
}

/** The credentials the arguments give (none without -u), or why they give none. */
function credentialsOf(parsed: Parsed, env: Env): AdminCredentials | undefined | string {
  if (parsed.user === undefined) return undefined;
  if (parsed.password !== undefined) return { user: parsed.user, password: parsed.password };
  const file = parsed.passwordFile!;
  let text: string;
  try {
    text = env.fs.readFileSync(file).toString('utf8');
  } catch (e) {
    return `cannot read the password file ${file}: ${(e as Error).message}`;
  }
  const password = passwordFromFile(text, parsed.user);
  return password === undefined ? `the password file ${file} has no line for ${parsed.user}` : { user: parsed.user, password };
}

/** The TLS options --ssl and its files give (undefined without --ssl), or why there are none. */
function tlsOf(parsed: Parsed, env: Env, vars: Readonly<Record<string, string | undefined>>): TlsClientOptions | undefined | string {
  if (!parsed.ssl) return undefined;
  const files: Record<string, string | undefined> = { ca: parsed.sslCa ?? vars['NODETOOL_SSL_CA'], cert: parsed.sslCert, key: parsed.sslKey };
  const read: Record<string, Buffer> = {};
  for (const [name, file] of Object.entries(files)) {
    if (file === undefined || file === '') continue;
    try {
      read[name] = env.fs.readFileSync(file);
    } catch (e) {
      return `cannot read the ${name === 'ca' ? 'CA file (--ssl-ca, $NODETOOL_SSL_CA)' : `--ssl-${name} file`} ${file}: ${(e as Error).message}`;
    }
  }
  return { ...read };
}

export async function runNodetool(io: NodetoolIo): Promise<number> {
  const parsed = parseNodetoolArgs(io.argv);
  if (typeof parsed === 'string') {
    if (parsed === 'help') {
      io.stdout.write(`${NODETOOL_USAGE}\n`);
      return 0;
    }
    io.stderr.write(`nodetool: ${parsed}\n(ilium nodetool --help lists the commands and options)\n`);
    return 2;
  }
  const credentials = credentialsOf(parsed, io.env);
  if (typeof credentials === 'string') {
    io.stderr.write(`nodetool: ${credentials}\n`);
    return 2;
  }
  const tls = tlsOf(parsed, io.env, io.vars ?? {});
  if (typeof tls === 'string') {
    io.stderr.write(`nodetool: ${tls}\n`);
    return 2;
  }
  let result: unknown;
  try {
    const address = { host: parsed.host, port: parsed.port };
    result = parsed.http
      ? await callAdminHttp(address, parsed.command, parsed.args, parsed.timeoutMs, credentials, tls)
      : await callAdmin(io.env, address, parsed.command, parsed.args, parsed.timeoutMs, credentials, tls);
  } catch (e) {
    if (e instanceof AdminClosedError) {
      const hint = tls === undefined
        ? `does its ${parsed.http ? 'HTTP endpoint' : 'admin port'} require TLS? It does when the node's client_encryption_options is enabled: use --ssl (and --ssl-ca FILE)`
        : 'does it require a client certificate? (--ssl-cert FILE --ssl-key FILE)';
      io.stderr.write(`nodetool: Failed to connect to '${parsed.host}:${parsed.port}' - the node closed the connection without answering (${hint})\n`);
      return 1;
    }
    if (tls !== undefined && isTlsError(e)) {
      const hint = (e as NodeJS.ErrnoException).code === 'ERR_SSL_WRONG_VERSION_NUMBER'
        ? `the ${parsed.http ? 'HTTP endpoint' : 'admin port'} answered in plaintext: without client_encryption_options enabled the node serves no TLS there; drop --ssl`
        : `--ssl-ca names the CA that signed the node's certificate, which must name ${parsed.host}`;
      // OpenSSL's errors carry a short `reason` ("wrong version number"); node's own a one-line message.
      const why = (e as { reason?: string }).reason ?? (e as Error).message.trim();
      io.stderr.write(`nodetool: Failed to connect to '${parsed.host}:${parsed.port}' - TLS: ${why} (${hint})\n`);
      return 1;
    }
    if (e instanceof AdminCommandError && e.body.type === 'AuthenticationError') {
      io.stderr.write(`nodetool: Failed to connect to '${parsed.host}:${parsed.port}' - SecurityException: '${e.message}'.\n`);
      return 1;
    }
    if (e instanceof AdminCommandError) {
      io.stderr.write(`nodetool: ${e.message}\n`);
      return 1;
    }
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ECONNREFUSED'
      ? parsed.http
        ? 'Connection refused (is the node running, and are its http_address and http_port these? nodetool asks the HTTP endpoint, 127.0.0.1:9180 unless the config sets http_address/http_port: --http-port N for another, -p N for the admin port)'
        : 'Connection refused (is the node running, and are its admin_address and admin_port these? admin_address is 127.0.0.1 unless the config sets it)'
      : (e as Error).message;
    io.stderr.write(`nodetool: Failed to connect to '${parsed.host}:${parsed.port}' - ${why}\n`);
    return 3;
  }
  io.stdout.write(format(parsed.command, parsed.args, result));
  return 0;
}

/** A certificate check or handshake failure of node:tls (its codes: ERR_TLS_*, ERR_SSL_*, OpenSSL's verify errors). */
function isTlsError(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return /^(?:ERR_TLS_|ERR_SSL_)|CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)/.test(code);
}

function format(command: string, args: readonly string[], result: unknown): string {
  const r = result as never;
  switch (command) {
    case 'status':
      return formatStatus(r);
    case 'info':
      return formatInfo(r);
    case 'ring':
      return formatRing(r);
    case 'describecluster':
      return formatDescribeCluster(r);
    case 'gossipinfo':
      return formatGossipInfo(r);
    case 'tablestats':
      return formatTableStats(r);
    case 'repair':
      return formatRepair(r);
    case 'getendpoints':
      return (result as { endpoints: string[] }).endpoints.map((e) => `${e}\n`).join('');
    case 'tpstats':
      return formatTpStats(r);
    case 'netstats':
      return formatNetStats(r);
    case 'proxyhistograms':
      return formatProxyHistograms(r);
    case 'tablehistograms':
      return formatTableHistograms(r);
    case 'compactionstats':
      return formatCompactionStats(r);
    case 'listsnapshots':
      return formatListSnapshots(r);
    case 'gcstats':
      return formatGcStats(r);
    case 'getcompactionthroughput':
      return `Current compaction throughput: ${(result as { mbPerSec: number }).mbPerSec} MB/s\n`;
    case 'bgfailures':
      return formatBackgroundFailures(r);
    case 'gettraceprobability': {
      // Java prints a double: 0.0, 0.5, 1.0.
      const t = result as { probability: number; droppedEvents: number; droppedSessions: number };
      const p = t.probability;
      // Ilium's own line, only once trace writes were dropped (a backlog, or system_traces unwritable).
      const dropped = t.droppedSessions === 0 ? '' : `Trace writes dropped: ${t.droppedSessions} (events: ${t.droppedEvents})\n`;
      return `Current trace probability: ${Number.isInteger(p) ? p.toFixed(1) : String(p)}\n${dropped}`;
    }
    case 'settraceprobability':
    case 'setcompactionthroughput':
    case 'enableautocompaction':
    case 'disableautocompaction':
    case 'garbagecollect':
    case 'rebuild_index':
    case 'refresh':
    case 'cleanup':
    case 'enableauditlog':
    case 'disableauditlog':
      return '';
    case 'decommission': {
      const d = result as { streams: number; partitions: number };
      return `Decommissioned: ${d.streams} table streams, ${d.partitions} partitions sent to the new owners\n`;
    }
    case 'removenode': {
      const d = result as { endpoint: string; streams: number; partitions: number; lost: readonly string[] };
      const lost = d.lost.length === 0 ? '' : `Ranges with no live replica left (their data is lost): ${d.lost.join('; ')}\n`;
      return `Removed ${d.endpoint}: ${d.streams} table streams, ${d.partitions} partitions re-replicated\n${lost}`;
    }
    case 'verify':
    case 'scrub':
      return (result as { lines: string[] }).lines.map((l) => `${l}\n`).join('');
    case 'hints':
    case 'faults':
      return `${JSON.stringify(result, null, 2)}\n`;
    case 'version':
      return `ReleaseVersion: ${(result as { releaseVersion: string }).releaseVersion}\n`;
    case 'snapshot': {
      const s = result as { tag: string };
      const which = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '-t' && args[i - 1] !== '--tag');
      return `Requested creating snapshot(s) for [${which.length === 0 ? 'all keyspaces' : which.join(', ')}] with snapshot name [${s.tag}]\nSnapshot directory: ${s.tag}\n`;
    }
    default:
      return '';
  }
}
