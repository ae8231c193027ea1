/**
 * Tokens of CQL text as the lexer hands them to the parser. Words (unquoted identifiers and
 * keywords alike) carry their lowercased text: whether a word is a keyword depends on where the
 * parser meets it, since most CQL keywords are unreserved.
 */

export const TokenKind = {
  /** Unquoted identifier or keyword; `text` is lowercased. */
  Word: 1,
  /** "Quoted identifier"; `text` is the name with `""` unescaped, case kept. */
  QuotedName: 2,
  /** 'string' or $$string$$; `text` is the content with `''` unescaped. */
  String: 3,
  /** Digits, without sign (the parser folds a leading minus). */
  Integer: 4,
  /** 1.5, 1e10, 1.5E-3, 2. — without sign. */
  Float: 5,
  /** 0xCAFE; `text` is as written. */
  Hex: 6,
  /** 8-4-4-4-12 hex digits. */
  Uuid: 7,
  /** A duration starting with digits (1h30m) or the ISO alternative form P0001-02-03T04:05:06. */
  Duration: 8,
  /** Punctuation and operators; `text` is the symbol, e.g. `(`, `<=`, `..`, `+=`. */
  Symbol: 9,
  /** End of input. Always the last token. */
  End: 10,
  /** Text the lexer cannot read; `text` is the reason. Always followed by End. */
  Invalid: 11,
} as const;

export type TokenKindValue = (typeof TokenKind)[keyof typeof TokenKind];

export interface Token {
  readonly kind: TokenKindValue;
  readonly text: string;
  /** Offset of the first character in the source. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}
