/**
 * The command line of `ilium cqlsh`:
 *   ilium cqlsh [host [port]] [-k keyspace] [-e "stmt"] [-f file] [-u user -p pass]
 *               [--request-timeout s] [--connect-timeout s]
 * Host and port default to $CQLSH_HOST / $CQLSH_PORT, then 127.0.0.1 and 9042 (as cqlsh).
 */
import { parseArgs } from 'node:util';
import type { ConnectOptions } from './cqlsh-connection.js';

export interface CqlshArgs extends ConnectOptions {
  readonly execute: string | undefined;
  readonly file: string | undefined;
  readonly help: boolean;
}

export const CQLSH_USAGE = `usage: ilium cqlsh [host [port]] [options]
  -k, --keyspace KS          use this keyspace
  -e, --execute "STMT;..."   run the statements and exit
  -f, --file FILE            run the statements of FILE and exit
  -u, --username USER        authenticate as USER
  -p, --password PASS        with this password
  --request-timeout SECONDS  per request (default 10)
  --connect-timeout SECONDS  to connect (default 5)
Host and port default to $CQLSH_HOST and $CQLSH_PORT, else 127.0.0.1 9042.`;

function seconds(text: string | undefined, dflt: number, name: string): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of seconds, not '${text}'`);
  return n;
}

/** Parses the arguments after `cqlsh`; throws an Error with a message for the user. */
export function parseCqlshArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CqlshArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      keyspace: { type: 'string', short: 'k' },
      execute: { type: 'string', short: 'e' },
      file: { type: 'string', short: 'f' },
      username: { type: 'string', short: 'u' },
      password: { type: 'string', short: 'p' },
      'request-timeout': { type: 'string' },
      'connect-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length > 2) throw new Error(`unexpected argument '${positionals[2]}'`);
  const portText = positionals[1] ?? env['CQLSH_PORT'] ?? '9042';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`invalid port '${portText}'`);
  if (values.execute !== undefined && values.file !== undefined) throw new Error('-e and -f cannot be used together');
  if ((values.password === undefined) !== (values.username === undefined)) throw new Error('-u and -p go together (there is no password prompt)');
  return {
    host: positionals[0] ?? env['CQLSH_HOST'] ?? '127.0.0.1',
    port,
    keyspace: values.keyspace,
    user: values.username,
    password: values.password,
    requestTimeoutSec: seconds(values['request-timeout'], 10, '--request-timeout'),
    connectTimeoutSec: seconds(values['connect-timeout'], 5, '--connect-timeout'),
    execute: values.execute,
    file: values.file,
    help: values.help ?? false,
  };
}
