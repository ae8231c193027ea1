/**
 * One cassandra-cli session: the connection (any CassandraService — the Thrift wire client in
 * `ilium cli`, an in-process service in tests), the keyspace in use, the user, the consistency
 * level and the schema cache with its assumptions. `run` parses and executes one statement,
 * printing results on `out` and failures on `err`; it never throws for a bad statement.
 */
import type { Env } from '../../env/index.js';
import { TimestampSource } from '../../env/timestamp-source.js';
import type { CassandraService, ConsistencyLevel } from '../../thrift/service/cassandra-service.js';
import { ThriftException } from '../../thrift/service/thrift-exceptions.js';
import type { CliStatement } from './cli-ast.js';
import type { CliContext } from './cli-context.js';
import { CliError, formatCliError } from './cli-error.js';
import { GENERAL_HELP, helpFor } from './cli-help.js';
import { parseCliStatement } from './cli-parser.js';
import { CliSchema } from './cli-schema.js';
import { CliValueSource, typeByName } from './cli-types.js';
import * as data from './data-statements.js';
import { describeCluster, describeKeyspace } from './describe-output.js';
import * as ddl from './schema-statements.js';
import type { StatementText } from './statement-splitter.js';

export interface CliConnection extends CassandraService {
  close(): Promise<void>;
}

export type CliConnector = (host: string, port: number) => Promise<CliConnection>;

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

export type RunOutcome = 'ok' | 'error' | 'exit';

const LEVELS = new Set<string>(['ONE', 'QUORUM', 'LOCAL_QUORUM', 'EACH_QUORUM', 'ALL', 'ANY', 'TWO', 'THREE']);

export class CliSession {
  private connection: CliConnection | undefined;
  private endpoint = '';
  private user = 'default';
  private credentials: { user: string; password: string } | undefined;
  private currentKeyspace: string | undefined;
  private consistency: ConsistencyLevel = 'ONE';
  private readonly schema = new CliSchema(() => this.service());
  private readonly values: CliValueSource;
  private readonly timestamps: TimestampSource;

  constructor(
    env: Env,
    private readonly connector: CliConnector,
    private readonly io: CliOutput,
  ) {
    this.values = new CliValueSource(env);
    this.timestamps = new TimestampSource(env.clock);
  }

  get keyspace(): string | undefined {
    return this.currentKeyspace;
  }

  /** `[default@Twitter] `, or `[default@unknown] ` before `use`. */
  prompt(): string {
    return `[${this.user}@${this.currentKeyspace ?? 'unknown'}] `;
  }

  /** The user and password the next connect logs in with (`-u`/`-pw`, `connect h/p user 'pw'`). */
  setCredentials(user: string, password: string): void {
    this.credentials = { user, password };
  }

  /**
   * Connects, logs in when credentials were given (as cassandra-cli does right after connecting),
   * and prints `Connected to: "<cluster>" on host/port` unless `quiet`.
   */
  async connect(host: string, port: number, quiet = false): Promise<void> {
    await this.disconnect();
    const connection = await this.connector(host, port);
    this.connection = connection;
    this.endpoint = `${host}/${port}`;
    const login = this.credentials;
    if (login !== undefined) {
      try {
        await connection.login({ credentials: new Map([['username', login.user], ['password', login.password]]) });
      } catch (e) {
        await this.disconnect();
        if (e instanceof ThriftException && e.thriftName === 'AuthenticationException') {
          throw new CliError(`Exception during authentication to the cassandra node, Verify the keyspace exists, and that you are using the correct credentials.${e.why === undefined ? '' : ` (${e.why})`}`);
        }
        throw e;
      }
      this.user = login.user;
    }
    const cluster = await connection.describeClusterName();
    if (!quiet) this.io.out(`Connected to: "${cluster}" on ${this.endpoint}\n`);
  }

  async disconnect(): Promise<void> {
    const c = this.connection;
    this.connection = undefined;
    this.currentKeyspace = undefined;
    this.schema.clear();
    if (c !== undefined) await c.close().catch(() => undefined);
  }

  /** Parses and runs one statement. `scriptLine` (file and batch mode) prefixes error lines. */
  async run(statement: StatementText, scriptLine?: number): Promise<RunOutcome> {
    try {
      const parsed = parseCliStatement(statement.tokens);
      if (parsed.kind === 'exit') return 'exit';
      await this.execute(parsed);
      return 'ok';
    } catch (e) {
      if (!isReportable(e)) throw e;
      this.io.err(`${formatCliError(e, scriptLine)}\n`);
      return 'error';
    }
  }

  private service(): CassandraService {
    if (this.connection === undefined) throw new CliError('Not connected to a cassandra instance.');
    return this.connection;
  }

  private context(): CliContext {
    const service = this.service();
    if (this.currentKeyspace === undefined) throw new CliError('Not authenticated to a working keyspace.');
    return {
      service,
      keyspace: this.currentKeyspace,
      schema: this.schema,
      values: this.values,
      consistency: this.consistency,
      nextTimestamp: () => this.timestamps.next(),
      out: (t) => this.io.out(t),
    };
  }

  private schemaContext(): ddl.SchemaContext {
    return { service: this.service(), schema: this.schema, keyspace: this.currentKeyspace, out: (t) => this.io.out(t) };
  }

