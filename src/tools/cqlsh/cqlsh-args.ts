/**
 * The command line of `ilium cqlsh`:
 *   ilium cqlsh [host [port]] [-k keyspace] [-e "stmt"] [-f file] [-u user [-p pass]]
 *               [--request-timeout s] [--connect-timeout s]
 *               [--ssl [--ssl-certfile ca.pem] [--ssl-usercert c.pem --ssl-userkey k.pem]]
 * Host and port default to $CQLSH_HOST / $CQLSH_PORT, then 127.0.0.1 and 9042 (as cqlsh).
 * With --ssl the node is verified with the CA file of --ssl-certfile or $SSL_CERTFILE (cqlshrc's
 * [ssl] certfile), unless $SSL_VALIDATE is false; usercert/userkey present a client certificate.
 * -u without -p: the shell asks for the password on the terminal (`Password: `, not echoed), as cqlsh.
 */
import { parseArgsStrict } from '../option-suggestion.js';
import type { ConnectOptions } from './cqlsh-connection.js';

/** The files of --ssl, read by the shell before connecting. */
export interface CqlshSslFiles {
  /** CA certificates (PEM) the node's certificate must chain to; node's default CAs when absent. */
  readonly certfile: string | undefined;
  readonly usercert: string | undefined;
  readonly userkey: string | undefined;
  /** False: the node's certificate is not verified ($SSL_VALIDATE=false). */
  readonly validate: boolean;
}

export interface CqlshArgs extends ConnectOptions {
  /** Undefined without --ssl. */
  readonly sslFiles: CqlshSslFiles | undefined;
  readonly execute: string | undefined;
  readonly file: string | undefined;
  readonly help: boolean;
}

export const CQLSH_USAGE = `usage: ilium cqlsh [host [port]] [options]
  -k, --keyspace KS          use this keyspace
  -e, --execute "STMT;..."   run the statements and exit
  -f, --file FILE            run the statements of FILE and exit
  -u, --username USER        authenticate as USER
  -p, --password PASS        with this password (asked for on the terminal when -u comes without it)
  --request-timeout SECONDS  per request (default 10)
  --connect-timeout SECONDS  to connect (default 5)
  --ssl                      connect over TLS ($SSL_CERTFILE: the CA file; $SSL_VALIDATE=false: no check)
  --ssl-certfile FILE        the CA certificates (PEM) that verify the node
  --ssl-usercert FILE        a client certificate (PEM), with --ssl-userkey FILE its key
Host and port default to $CQLSH_HOST and $CQLSH_PORT, else 127.0.0.1 9042.`;

function seconds(text: string | undefined, dflt: number, name: string): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of seconds, not '${text}'`);
  return n;
}

const OPTIONS = {
  keyspace: { type: 'string', short: 'k' },
  execute: { type: 'string', short: 'e' },
  file: { type: 'string', short: 'f' },
  username: { type: 'string', short: 'u' },
  password: { type: 'string', short: 'p' },
  'request-timeout': { type: 'string' },
  'connect-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ssl: { type: 'boolean' },
  'ssl-certfile': { type: 'string' },
  'ssl-usercert': { type: 'string' },
  'ssl-userkey': { type: 'string' },
} as const;


/** Parses the arguments after `cqlsh`; throws an Error with a message for the user. */
export function parseCqlshArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CqlshArgs {
  const { values, positionals } = parseArgsStrict({
    args: [...argv],
    allowPositionals: true,
    options: OPTIONS,
  });
  if (positionals.length > 2) throw new Error(`unexpected argument '${positionals[2]}'`);
  const portText = positionals[1] ?? env['CQLSH_PORT'] ?? '9042';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`invalid port '${portText}'`);
  if (values.execute !== undefined && values.file !== undefined) throw new Error('-e and -f cannot be used together');
  if (values.password !== undefined && values.username === undefined) throw new Error('-p needs -u (the user to authenticate as)');
  if ((values['ssl-usercert'] === undefined) !== (values['ssl-userkey'] === undefined)) throw new Error('--ssl-usercert and --ssl-userkey go together');
  const ssl = values.ssl === true || values['ssl-certfile'] !== undefined || values['ssl-usercert'] !== undefined;
  return {
    sslFiles: ssl
      ? {
          certfile: values['ssl-certfile'] ?? env['SSL_CERTFILE'],
          usercert: values['ssl-usercert'],
          userkey: values['ssl-userkey'],
          validate: (env['SSL_VALIDATE'] ?? 'true').toLowerCase() !== 'false',
        }
      : undefined,
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
