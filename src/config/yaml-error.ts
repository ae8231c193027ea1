/**
 * Where a YAML syntax error is, as a person editing cassandra.yaml looks for it: the `yaml`
 * package places some errors where it gave up rather than where the mistake is, so two are moved:
 *
 * - a quote never closed is reported at the end of the file: the line that opens the quote;
 * - a key indented under a plain value (`port: 9042` then `  other: 1`) is reported at the value:
 *   the line of the indented key.
 *
 * SnakeYAML, which Cassandra uses (YamlConfigurationLoader), names the opening quote and the
 * indented key's line for these two; its other positions agree with the `yaml` package's.
 */
import { yamlPackage } from './yaml-package.js';

export interface YamlErrorPlace {
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** What is wrong, one line, without the package's "at line …" and excerpt. */
  readonly problem: string;
}

export function yamlErrorPlace(text: string, e: unknown): YamlErrorPlace | undefined {
  if (!(e instanceof yamlPackage().YAMLParseError) || e.linePos === undefined) return undefined;
  const problem = (e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  const at = { line: e.linePos[0].line, column: e.linePos[0].col };
  if (e.code === 'MISSING_CHAR' && /quote/.test(problem)) return { ...(unclosedQuote(text) ?? at), problem };
  if (e.code === 'BLOCK_AS_IMPLICIT_KEY') return { ...(nextContentLine(text, at.line) ?? at), problem: 'a key indented under a value (fix the indentation)' };
  return { ...at, problem };
}

/** The start of the first quoted scalar whose closing quote is missing. */
function unclosedQuote(text: string): { line: number; column: number } | undefined {
  const lines = new (yamlPackage().LineCounter)();
  let offset: number | undefined;
  const visit = (token: unknown): void => {
    if (offset !== undefined || token === null || typeof token !== 'object') return;
    const t = token as { type?: unknown; source?: unknown; offset?: unknown };
    if ((t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') && typeof t.source === 'string' && typeof t.offset === 'number') {
      const quote = t.type === 'double-quoted-scalar' ? '"' : "'";
      if (t.source.length < 2 || !t.source.endsWith(quote)) offset = t.offset;
      return;
    }
    for (const v of Object.values(token)) visit(v);
  };
  for (const token of new (yamlPackage().Parser)(lines.addNewLine).parse(text)) visit(token);
  if (offset === undefined) return undefined;
  const p = lines.linePos(offset);
  return { line: p.line, column: p.col };
}

function nextContentLine(text: string, afterLine: number): { line: number; column: number } | undefined {
  const lines = text.split('\n');
  for (let i = afterLine; i < lines.length; i++) {
    const col = lines[i]!.search(/\S/);
    if (col >= 0) return { line: i + 1, column: col + 1 };
  }
  return undefined;
}
