/**
 * The shell: runs one statement at a time — a shell command (settings, SOURCE, COPY, SHOW,
 * HELP…) or CQL sent to the server — printing what cqlsh prints, and errors as cqlsh does with
 * the script location (`<stdin>:1:` / `file.cql:3:`) when not interactive. Keeps the session
 * settings, the current keyspace (for the prompt) and the schema snapshot for completion.
 */
import { readFileSync } from 'node:fs';
import type cassandra from 'cassandra-driver';
import type { CopyCommand } from './copy-command.js';
import { copyFrom } from './copy-from.js';
import { copyTo } from './copy-to.js';
import { readServerInfo } from './cqlsh-connection.js';
import { authFailureText, formatError, withLocation } from './error-format.js';
import { helpText } from './help-text.js';
import { runQuery } from './run-query.js';
import { EMPTY_SCHEMA, type SchemaSnapshot, loadSchema } from './schema-cache.js';
import { type ShellCommand, parseShellCommand } from './shell-command.js';
import type { ShellIO } from './shell-io.js';
import { ShellSettings } from './shell-settings.js';
import { splitScript } from './statement-splitter.js';

export const CQLSH_VERSION = 'ilium-0.1.0';

/** Nested SOURCE files deeper than this are refused (a file that sources itself). */
const SOURCE_DEPTH_MAX = 16;

export type RunOutcome = 'ok' | 'error' | 'exit';

/** Opens a new connection to the shell's node as `user` (LOGIN), in `keyspace` when given. */
export type ShellConnector = (user: string, password: string, keyspace: string | undefined) => Promise<cassandra.Client>;

/** Where a statement came from: undefined for the interactive terminal. */
export interface Origin {
  readonly source: string | undefined;
  readonly line: number;
}

export class CqlshShell {
  readonly settings = new ShellSettings();
  schema: SchemaSnapshot = EMPTY_SCHEMA;
  private sourceDepth = 0;
  /** Who the shell is logged in as (the prompt shows it, as cqlsh's `user@cqlsh> `). */
  user: string | undefined;
  /** How LOGIN reconnects; LOGIN is refused without one. */
  connector: ShellConnector | undefined;

  constructor(
    public client: cassandra.Client,
    readonly io: ShellIO,
    private readonly endpoint: string,
    private readonly now: () => number = Date.now,
  ) {}

  get keyspace(): string | undefined {
    return this.client.keyspace || undefined;
  }

  /** The prompt: `cqlsh> ` or `cqlsh:ks> `. */
  prompt(): string {
    const base = this.keyspace === undefined ? 'cqlsh> ' : `cqlsh:${this.keyspace}> `;
    return this.user === undefined ? base : `${this.user}@${base}`;
  }

  /** Reloads the schema snapshot used by completion (quietly; failures leave it as it was). */
  async refreshSchema(): Promise<void> {
    this.schema = await loadSchema(this.client);
  }

  async run(statement: string, origin: Origin): Promise<RunOutcome> {
    const cmd = parseShellCommand(statement);
    try {
      return await this.dispatch(cmd, origin);
    } catch (e) {
      this.io.err(`${withLocation(formatError(e), origin.source, origin.line)}\n`);
      return 'error';
    }
  }

  /** Runs a whole script (a -f file, -e text, SOURCE): every statement, errors do not stop it. */
  async runScript(text: string, source: string): Promise<RunOutcome> {
    let outcome: RunOutcome = 'ok';
    for (const s of splitScript(text).statements) {
      const r = await this.run(s.text, { source, line: s.endLine });
      if (r === 'exit') return 'exit';
      if (r === 'error') outcome = 'error';
    }
    return outcome;
  }

  private say(text: string): RunOutcome {
    this.io.out(`${text}\n`);
    return 'ok';
  }

