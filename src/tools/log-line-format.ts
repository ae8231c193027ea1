/**
 * A pino JSON line as a line for people: local time, level, event, then the event's fields as
 * `key=value` (strings with spaces or quotes and structured values in JSON), a stack on the lines
 * after it. pino's own bookkeeping (pid, hostname, name, msg, time, level) is left out. A value
 * longer than `VALUE_CHARS_MAX` is cut (the JSON destinations keep it whole).
 *
 *   01:30:12.345 INFO  flush_completed table=ks.users generation=3 partitions=1200 bytesOnDisk=48211 durationMs=14
 */
const VALUE_CHARS_MAX = 300;
const LEVEL_NAMES: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const PINO_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'event', 'stack']);

export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json; // not pino's: as it came
  }
  const time = typeof entry['time'] === 'number' ? clockTime(new Date(entry['time'])) : '';
  const level = LEVEL_NAMES[entry['level'] as number] ?? String(entry['level']);
  const fields = Object.entries(entry)
    .filter(([k]) => !PINO_KEYS.has(k))
    .map(([k, v]) => `${k}=${valueText(v)}`);
  const stack = typeof entry['stack'] === 'string' ? `\n    ${entry['stack'].split('\n').join('\n    ')}` : '';
  return `${[time, level, String(entry['event'] ?? entry['msg'] ?? ''), ...fields].join(' ')}${stack}\n`;
}

function valueText(v: unknown): string {
  const text = typeof v === 'string' && /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v) ?? String(v);
  return text.length > VALUE_CHARS_MAX ? `${text.slice(0, VALUE_CHARS_MAX)}…` : text;
}

function clockTime(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}
