/**
 * `ilium cli`: parses the arguments, connects over Thrift (connectThrift), then runs a -f file,
 * --batch (or piped) standard input, or the interactive loop on a terminal. A script stops at its
 * first failing statement, as cassandra-cli's file mode does. Exit codes: 0; 2 when a script
 * statement failed or the arguments are wrong; 1 when a script could not connect or be read.
 */
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { type Env, type TlsClientOptions, createRealEnv } from '../../env/index.js';
import { connectThrift } from '../../thrift/client/connect-thrift.js';
import { historyPath } from '../cqlsh/history.js';
import { loadSchemaRemote, isSchemaDocument } from '../schema-load.js';
import { CLI_USAGE, type CliArgs, parseCliArgs } from './cli-args.js';
import { CliError } from './cli-error.js';
import { quoteCliString } from './cli-lexer.js';
import { runCliRepl } from './cli-repl.js';
import { type CliConnector, type CliOutput, CliSession } from './cli-session.js';
import { splitCliScript, splitCliText } from './statement-splitter.js';

export interface CliProcess {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: Readable & { isTTY?: boolean };
  readonly stdout: Writable & { isTTY?: boolean };
  readonly stderr: Writable;
  /** The outside world (a real one unless a test gives its own). */
  readonly ilium?: Env;
  /** How to reach a node (the Thrift wire client unless a test gives its own). */
  readonly connector?: CliConnector;
}

const BANNER = "Welcome to the Cassandra CLI.\n\nType 'help;' or '?' for help.\nType 'quit;' or 'exit;' to quit.\n\n";

/**
 * Runs a script's statements in order; stops at the first that fails. Returns 'error' then,
 * 'exit' after quit/exit, 'ok' otherwise. `verbose` echoes each statement after the prompt.
 */
export async function runCliScript(session: CliSession, script: string, io: CliOutput, verbose = false): Promise<'ok' | 'error' | 'exit'> {
  const { statements, unterminatedAt } = splitCliScript(script);
  for (const s of statements) {
    if (verbose) io.out(`${session.prompt()}${s.text};\n`);
    const outcome = await session.run(s, s.line);
    if (outcome !== 'ok') return outcome;
  }
  if (unterminatedAt !== undefined) {
    io.err(`Syntax error at line ${unterminatedAt.line}:${unterminatedAt.column} unterminated string or comment\n`);
    return 'error';
  }
  return 'ok';
}

/**
 * A schema document (seed 000's JSON, seeds 003/004's XML) given instead of statements: loaded
 * into the node as `ilium schema load --host` does. Exit 0, or 2 with the reason when it is invalid
 * or the node refuses it.
 */
async function loadSchemaDocument(input: string, args: CliArgs, tls: TlsClientOptions | undefined, io: CliOutput): Promise<number> {
  const what = args.file === undefined ? 'the schema on standard input' : `schema file ${args.file}`;
  const credentials = args.user === undefined ? {} : { credentials: { username: args.user, password: args.password ?? '' } };
  try {
    const lines = await loadSchemaRemote(what, input, { host: args.host, port: args.port, ...credentials, ...(tls === undefined ? {} : { ssl: tls }) });
    io.out(`${lines.join('\n')}\n`);
    return 0;
  } catch (e) {
    io.err(`${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

export async function runCli(p: CliProcess): Promise<number> {
  let args;
  try {
    args = parseCliArgs(p.argv);
  } catch (e) {
    p.stderr.write(`ilium cli: ${(e as Error).message}\n${CLI_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    p.stdout.write(`${CLI_USAGE}\n`);
    return 0;
  }
  let script: string | undefined;
  if (args.file !== undefined) {
    try {
      script = readFileSync(args.file, 'utf8');
    } catch (e) {
      p.stderr.write(`Could not open '${args.file}': ${(e as Error).message}\n`);
      return 1;
    }
  }
  const scripted = script !== undefined || args.batch || p.stdin.isTTY !== true;
  const io: CliOutput = { out: (t) => void p.stdout.write(t), err: (t) => void p.stderr.write(t) };
  const env = p.ilium ?? createRealEnv();
  let tls: TlsClientOptions | undefined;
  try {
    tls = args.ssl === undefined ? undefined : args.ssl.caFile === undefined ? {} : { ca: readFileSync(args.ssl.caFile) };
  } catch (e) {
    p.stderr.write(`Could not read --ssl-ca: ${(e as Error).message}\n`);
    return 1;
  }
  const connector: CliConnector = p.connector ?? ((host, port) => connectThrift({ host, port, env, ...(tls === undefined ? {} : { tls }) }));
  const session = new CliSession(env, connector, io);
  if (args.user !== undefined) session.setCredentials(args.user, args.password ?? '');
  try {
    try {
      await session.connect(args.host, args.port, scripted);
    } catch (e) {
      // a refused login is cassandra-cli's own line; anything else says where it could not connect
      p.stderr.write(e instanceof CliError ? `${e.message}\n` : `Exception connecting to ${args.host}/${args.port}. Reason: ${(e as Error).message}\n`);
      if (scripted) return 1;
    }
    if (args.keyspace !== undefined) {
      const login = args.user === undefined ? '' : ` ${quoteCliString(args.user)} ${quoteCliString(args.password ?? '')}`;
      const use = splitCliText(`use ${quoteCliString(args.keyspace)}${login};`).statements[0]!;
      if ((await session.run(use)) === 'error' && scripted) return 2;
    }
    if (scripted) {
      const input = script ?? (await text(p.stdin));
      if (isSchemaDocument(input)) return await loadSchemaDocument(input, args, tls, io);
      return (await runCliScript(session, input, io, args.verbose)) === 'error' ? 2 : 0;
    }
    io.out(BANNER);
    await runCliRepl(session, { input: p.stdin, output: p.stdout, historyFile: historyPath(p.env, '.ilium_cli_history') });
    return 0;
  } finally {
    await session.disconnect();
  }
}
