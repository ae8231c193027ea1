/**
 * cassandra-rackdc.properties: where this node says it is. A Java properties file; the keys read
 * here are `dc`, `rack` (both required, trimmed) and `prefer_local` (true only when spelled
 * `true`, any case, as Java's Boolean.parseBoolean). Other keys (`dc_suffix`, `ec2_naming_scheme`
 * of the cloud snitches) are kept in `others` and ignored.
 *
 * The subset of the properties grammar understood: one `key=value`, `key:value` or `key value`
 * per line, blank lines and lines starting with `#` or `!` skipped, a trailing backslash joining
 * the next line. Unicode and other escapes are not interpreted (no real rackdc file uses them).
 */
import { ConfigurationError } from '../errors/index.js';
import type { Location } from './snitch.js';

export const RACKDC_FILE_NAME = 'cassandra-rackdc.properties';

export interface RackDcProperties extends Location {
  readonly preferLocal: boolean;
  readonly others: Readonly<Record<string, string>>;
}

export function parseRackDcProperties(text: string): RackDcProperties {
  const props = parseJavaProperties(text);
  const dc = props.get('dc')?.trim();
  const rack = props.get('rack')?.trim();
  if (dc === undefined || dc === '' || rack === undefined || rack === '') {
    throw new ConfigurationError(`DC or rack not found in snitch properties, check your configuration in: ${RACKDC_FILE_NAME}`);
  }
  const others: Record<string, string> = {};
  for (const [k, v] of props) if (k !== 'dc' && k !== 'rack' && k !== 'prefer_local') others[k] = v;
  const preferLocal = (props.get('prefer_local') ?? 'false').trim().toLowerCase() === 'true';
  return Object.freeze({ datacenter: dc, rack, preferLocal, others: Object.freeze(others) });
}

/** Logical lines → key/value pairs; a later key replaces an earlier one, as Java's Properties. */
function parseJavaProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of logicalLines(text)) {
    const m = /^([^=:\s]+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (m !== null) out.set(m[1]!, m[2]!);
    else out.set(line, ''); // a key alone has the empty value
  }
  return out;
}

function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = pending === '' ? raw.trimStart() : pending + raw.trimStart();
    if (pending === '' && (line === '' || line.startsWith('#') || line.startsWith('!'))) continue;
    if (endsWithOddBackslashes(line)) {
      pending = line.slice(0, -1);
      continue;
    }
    pending = '';
    lines.push(line.trimEnd());
  }
  if (pending !== '') lines.push(pending.trimEnd());
  return lines;
}

function endsWithOddBackslashes(s: string): boolean {
  let n = 0;
  for (let i = s.length - 1; i >= 0 && s[i] === '\\'; i--) n++;
  return n % 2 === 1;
}
