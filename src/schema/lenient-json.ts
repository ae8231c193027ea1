/**
 * JSON as people paste it: seed 000's schemas end objects with `},}`. Trailing commas before `}`
 * or `]` are dropped (outside strings), then the text is parsed strictly. ConfigurationError when
 * it still is not JSON.
 */
import { ConfigurationError } from '../errors/index.js';

export function parseLenientJson(text: string): unknown {
  try {
    return JSON.parse(withoutTrailingCommas(text));
  } catch (e) {
    throw new ConfigurationError(`schema is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
}

function withoutTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') out += text[++i] ?? '';
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    if (ch === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === '}' || text[j] === ']') continue;
    }
    out += ch;
  }
  return out;
}