  private async dispatch(cmd: ShellCommand, origin: Origin): Promise<RunOutcome> {
    const s = this.settings;
    switch (cmd.kind) {
      case 'exit':
        return 'exit';
      case 'improper':
        this.io.err(`${withLocation(cmd.message, origin.source, origin.line)}\n`);
        return 'error';
      case 'help':
        this.io.out(helpText(cmd.topic));
        return 'ok';
      case 'clear':
        if (this.io.tty) this.io.out('\x1b[2J\x1b[H');
        return 'ok';
      case 'show':
        return this.show(cmd.what, origin);
      case 'expand':
        if (cmd.on === undefined) return this.say(`Expanded output is currently ${s.expand ? 'enabled. Use EXPAND OFF to disable' : 'disabled. Use EXPAND ON to enable.'}`);
        s.expand = cmd.on;
        return this.say(cmd.on ? 'Now Expanded output is enabled' : 'Disabled Expanded output.');
      case 'tracing':
        if (cmd.on === undefined) return this.say(`Tracing is currently ${s.tracing ? 'enabled. Use TRACING OFF to disable' : 'disabled. Use TRACING ON to enable.'}`);
        s.tracing = cmd.on;
        return this.say(cmd.on ? 'Now Tracing is enabled' : 'Disabled Tracing.');
      case 'paging':
        return this.paging(cmd.setting);
      case 'consistency':
        if (cmd.level === undefined) return this.say(`Current consistency level is ${s.consistency}.`);
        s.consistency = cmd.level;
        return this.say(`Consistency level set to ${cmd.level}.`);
      case 'serial-consistency':
        if (cmd.level === undefined) return this.say(`Current serial consistency level is ${s.serialConsistency}.`);
        s.serialConsistency = cmd.level;
        return this.say(`Serial consistency level set to ${cmd.level}.`);
      case 'source':
        return this.source(cmd.file, origin);
      case 'login':
        return this.login(cmd.user, cmd.password, origin);
      case 'copy':
        return this.copy(cmd.copy, origin);
      case 'describe':
        await runQuery(this.context(), cmd.cql, 'describe');
        return 'ok';
      case 'use':
        await runQuery(this.context(), cmd.cql, 'other');
        return 'ok';
      case 'cql': {
        const first = /^\s*(\w+)/.exec(cmd.cql)?.[1]?.toUpperCase();
        await runQuery(this.context(), cmd.cql, first === 'SELECT' ? 'select' : 'other');
        if (first === 'CREATE' || first === 'ALTER' || first === 'DROP') void this.refreshSchema();
        return 'ok';
      }
    }
  }

  private context() {
    return { client: this.client, io: this.io, settings: this.settings };
  }

  private paging(setting: boolean | number | undefined): RunOutcome {
    const s = this.settings;
    if (setting === undefined) {
      return this.say(s.paging ? `Query paging is currently enabled. Use PAGING OFF to disable\nPage size: ${s.pageSize}` : 'Query paging is currently disabled. Use PAGING ON to enable.');
    }
    if (setting === false) {
      s.paging = false;
      return this.say('Disabled Query paging.');
    }
    s.paging = true;
    if (typeof setting === 'number') s.pageSize = setting;
    return this.say(setting === true ? `Now Query paging is enabled\nPage size: ${s.pageSize}` : `Page size: ${s.pageSize}`);
  }

  private async show(what: 'version' | 'host' | 'session', origin: Origin): Promise<RunOutcome> {
    if (what === 'session') {
      this.io.err(`${withLocation('Tracing sessions are not available from this server.', origin.source, origin.line)}\n`);
      return 'error';
    }
    const info = await readServerInfo(this.client);
    if (what === 'host') return this.say(`Connected to ${info.clusterName} at ${this.endpoint}`);
    return this.say(`[cqlsh ${CQLSH_VERSION} | Cassandra ${info.releaseVersion} | CQL spec ${info.cqlVersion} | Native protocol v${info.protocolVersion}]`);
  }

  /** LOGIN: a new connection as `user`; the old one stays in use when this one fails. */
  private async login(user: string, given: string | undefined, origin: Origin): Promise<RunOutcome> {
    const fail = (message: string): RunOutcome => {
      this.io.err(`${withLocation(message, origin.source, origin.line)}\n`);
      return 'error';
    };
    if (this.connector === undefined) return fail('LOGIN is not available in this shell.');
    let password = given;
    if (password === undefined) {
      if (this.io.askPassword === undefined) return fail('LOGIN without a password needs a terminal to ask for it.');
      password = await this.io.askPassword('Password: ');
      if (password === undefined) return 'ok';
    }
    let client: cassandra.Client;
    try {
      client = await this.connector(user, password, this.keyspace);
    } catch (e) {
      return fail(authFailureText(e) ?? formatError(e));
    }
    const old = this.client;
    this.client = client;
    this.user = user;
    await old.shutdown().catch(() => undefined);
    return 'ok';
  }

  private async source(file: string, origin: Origin): Promise<RunOutcome> {
    if (this.sourceDepth >= SOURCE_DEPTH_MAX) {
      this.io.err(`${withLocation(`SOURCE nested more than ${SOURCE_DEPTH_MAX} deep`, origin.source, origin.line)}\n`);
      return 'error';
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      this.io.err(`${withLocation(`Could not open '${file}': ${(e as Error).message}`, origin.source, origin.line)}\n`);
      return 'error';
    }
    this.sourceDepth++;
    try {
      return await this.runScript(text, file);
    } finally {
      this.sourceDepth--;
    }
  }

  private async copy(cmd: CopyCommand, origin: Origin): Promise<RunOutcome> {
    const ctx = { client: this.client, io: this.io, keyspace: this.keyspace, consistency: ShellSettings.code(this.settings.consistency), now: this.now };
    try {
      if (cmd.direction === 'to') {
        await copyTo(ctx, cmd);
        return 'ok';
      }
      const summary = await copyFrom(ctx, cmd);
      return summary.failed > 0 ? 'error' : 'ok';
    } catch (e) {
      this.io.err(`${withLocation(formatError(e), origin.source, origin.line)}\n`);
      return 'error';
    }
  }
}
