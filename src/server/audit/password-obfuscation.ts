/**
 * Passwords kept out of the audit log, as Cassandra keeps them out (checked in apache/cassandra
 * cql3/PasswordObfuscator, QueryEvents.maybeObfuscatePassword and AuditLogManager): a role
 * statement's password (or hashed password) literal becomes `*******` where it stands in the
 * statement's text; a text that never became a statement has everything after its first
 * `password` replaced; an error message likewise, and a syntax error in a text that mentions a
 * password is not echoed at all (it may quote the password).
 */
import type { Statement } from '../../cql/parser/index.js';
import { CqlSyntaxError } from '../../errors/index.js';

const TOKEN = 'password';
const HIDDEN = '*******';

/** `text` (a statement's) with its password literal hidden, when it is a role statement that sets one. */
export function withoutPassword(statement: Statement, text: string): string {
  const secret = secretOf(statement);
  if (secret === null || secret === '') return text;
  // The text holds the literal quoted, 'CQL-escaped' or $$as is$$, after the word password (a
  // role named password comes first, so the quoted form is looked for, not the bare one).
  const at = text.toLowerCase().indexOf(TOKEN);
  if (at < 0) return text;
  for (const [open, body, close] of [["'", secret.replace(/'/g, "''"), "'"], ['$$', secret, '$$']] as const) {
    const found = text.indexOf(open + body + close, at + TOKEN.length);
    if (found >= 0) return text.slice(0, found + open.length) + HIDDEN + text.slice(found + open.length + body.length);
  }
  return hideAfterToken(text);
}

/** A text that never became a statement (it failed to parse, say): everything after `password` hidden. */
export function hideAfterToken(text: string): string {
  const at = text.toLowerCase().indexOf(TOKEN);
  return at < 0 ? text : `${text.slice(0, at + TOKEN.length)} ${HIDDEN}`;
}

/** The error's message for the log line of a request whose text is `text`. */
export function errorMessageFor(text: string, error: Error): string {
  if (error instanceof CqlSyntaxError && text.toLowerCase().includes(TOKEN)) return 'Syntax Exception. Obscured for security reasons.';
  return hideAfterToken(error.message);
}

function secretOf(s: Statement): string | null {
  switch (s.kind) {
    case 'createRole':
    case 'alterRole':
      return s.options.password ?? s.options.hashedPassword;
    case 'createUser':
    case 'alterUser':
      return s.password ?? s.hashedPassword;
    default:
      return null;
  }
}
