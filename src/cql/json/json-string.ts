/**
 * JSON string literals as Cassandra writes them (it quotes with Jackson's standard escaping):
 * '"' and '\' are backslash-escaped, the control characters U+0008, U+0009, U+000A, U+000C and
 * U+000D use their short forms (\b \t \n \f \r), every other character below U+0020 is written
 * \u00XX with upper-case hex digits, and everything else (non-ASCII included) is written as is.
 */

const SHORT_FORMS: Readonly<Record<number, string>> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
};

/** `s` between double quotes, escaped. */
export function quoteJsonString(s: string): string {
  return `"${escapeJsonString(s)}"`;
}

/** The escaped contents of a JSON string literal for `s` (no surrounding quotes). */
export function escapeJsonString(s: string): string {
  let out = '';
  let runStart = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(runStart, i) + (SHORT_FORMS[c] ?? `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`);
    runStart = i + 1;
  }
  return runStart === 0 ? s : out + s.slice(runStart);
}
