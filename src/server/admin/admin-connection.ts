/**
 * One nodetool connection: lines in, requests run one at a time in arrival order, one response
 * line each. Bad lines get an error response; an oversized line gets one and the connection is
 * closed (its boundary is lost). A command's failure is its response, never the node's. Each
 * request passes the port's guard (admin-auth.ts) before its command runs: unknown commands too,
 * so a caller without credentials learns nothing.
 */
import type { NetSocket } from '../../env/index.js';
import { IliumError } from '../../errors/index.js';
import type { ServedConnection } from '../../transport/index.js';
import type { AdminGuard } from './admin-auth.js';
import { type AdminResponse, LineSplitter, encodeAdminMessage, parseAdminRequest } from './admin-wire.js';

export type AdminCommandRunner = (command: string, args: readonly string[]) => Promise<unknown>;

/**
 * Requests one connection may have waiting (refusals wait a second each, admin-auth.ts): a client
 * that pipelines more is answered once and closed, so queued requests never grow without bound.
 */
export const adminRequestsPendingMax = 64;

const SERVER_ERROR = 0x0000;
const PROTOCOL_ERROR = 0x000a;

export class AdminConnection implements ServedConnection {
  private readonly lines = new LineSplitter();
  private queue: Promise<void> = Promise.resolve();
  private closing = false;
  private pending = 0;

  constructor(
    private readonly socket: NetSocket,
    private readonly run: AdminCommandRunner,
    private readonly guard: AdminGuard,
    onClosed: (c: AdminConnection) => void,
  ) {
    socket.on('data', (chunk) => this.received(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => onClosed(this));
  }

  close(): void {
    this.closing = true;
    void this.queue.then(() => this.socket.end());
  }

  destroy(): void {
    this.socket.destroy();
  }

  private received(chunk: Buffer): void {
    if (this.closing) return;
    let lines: string[];
    try {
      lines = this.lines.push(chunk);
    } catch (e) {
      this.send({ id: null, ok: false, error: { type: 'ProtocolError', code: PROTOCOL_ERROR, message: (e as Error).message } });
      this.close();
      return;
    }
    for (const line of lines) {
      if (line.trim() === '') continue;
      const request = parseAdminRequest(line);
      if (typeof request === 'string') {
        this.send({ id: null, ok: false, error: { type: 'ProtocolError', code: PROTOCOL_ERROR, message: request } });
        continue;
      }
      if (this.pending >= adminRequestsPendingMax) {
        this.send({ id: request.id, ok: false, error: { type: 'ProtocolError', code: PROTOCOL_ERROR, message: `more than ${adminRequestsPendingMax} requests pending on one connection` } });
        this.close();
        return;
      }
      this.pending++;
      this.queue = this.queue.then(async () => {
        try {
          await this.guard.admit(request);
          this.send({ id: request.id, ok: true, result: (await this.run(request.command, request.args)) ?? null });
        } catch (e) {
          const error = e instanceof IliumError
            ? { type: e.constructor.name, code: e.code, message: e.message }
            : { type: 'ServerError', code: SERVER_ERROR, message: e instanceof Error ? e.message : String(e) };
          this.send({ id: request.id, ok: false, error });
        } finally {
          this.pending--;
        }
      });
    }
  }

  private send(response: AdminResponse): void {
    if (!this.socket.closed) this.socket.write(encodeAdminMessage(response));
  }
}
