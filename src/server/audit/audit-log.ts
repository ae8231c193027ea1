/**
 * The node's audit log (Cassandra 4.0's AuditLogManager with FileAuditLogger): on when
 * cassandra.yaml's audit_logging_options says so or after `nodetool enableauditlog`, off after
 * `disableauditlog`. Entries that pass the filter go as FileAuditLogger lines to the rotating
 * files (audit-files.ts). Logins are seen by wrapping the node's authenticator (CQL's SASL and
 * Thrift's login() both go through it); statements by the query processor, passwords hidden
 * (password-obfuscation.ts).
 */
import type { AuditLogOptions } from '../../config/index.js';
import type { Statement } from '../../cql/parser/index.js';
import { AuthenticationError, UnauthorizedError } from '../../errors/index.js';
import type { Env, NetAddress } from '../../env/index.js';
import type { Authenticator, SaslNegotiator } from '../../transport/index.js';
import { type AuditEntry, auditLogLine, statementTarget, statementType } from './audit-entry.js';
import { AuditFiles } from './audit-files.js';
import { auditFilter } from './audit-filter.js';
import { errorMessageFor, hideAfterToken, withoutPassword } from './password-obfuscation.js';

interface Running {
  readonly options: AuditLogOptions;
  readonly files: AuditFiles;
  readonly keep: (entry: AuditEntry) => boolean;
}

export class AuditLog {
  private running: Running | undefined;

  constructor(
    private readonly env: Env,
    /** This node's address:storage port, the lines' `host`. */
    private readonly host: string,
    /** Where audit_logs_dir points when it is not set: `<data directory>/audit`. */
    private readonly defaultDir: string,
    private readonly onError: (e: Error) => void = () => undefined,
  ) {}

  get enabled(): boolean {
    return this.running !== undefined;
  }

  /** The options in force (undefined while off). */
  get options(): AuditLogOptions | undefined {
    return this.running?.options;
  }

  get dir(): string | undefined {
    return this.running?.files.dir;
  }

  /** Turns the log on with `options` (replacing the ones in force). */
  enable(options: AuditLogOptions): void {
    this.disable();
    const files = new AuditFiles(this.env, options.audit_logs_dir ?? this.defaultDir, options.roll_cycle, options.max_log_size, this.onError);
    this.running = { options: { ...options, enabled: true }, files, keep: auditFilter(options) };
  }

  /** Turns it off, writing what is queued. */
  disable(): void {
    const r = this.running;
    this.running = undefined;
    r?.files.close();
  }

  /** Writes every queued line now (tests; the files flush on their own on the next turn). */
  flush(): void {
    this.running?.files.flush();
  }

  log(entry: Omit<AuditEntry, 'timestampMs'>): void {
    const r = this.running;
    if (r === undefined) return;
    const full: AuditEntry = { ...entry, timestampMs: this.env.clock.nowMs() };
    if (r.keep(full)) r.files.append(auditLogLine(full, this.host), full.timestampMs);
  }

  /**
   * A statement run (or refused: `error`), its text as the operation. A failure is
   * UNAUTHORIZED_ATTEMPT (AUTH) when the user lacked a permission, else REQUEST_FAILURE (ERROR), its
   * text hidden after `password` as for a text that did not parse (Cassandra's AuditLogManager and
   * QueryEvents: a failed QUERY is reported without its statement).
   */
  logStatement(statement: Statement, text: string, user: string | null, source: NetAddress, sessionKeyspace: string | undefined, error?: Error): void {
    if (this.running === undefined) return;
    const { keyspace, scope } = statementTarget(statement, sessionKeyspace);
    if (error === undefined) {
      const [type, category] = statementType(statement.kind);
      this.log({ type, category, user, source, keyspace, scope, operation: withoutPassword(statement, text) });
      return;
    }
    const [type, category] = error instanceof UnauthorizedError ? (['UNAUTHORIZED_ATTEMPT', 'AUTH'] as const) : (['REQUEST_FAILURE', 'ERROR'] as const);
    this.log({ type, category, user, source, keyspace, scope, operation: `${hideAfterToken(text)}; ${errorMessageFor(text, error)}` });
  }

  /** A request that failed before it was a statement (a syntax error, an unknown prepared id). */
  logFailure(text: string, user: string | null, source: NetAddress, sessionKeyspace: string | undefined, error: Error): void {
    this.log({ type: 'REQUEST_FAILURE', category: 'ERROR', user, source, keyspace: sessionKeyspace, operation: `${hideAfterToken(text)}; ${errorMessageFor(text, error)}` });
  }

  /** `inner`, with each login's outcome logged (LOGIN_SUCCESS, LOGIN_ERROR) as Cassandra does. */
  wrapAuthenticator(inner: Authenticator): Authenticator {
    if (!inner.requiresAuthentication) return inner;
    const log = (entry: Omit<AuditEntry, 'timestampMs'>) => this.log(entry);
    return {
      requiresAuthentication: inner.requiresAuthentication,
      className: inner.className,
      newNegotiator(client: NetAddress): SaslNegotiator {
        const n = inner.newNegotiator(client);
        return {
          async evaluate(token) {
            try {
              const step = await n.evaluate(token);
              if (step.done) log({ type: 'LOGIN_SUCCESS', category: 'AUTH', user: step.user, source: client, operation: 'LOGIN SUCCESSFUL' });
              return step;
            } catch (e) {
              if (e instanceof AuthenticationError) log({ type: 'LOGIN_ERROR', category: 'AUTH', user: null, source: client, operation: `LOGIN FAILURE; ${e.message}` });
              throw e;
            }
          },
        };
      },
    };
  }
}