  private async execute(s: CliStatement): Promise<void> {
    switch (s.kind) {
      case 'empty': return;
      case 'help': return this.help(s.topic);
      case 'connect': {
        if (s.user !== undefined && s.password !== undefined) this.setCredentials(s.user, s.password);
        return this.connect(s.host, s.port);
      }
      case 'use': return this.use(s.keyspace, s.user, s.password);
      case 'consistencyLevel': {
        if (!LEVELS.has(s.level)) throw new CliError(`'${s.level}' is invalid. Available: ONE, TWO, THREE, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM, ANY`);
        this.consistency = s.level as ConsistencyLevel;
        this.io.out(`Consistency level is set to '${s.level}'.\n`);
        return;
      }
      case 'showClusterName': return this.io.out(`${await this.service().describeClusterName()}\n`);
      case 'showApiVersion': return this.io.out(`${await this.service().describeVersion()}\n`);
      case 'showKeyspaces': {
        const all = await this.service().describeKeyspaces();
        all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const ks of all) this.io.out(describeKeyspace(ks));
        return;
      }
      case 'describeKeyspace': return this.describe(s.name);
      case 'describeCluster': {
        const svc = this.service();
        const [snitch, partitioner, schemaVersions] = await Promise.all([svc.describeSnitch(), svc.describePartitioner(), svc.describeSchemaVersions()]);
        this.io.out(describeCluster({ snitch, partitioner, schemaVersions }));
        return;
      }
      case 'assume': {
        const ctx = this.context();
        const view = await ctx.schema.columnFamily(ctx.keyspace, s.columnFamily);
        ctx.schema.assume(ctx.keyspace, view.def.name, s.target, typeByName(s.type));
        this.io.out(`Assumption for column family '${view.def.name}' added successfully.\n`);
        return;
      }
      case 'createKeyspace': return ddl.executeCreateKeyspace(this.schemaContext(), s);
      case 'updateKeyspace': return ddl.executeUpdateKeyspace(this.schemaContext(), s);
      case 'dropKeyspace': {
        await ddl.executeDropKeyspace(this.schemaContext(), s);
        if (s.name === this.currentKeyspace) this.currentKeyspace = undefined;
        return;
      }
      case 'createColumnFamily': return ddl.executeCreateColumnFamily(this.schemaContext(), s);
      case 'updateColumnFamily': return ddl.executeUpdateColumnFamily(this.schemaContext(), s);
      case 'dropColumnFamily': return ddl.executeDropColumnFamily(this.schemaContext(), s);
      case 'set': return data.executeSet(this.context(), s);
      case 'get': return data.executeGet(this.context(), s);
      case 'getWhere': return data.executeGetWhere(this.context(), s);
      case 'del': return data.executeDel(this.context(), s);
      case 'count': return data.executeCount(this.context(), s);
      case 'incr': return data.executeIncr(this.context(), s);
      case 'list': return data.executeList(this.context(), s);
      case 'truncate': return data.executeTruncate(this.context(), s);
      case 'exit': return;
    }
  }

  private help(topic: string | undefined): void {
    if (topic === undefined) {
      this.io.out(GENERAL_HELP);
      return;
    }
    const text = helpFor(topic);
    if (text === undefined) throw new CliError(`No help for '${topic}'. Type 'help;' for the list of statements.`);
    this.io.out(text);
  }

  private async use(keyspace: string, user: string | undefined, password: string | undefined): Promise<void> {
    const svc = this.service();
    const login = user !== undefined ? { user, password: password ?? '' } : this.credentials;
    try {
      if (login !== undefined) await svc.login({ credentials: new Map([['username', login.user], ['password', login.password]]) });
      await svc.setKeyspace(keyspace);
      await this.schema.load(keyspace);
    } catch (e) {
      if (e instanceof ThriftException && (e.thriftName === 'InvalidRequestException' || e.thriftName === 'NotFoundException')) {
        throw new CliError(`${keyspace} does not exist.`);
      }
      if (e instanceof ThriftException && e.thriftName === 'AuthenticationException') {
        throw new CliError('Exception during authentication to the cassandra node: verify keyspace exists, and you are using correct credentials.');
      }
      if (e instanceof ThriftException && e.thriftName === 'AuthorizationException') throw new CliError(`You are not authorized to use keyspace: ${keyspace}`);
      throw e;
    }
    this.currentKeyspace = keyspace;
    this.user = login?.user ?? 'default';
    this.io.out(`Authenticated to keyspace: ${keyspace}\n`);
  }

  private async describe(name: string | undefined): Promise<void> {
    const keyspace = name ?? this.currentKeyspace;
    this.service();
    if (keyspace === undefined) throw new CliError('Authenticate to a Keyspace, before using `describe keyspace`');
    try {
      this.io.out(describeKeyspace(await this.schema.load(keyspace)));
    } catch (e) {
      if (e instanceof ThriftException && e.thriftName === 'NotFoundException') throw new CliError(`Keyspace ${keyspace} could not be found.`);
      throw e;
    }
  }
}

/** Errors a statement may end with; anything else is a bug and propagates. */
function isReportable(e: unknown): boolean {
  return e instanceof Error && !(e instanceof TypeError) && !(e instanceof ReferenceError);
}
