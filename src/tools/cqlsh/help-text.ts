/**
 * HELP: the list of topics, and a few lines on each shell command (CQL statements are
 * described in the CQL reference; the server explains their errors).
 */

const SHELL_TOPICS: Record<string, string> = {
  CONSISTENCY: 'CONSISTENCY [level]\n  Shows or sets the consistency level of the statements that follow: ANY, ONE, TWO, THREE,\n  QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL, LOCAL_ONE. The default is ONE.',
  'SERIAL CONSISTENCY': 'SERIAL CONSISTENCY [level]\n  Shows or sets the serial consistency of conditional updates: SERIAL or LOCAL_SERIAL.',
  PAGING: 'PAGING [ON | OFF | n]\n  Paging fetches rows a page at a time (100 by default) and, on a terminal, waits for Enter\n  between pages (---MORE---). PAGING n turns paging on with n rows a page.',
  EXPAND: 'EXPAND [ON | OFF]\n  Expanded output prints each row as a block of column | value lines (@ Row N).',
  TRACING: 'TRACING [ON | OFF]\n  Asks the server to trace each request and prints the trace when the server has one.',
  SOURCE: "SOURCE 'file'\n  Runs the statements of a file as if they were typed.",
  SHOW: 'SHOW VERSION | SHOW HOST\n  Prints the shell, server, CQL and protocol versions, or the cluster and address connected to.',
  DESCRIBE: 'DESCRIBE [FULL] SCHEMA | KEYSPACES | KEYSPACE [ks] | TABLES | TABLE t | TYPES | TYPE t | FUNCTIONS | FUNCTION f | AGGREGATES | AGGREGATE a | ...\n  The server answers with the CQL that recreates the objects (DESC for short).',
  COPY:
    "COPY [ks.]table [(c1, c2, ...)] TO 'file.csv' | STDOUT [WITH option = value [AND ...]]\n" +
    "COPY [ks.]table [(c1, c2, ...)] FROM 'file.csv' | STDIN [WITH option = value [AND ...]]\n" +
    '  CSV export and import. Options: DELIMITER, QUOTE, ESCAPE, HEADER, NULL, BOOLSTYLE;\n' +
    '  TO: PAGESIZE, MAXOUTPUTSIZE, FLOATPRECISION, DOUBLEPRECISION;\n' +
    '  FROM: CHUNKSIZE, MAXBATCHSIZE, MAXCONCURRENCY, INGESTRATE, MAXROWS, SKIPROWS, SKIPCOLS,\n' +
    '  MAXPARSEERRORS, MAXINSERTERRORS, TTL.',
  LOGIN: "LOGIN <username> ['<password>']\n  Logs in again as another user (a new connection to the same node, keeping the keyspace in use).\n  Without a password it is asked for on the terminal.",
  CLEAR: 'CLEAR | CLS\n  Clears the terminal.',
  EXIT: 'EXIT | QUIT\n  Leaves the shell (so does Ctrl-D).',
  HELP: 'HELP [topic]\n  Lists the topics, or explains one.',
};
SHELL_TOPICS['DESC'] = SHELL_TOPICS['DESCRIBE']!;
SHELL_TOPICS['CLS'] = SHELL_TOPICS['CLEAR']!;
SHELL_TOPICS['QUIT'] = SHELL_TOPICS['EXIT']!;
SHELL_TOPICS['SERIAL'] = SHELL_TOPICS['SERIAL CONSISTENCY']!;

const CQL_TOPICS = [
  'ALTER_KEYSPACE', 'ALTER_TABLE', 'ALTER_TYPE', 'BATCH', 'CREATE_INDEX', 'CREATE_KEYSPACE', 'CREATE_TABLE',
  'CREATE_TYPE', 'DELETE', 'DROP_INDEX', 'DROP_KEYSPACE', 'DROP_TABLE', 'DROP_TYPE', 'INSERT', 'SELECT',
  'TRUNCATE', 'TYPES', 'UPDATE', 'USE',
];

function columns(words: readonly string[]): string {
  const w = Math.max(...words.map((x) => x.length)) + 2;
  const perLine = Math.max(1, Math.floor(80 / w));
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += perLine) lines.push(words.slice(i, i + perLine).map((x) => x.padEnd(w)).join('').trimEnd());
  return lines.join('\n');
}

export function helpText(topic: string | undefined): string {
  if (topic === undefined) {
    const shell = ['CLEAR', 'CLS', 'CONSISTENCY', 'COPY', 'DESC', 'DESCRIBE', 'EXIT', 'EXPAND', 'HELP', 'LOGIN', 'PAGING', 'QUIT', 'SERIAL', 'SHOW', 'SOURCE', 'TRACING'];
    return `\nDocumented shell commands:\n===========================\n${columns(shell)}\n\nCQL help topics:\n================\n${columns(CQL_TOPICS)}\n\n`;
  }
  const t = topic.replace(/\s+/g, ' ').toUpperCase();
  if (SHELL_TOPICS[t] !== undefined) return `${SHELL_TOPICS[t]}\n`;
  if (CQL_TOPICS.includes(t.replace(/ /g, '_'))) return `${t.replace(/_/g, ' ')}: a CQL statement; see the CQL reference in Apache Cassandra's documentation.\n`;
  return `No help topic for '${topic.toLowerCase()}'\n`;
}
