/**
 * The command line of `ilium cli`, cassandra-cli's options:
 *   ilium cli [--host H] [--port N] [-k keyspace] [-u user -pw pw] [--ssl [--ssl-ca ca.pem]] [-f file | --batch] [-v]
 * Host and port default to 127.0.0.1 and 9160 (Thrift's rpc_port). `-pw` is cassandra-cli's
 * spelling of `--password`. With credentials the cli logs in (Thrift login) right after connecting.
 * `--ssl` connects over TLS (a node with client_encryption_options), verifying the node with the
 * CA certificates (PEM) of `--ssl-ca` or the system's.
 */
import { parseArgsStrict } from '../option-suggestion.js';

export interface CliArgs {
  readonly host: string;
  readonly port: number;
  readonly keyspace: string | undefined;
  readonly user: string | undefined;
  readonly password: string | undefined;
  /** Undefined without --ssl; else the CA file (PEM) that verifies the node, if given. */
  readonly ssl: { readonly caFile: string | undefined } | undefined;
  readonly file: string | undefined;
  /** Statements from standard input, no prompts. */
  readonly batch: boolean;
  /** Echo each statement of a script before its output. */
  readonly verbose: boolean;
  readonly help: boolean;
}

export const CLI_USAGE = `usage: ilium cli [options]
  -h, --host HOST        the node's Thrift address (default 127.0.0.1)
  -p, --port PORT        the node's Thrift port (default 9160)
  -k, --keyspace KS      use this keyspace
  -u, --username USER    log in as USER (Thrift login, right after connecting)
  -pw, --password PASS   with this password
      --ssl              connect over TLS (a node with client_encryption_options)
      --ssl-ca FILE      the CA certificates (PEM) that verify the node (default: the system's)
  -f, --file FILE        run the statements of FILE and exit
  -B, --batch            run statements from standard input and exit
  -v, --verbose          echo each statement of a file or batch before its output
      --help             this text
A script stops at its first failing statement; the exit code is then 2.
A file or standard input holding a schema document — the JSON form {"Keyspace":{"CF":{…}}} or
the XML <Keyspace> form — is loaded instead: its keyspaces and column families that do not exist
yet are added (as \`ilium schema load FILE --host H\`).`;

const OPTIONS = {
  host: { type: 'string', short: 'h' },
  port: { type: 'string', short: 'p' },
  keyspace: { type: 'string', short: 'k' },
  username: { type: 'string', short: 'u' },
  password: { type: 'string' },
  ssl: { type: 'boolean' },
  'ssl-ca': { type: 'string' },
  file: { type: 'string', short: 'f' },
  batch: { type: 'boolean', short: 'B' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean' },
} as const;


/** Parses the arguments after `cli`; throws an Error with a message for the user. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values, positionals } = parseArgsStrict({
    // cassandra-cli's -pw (commons-cli allowed multi-letter short options; util.parseArgs does not)
    args: argv.map((a) => (a === '-pw' ? '--password' : a.startsWith('-pw=') ? `--password=${a.slice(4)}` : a)),
    allowPositionals: true,
    options: OPTIONS,
  });
  if (positionals.length > 0) throw new Error(`unexpected argument '${positionals[0]}'`);
  const portText = values.port ?? '9160';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw new Error(`invalid port '${portText}'`);
  if (values.file !== undefined && values.batch === true) throw new Error('-f and --batch cannot be used together');
  if ((values.password === undefined) !== (values.username === undefined)) throw new Error('-u and -pw go together');
  return {
    host: values.host ?? '127.0.0.1',
    port,
    keyspace: values.keyspace,
    user: values.username,
    password: values.password,
    ssl: values.ssl === true || values['ssl-ca'] !== undefined ? { caFile: values['ssl-ca'] } : undefined,
    file: values.file,
    batch: values.batch ?? false,
    verbose: values.verbose ?? false,
    help: values.help ?? false,
  };
}
