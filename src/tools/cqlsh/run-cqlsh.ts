/**
 * `ilium cqlsh`: parses the arguments, connects, then runs -e statements, a -f file, piped
 * stdin as a script, or the interactive loop on a terminal. Returns the exit code: 0, 2 when a
 * statement of -e / -f / piped input failed (as cqlsh), 1 when the shell could not connect (or
 * log in). `-u` without `-p` asks for the password on the terminal first, as cqlsh does.
 */
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { TlsClientOptions } from '../../env/index.js';
import { CQLSH_USAGE, type CqlshSslFiles, parseCqlshArgs } from './cqlsh-args.js';
import { createClient, readServerInfo } from './cqlsh-connection.js';
import { CQLSH_VERSION, CqlshShell } from './cqlsh-shell.js';
import { authFailureText, formatError } from './error-format.js';
import { historyPath } from './history.js';
import { PASSWORD_PROMPT, type RawInput, readPassword } from './password-prompt.js';
import { ReplAsker, runRepl } from './repl.js';
import type { ShellIO } from './shell-io.js';

export interface CqlshProcess {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: RawInput;
  readonly stdout: Writable & { isTTY?: boolean; columns?: number };
  readonly stderr: Writable;
}

export async function runCqlsh(p: CqlshProcess): Promise<number> {
  let args;
  try {
    args = parseCqlshArgs(p.argv, p.env);
  } catch (e) {
    p.stderr.write(`ilium cqlsh: ${(e as Error).message}\n${CQLSH_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    p.stdout.write(`${CQLSH_USAGE}\n`);
    return 0;
  }
  let script: { text: string; source: string } | undefined;
  if (args.execute !== undefined) script = { text: args.execute, source: '<stdin>' };
  else if (args.file !== undefined) {
    try {
      script = { text: readFileSync(args.file, 'utf8'), source: args.file };
    } catch (e) {
      p.stderr.write(`Could not open '${args.file}': ${(e as Error).message}\n`);
      return 1;
    }
  }
  let password = args.password;
  if (args.user !== undefined && password === undefined) {
    if (p.stdin.isTTY !== true) {
      p.stderr.write(`ilium cqlsh: -u without -p asks for the password on a terminal; standard input is not one (give -p)\n`);
      return 2;
    }
    password = await readPassword(p.stdin, p.stdout, PASSWORD_PROMPT);
    if (password === undefined) return 1;
  }
  const interactive = script === undefined && p.stdin.isTTY === true;
  const asker = new ReplAsker();
  const io: ShellIO = {
    tty: interactive && p.stdout.isTTY === true,
    columns: p.stdout.columns ?? 80,
    out: (t) => void p.stdout.write(t),
    err: (t) => void p.stderr.write(t),
    ask: (prompt) => asker.ask(prompt),
    ...(interactive ? { askPassword: (prompt: string) => asker.askSecret(prompt) } : {}),
    stdin: () => (script !== undefined && p.stdin.isTTY !== true ? p.stdin : undefined),
  };
  const endpoint = `${args.host}:${args.port}`;
  let ssl: TlsClientOptions | undefined;
  try {
    ssl = args.sslFiles === undefined ? undefined : readSslFiles(args.sslFiles);
  } catch (e) {
    p.stderr.write(`Could not read the --ssl files: ${(e as Error).message}\n`);
    return 1;
  }
  const options = { ...args, password, ...(ssl === undefined ? {} : { ssl }) };
  const client = createClient(options);
  try {
    await client.connect();
  } catch (e) {
    const auth = authFailureText(e);
    p.stderr.write(auth === undefined ? `Connection error: could not connect to ${endpoint}: ${formatError(e)}\n` : `Connection error: ${auth}\n`);
    await client.shutdown().catch(() => undefined);
    return 1;
  }
  const shell = new CqlshShell(client, io, endpoint);
  shell.user = args.user;
  shell.connector = async (user, pw, keyspace) => {
    const c = createClient({ ...options, user, password: pw, keyspace });
    try {
      await c.connect();
      return c;
    } catch (e) {
      await c.shutdown().catch(() => undefined);
      throw e;
    }
  };
  try {
    if (script === undefined && !interactive) script = { text: await text(p.stdin), source: '<stdin>' };
    if (script !== undefined) return (await shell.runScript(script.text, script.source)) === 'error' ? 2 : 0;
    const info = await readServerInfo(client);
    io.out(`Connected to ${info.clusterName} at ${endpoint}\n`);
    io.out(`[cqlsh ${CQLSH_VERSION} | Cassandra ${info.releaseVersion} | CQL spec ${info.cqlVersion} | Native protocol v${info.protocolVersion}]\n`);
    io.out('Use HELP for help.\n');
    void shell.refreshSchema();
    await runRepl(shell, asker, { input: p.stdin, output: p.stdout, historyFile: historyPath(p.env) });
    return 0;
  } finally {
    await shell.client.shutdown().catch(() => undefined);
  }
}

/** The TLS options of --ssl: the files read, the node verified unless $SSL_VALIDATE=false. */
function readSslFiles(f: CqlshSslFiles): TlsClientOptions {
  return {
    rejectUnauthorized: f.validate,
    ...(f.certfile === undefined ? {} : { ca: readFileSync(f.certfile) }),
    ...(f.usercert === undefined ? {} : { cert: readFileSync(f.usercert) }),
    ...(f.userkey === undefined ? {} : { key: readFileSync(f.userkey) }),
  };
}
