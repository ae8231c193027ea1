/** pino-roll ships no types: the part of its API `node-log.ts` uses. */
declare module 'pino-roll' {
  interface RollOptions {
    readonly file: string;
    /** A number of bytes, or one with k, m or g. */
    readonly size?: string | number;
    readonly limit?: { readonly count: number };
    readonly mkdir?: boolean;
    /** Keep `current.log` beside the files, linked to the one being written. */
    readonly symlink?: boolean;
  }
  interface RollStream {
    write(line: string): boolean;
    flushSync(): void;
  }
  export default function roll(options: RollOptions): Promise<RollStream>;
}
