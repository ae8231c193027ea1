/**
 * The node's settings as system_views.settings shows them (Cassandra 4.0's SettingsTable): one
 * (name, value) row per setting, the value as text — a list as `[a, b]`, absent as null — and
 * the keys of a nested option group under `group_key`, as 4.0 names them
 * (`client_encryption_options_enabled`). Secrets are left out: every key naming a password (the
 * key material options hold file paths, shown).
 */
import type { NodeConfig } from './node-config.js';

const SECRET = /password/;

export function settingsRows(config: NodeConfig): [string, string | null][] {
  const rows: [string, string | null][] = [];
  for (const [key, value] of Object.entries(config)) add(rows, key, value);
  return rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function add(rows: [string, string | null][], name: string, value: unknown): void {
  if (SECRET.test(name)) return;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) add(rows, `${name}_${k}`, v);
    return;
  }
  rows.push([name, text(value)]);
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return `[${value.map((v) => text(v) ?? 'null').join(', ')}]`;
  return String(value);
}
