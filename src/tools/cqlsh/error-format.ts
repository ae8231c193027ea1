/**
 * Errors as cqlsh prints them: a server error becomes
 * `InvalidRequest: Error from server: code=2200 [Invalid query] message="…"` (the exception
 * class and summary the Python driver gives each protocol error code, with its info for
 * unavailable and timeout errors); in a script the line is prefixed `<stdin>:3:` or `file.cql:3:`.
 */
import cassandra from 'cassandra-driver';

/** Protocol error code → [Python driver exception name, summary]. */
const SERVER_ERRORS: Record<number, readonly [string, string]> = {
  0x0000: ['ServerError', 'Server error'],
  0x000a: ['ProtocolException', 'Protocol error'],
  0x0100: ['AuthenticationFailed', 'Bad credentials'],
  0x1000: ['Unavailable', 'Unavailable exception'],
  0x1001: ['OverloadedErrorMessage', 'Coordinator node overloaded'],
  0x1002: ['IsBootstrappingErrorMessage', 'Coordinator node is bootstrapping'],
  0x1003: ['TruncateError', 'Error during truncate'],
  0x1100: ['WriteTimeout', "Coordinator node timed out waiting for replica nodes' responses"],
  0x1200: ['ReadTimeout', "Coordinator node timed out waiting for replica nodes' responses"],
  0x1300: ['ReadFailure', 'Replica(s) failed to execute read'],
  0x1400: ['FunctionFailure', 'User Defined Function failed during execution'],
  0x1500: ['WriteFailure', 'Replica(s) failed to execute write'],
  0x2000: ['SyntaxException', 'Syntax error in CQL query'],
  0x2100: ['Unauthorized', 'Unauthorized'],
  0x2200: ['InvalidRequest', 'Invalid query'],
  0x2300: ['ConfigurationException', 'Query invalid because of configuration issue'],
  0x2400: ['AlreadyExists', 'Already exists'],
  0x2500: ['Unprepared', 'Query not prepared'],
};

interface DriverResponseError {
  code: number;
  message: string;
  consistencies?: number;
  required?: number;
  alive?: number;
  received?: number;
  blockFor?: number;
  writeType?: string;
}

function consistencyName(c: number | undefined): string {
  const entry = Object.entries(cassandra.types.consistencies).find(([, v]) => v === c);
  return entry === undefined ? String(c) : entry[0].replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
}

function info(e: DriverResponseError): string {
  const cl = `'consistency': '${consistencyName(e.consistencies)}'`;
  switch (e.code) {
    case 0x1000:
      return ` info={${cl}, 'required_replicas': ${e.required}, 'alive_replicas': ${e.alive}}`;
    case 0x1200:
      return ` info={${cl}, 'required_responses': ${e.blockFor}, 'received_responses': ${e.received}}`;
    case 0x1100:
      return ` info={${cl}, 'required_responses': ${e.blockFor}, 'received_responses': ${e.received}, 'write_type': '${e.writeType}'}`;
    default:
      return '';
  }
}

/** The message cqlsh prints for an error of a statement (without the script location). */
export function formatError(err: unknown): string {
  if (err instanceof cassandra.errors.ResponseError) {
    const e = err as unknown as DriverResponseError;
    const [name, summary] = SERVER_ERRORS[e.code] ?? ['ServerError', 'Server error'];
    const code = e.code.toString(16).toUpperCase().padStart(4, '0');
    return `${name}: Error from server: code=${code} [${summary}] message="${e.message}"${info(e)}`;
  }
  if (err instanceof cassandra.errors.OperationTimedOutError) {
    return `OperationTimedOut: errors={'${err.host ?? 'unknown'}': 'Client request timeout. See Session.execute[_async](timeout)'}, last_host=${err.host ?? 'unknown'}`;
  }
  if (err instanceof cassandra.errors.NoHostAvailableError) {
    const inner = Object.values(err.innerErrors ?? {});
    if (inner.length === 1 && inner[0] instanceof cassandra.errors.ResponseError) return formatError(inner[0]);
    const hosts = Object.entries(err.innerErrors ?? {}).map(([h, e]) => `'${h}': ${innerMessage(e)}`);
    return `NoHostAvailable: ('Unable to complete the operation against any hosts', {${hosts.join(', ')}})`;
  }
  if (err instanceof Error) return `${err.name === 'Error' ? 'Error' : err.name}: ${err.message}`;
  return String(err);
}

function innerMessage(e: unknown): string {
  if (e instanceof cassandra.errors.ResponseError) return formatError(e);
  return e instanceof Error ? e.message : String(e);
}

/** Where a failing statement came from: interactive input has no prefix, scripts `name:line:`. */
export function withLocation(message: string, source: string | undefined, line: number): string {
  return source === undefined ? message : `${source}:${line}:${message}`;
}

/**
 * What the Python driver says when no host let the shell log in (cqlsh prints it after
 * `Connection error: `, and as LOGIN's error):
 * `('Unable to connect to any servers', {'h:9042': AuthenticationFailed('…')})`; undefined when
 * the failure was not about authentication.
 */
export function authFailureText(err: unknown): string | undefined {
  if (!(err instanceof cassandra.errors.NoHostAvailableError)) return undefined;
  const inner = Object.entries(err.innerErrors ?? {});
  if (inner.length === 0 || !inner.every(([, e]) => e instanceof cassandra.errors.AuthenticationError)) return undefined;
  const hosts = inner.map(([host, e]) => {
    const cause = (e as { additionalInfo?: unknown }).additionalInfo;
    const why = cause instanceof cassandra.errors.ResponseError ? `Failed to authenticate to ${host}: ${formatError(cause).replace(/^\w+: /, '')}` : 'Remote end requires authentication.';
    return `'${host}': AuthenticationFailed('${why}')`;
  });
  return `('Unable to connect to any servers', {${hosts.join(', ')}})`;
}
