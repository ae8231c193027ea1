/**
 * The admin protocol `ilium nodetool` speaks to a node (what JMX is to Cassandra's nodetool): one
 * JSON object per line (UTF-8, ending in "\n") over TCP, on admin_address:admin_port (7199 by
 * default, the port Cassandra's JMX uses). Requests are answered in order, one at a time.
 *
 *   request  := {"id": <integer>, "command": <string>, "args": [<string>…], "user": <string>, "password": <string>}
 *   response := {"id": <integer|null>, "ok": true,  "result": <any JSON>}
 *             | {"id": <integer|null>, "ok": false, "error": {"type": <string>, "code": <integer>, "message": <string>}}
 *
 * "args" is optional (none). "user" and "password" are the caller's credentials, both or neither,
 * each at most adminCredentialBytesMax bytes of UTF-8: with authentication on, every request needs
 * a superuser's (admin-auth.ts); they travel in the clear, so the port is local-only by default.
 *
 * A line longer than MAX_ADMIN_LINE_BYTES is answered with an error (id null) and the connection
 * closed; a line that is not a request is answered with an error (id null) and reading goes on.
 */
export const MAX_ADMIN_LINE_BYTES = 1024 * 1024;

/** The most bytes (UTF-8) a request's "user" or "password" may have. */
export const adminCredentialBytesMax = 1024;

export interface AdminRequest {
  readonly id: number;
  readonly command: string;
  readonly args: readonly string[];
  /** Both or neither (parseAdminRequest checks). */
  readonly user?: string;
  readonly password?: string;
}

export interface AdminErrorBody {
  readonly type: string;
  readonly code: number;
  readonly message: string;
}

export type AdminResponse =
  | { readonly id: number | null; readonly ok: true; readonly result: unknown }
  | { readonly id: number | null; readonly ok: false; readonly error: AdminErrorBody };

/** A request from one line, or the reason the line is not one. */
export function parseAdminRequest(line: string): AdminRequest | string {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return 'the line is not JSON';
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'a request must be a JSON object';
  const { id, command, args, user, password } = v as Record<string, unknown>;
  if (!Number.isSafeInteger(id)) return 'a request needs an integer "id"';
  if (typeof command !== 'string' || command.length === 0) return 'a request needs a "command" string';
  const list = args ?? [];
  if (!Array.isArray(list) || list.some((a) => typeof a !== 'string')) return '"args" must be a list of strings';
  const request = { id: id as number, command, args: list as string[] };
  if (user === undefined && password === undefined) return request;
  if (typeof user !== 'string' || typeof password !== 'string') return '"user" and "password" must be strings, given together';
  if (Buffer.byteLength(user) > adminCredentialBytesMax || Buffer.byteLength(password) > adminCredentialBytesMax) {
    return `"user" and "password" must be at most ${adminCredentialBytesMax} bytes each`;
  }
  return { ...request, user, password };
}

/** Splits a byte stream into lines; throws a RangeError when a line outgrows the limit. */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxLineBytes = MAX_ADMIN_LINE_BYTES) {}

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, nl);
      this.check(part.length);
      this.pending.push(part);
      lines.push(Buffer.concat(this.pending).toString('utf8'));
      this.pending = [];
      this.pendingBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.check(rest.length);
      this.pending.push(Buffer.from(rest));
      this.pendingBytes += rest.length;
    }
    return lines;
  }

  private check(more: number): void {
    if (this.pendingBytes + more > this.maxLineBytes) throw new RangeError(`an admin request line is longer than ${this.maxLineBytes} bytes`);
  }
}

export function encodeAdminMessage(m: AdminResponse | AdminRequest): Buffer {
  return Buffer.from(`${JSON.stringify(m)}\n`, 'utf8');
}
