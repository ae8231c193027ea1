/**
 * What one statement of the shell's input asks for: a command of the shell itself (EXPAND,
 * PAGING, CONSISTENCY, COPY, SOURCE, SHOW, HELP, EXIT…) or CQL to send to the server
 * (DESCRIBE included: the server answers it). A malformed shell command becomes `improper`,
 * printed as cqlsh prints it ("Improper EXPAND command.").
 */
import { type CopyCommand, parseCopy } from './copy-command.js';

export const CONSISTENCY_LEVELS = [
  'ANY', 'ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_QUORUM', 'EACH_QUORUM', 'SERIAL', 'LOCAL_SERIAL', 'LOCAL_ONE',
] as const;
export const SERIAL_LEVELS = ['SERIAL', 'LOCAL_SERIAL'] as const;

export type ShellCommand =
  | { readonly kind: 'exit' }
  | { readonly kind: 'help'; readonly topic: string | undefined }
  | { readonly kind: 'clear' }
  | { readonly kind: 'show'; readonly what: 'version' | 'host' | 'session'; readonly arg: string | undefined }
  | { readonly kind: 'expand'; readonly on: boolean | undefined }
  | { readonly kind: 'paging'; readonly setting: boolean | number | undefined }
  | { readonly kind: 'tracing'; readonly on: boolean | undefined }
  | { readonly kind: 'consistency'; readonly level: string | undefined }
  | { readonly kind: 'serial-consistency'; readonly level: string | undefined }
  | { readonly kind: 'source'; readonly file: string }
  | { readonly kind: 'login'; readonly user: string; readonly password: string | undefined }
  | { readonly kind: 'copy'; readonly copy: CopyCommand }
  | { readonly kind: 'describe'; readonly cql: string }
  | { readonly kind: 'use'; readonly cql: string }
  | { readonly kind: 'cql'; readonly cql: string }
  | { readonly kind: 'improper'; readonly message: string };

const improper = (word: string): ShellCommand => ({ kind: 'improper', message: `Improper ${word} command.` });

function onOff(arg: string | undefined): boolean | undefined | 'bad' {
  if (arg === undefined) return undefined;
  const a = arg.toUpperCase();
  return a === 'ON' ? true : a === 'OFF' ? false : 'bad';
}

/** Reads a string literal `'…'` (quotes doubled inside) or returns the bare text. */
export function unquoteString(text: string): string | undefined {
  const t = text.trim();
  if (t.startsWith("'")) return t.length >= 2 && t.endsWith("'") ? t.slice(1, -1).replace(/''/g, "'") : undefined;
  return t === '' ? undefined : t;
}

/** `LOGIN user ['password']`: the user a name or a quoted string, the password a string literal (cqlsh's grammar). */
function parseLogin(text: string): ShellCommand {
  const m = /^LOGIN\s+("(?:[^"]|"")+"|'(?:[^']|'')*'|[A-Za-z0-9_]+)(?:\s+('(?:[^']|'')*'))?$/is.exec(text);
  if (m === null) return improper('LOGIN');
  const name = m[1]!;
  const user = name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name.startsWith("'") ? unquoteString(name) ?? '' : name;
  return { kind: 'login', user, password: m[2] === undefined ? undefined : unquoteString(m[2]) ?? '' };
}

export function parseShellCommand(statement: string): ShellCommand {
  const text = statement.trim();
  const words = text.split(/\s+/);
  const first = words[0]!.toUpperCase();
  const rest = words.slice(1);
  switch (first) {
    case 'EXIT':
    case 'QUIT':
      return rest.length === 0 ? { kind: 'exit' } : improper(first);
    case 'HELP':
    case '?':
      return { kind: 'help', topic: rest.length > 0 ? rest.join(' ').toUpperCase() : undefined };
    case 'CLEAR':
    case 'CLS':
      return rest.length === 0 ? { kind: 'clear' } : improper(first);
    case 'SHOW': {
      const what = rest[0]?.toUpperCase();
      if (what === 'VERSION' && rest.length === 1) return { kind: 'show', what: 'version', arg: undefined };
      if (what === 'HOST' && rest.length === 1) return { kind: 'show', what: 'host', arg: undefined };
      if (what === 'SESSION' && rest.length === 2) return { kind: 'show', what: 'session', arg: rest[1] };
      return improper('SHOW');
    }
    case 'EXPAND':
    case 'TRACING': {
      const on = rest.length <= 1 ? onOff(rest[0]) : 'bad';
      if (on === 'bad') return improper(first);
      return first === 'EXPAND' ? { kind: 'expand', on } : { kind: 'tracing', on };
    }
    case 'PAGING': {
      if (rest.length > 1) return improper('PAGING');
      const on = onOff(rest[0]);
      if (on !== 'bad') return { kind: 'paging', setting: on };
      const n = Number(rest[0]);
      return Number.isInteger(n) && n > 0 ? { kind: 'paging', setting: n } : improper('PAGING');
    }
    case 'CONSISTENCY': {
      const level = rest[0]?.toUpperCase();
      if (rest.length > 1 || (level !== undefined && !(CONSISTENCY_LEVELS as readonly string[]).includes(level))) return improper('CONSISTENCY');
      return { kind: 'consistency', level };
    }
    case 'SERIAL': {
      if (rest[0]?.toUpperCase() !== 'CONSISTENCY' || rest.length > 2) return improper('SERIAL CONSISTENCY');
      const level = rest[1]?.toUpperCase();
      if (level !== undefined && !(SERIAL_LEVELS as readonly string[]).includes(level)) return improper('SERIAL CONSISTENCY');
      return { kind: 'serial-consistency', level };
    }
    case 'SOURCE': {
      const file = unquoteString(text.slice(words[0]!.length));
      return file === undefined ? improper('SOURCE') : { kind: 'source', file };
    }
    case 'LOGIN':
      return parseLogin(text);
    case 'COPY': {
      const copy = parseCopy(text);
      return typeof copy === 'string' ? { kind: 'improper', message: copy } : { kind: 'copy', copy };
    }
    case 'DESC':
    case 'DESCRIBE':
      return { kind: 'describe', cql: text };
    case 'USE':
      return { kind: 'use', cql: text };
    default:
      return { kind: 'cql', cql: text };
  }
}
