/**
 * The admin API over HTTP: the admin port's commands (node-admin.ts, what nodetool runs), one
 * route for all of them, curl-friendly:
 *
 *   POST /api/v1/<command>        body: empty, or {"args": ["<string>", …]} (nodetool's positional arguments)
 *   200 {"result": <any JSON>}                                   the command ran
 *   400 {"error": {"type", "code", "message"}}                   bad body, unknown command, invalid arguments
 *   500 {"error": {"type", "code", "message"}}                   the command failed
 *
 * e.g. `curl -X POST http://127.0.0.1:9180/api/v1/status`,
 *      `curl -d '{"args":["ks","t"]}' http://127.0.0.1:9180/api/v1/flush`.
 * The error body is the admin line protocol's (admin-wire.ts); credentials are the endpoint's
 * (HTTP Basic, http-server.ts). The body is at most the endpoint's httpBodyBytesMax.
 */
import type { HttpResponse } from '../../env/index.js';
import { ErrorCode, IliumError, InvalidRequestError } from '../../errors/index.js';
import type { AdminCommandRunner } from '../admin/admin-connection.js';
import type { AdminErrorBody } from '../admin/admin-wire.js';
import { type HttpRoute, jsonResponse } from './http-route.js';

const SERVER_ERROR = 0x0000;
const INVALID = ErrorCode.INVALID;

export function adminRoutes(run: AdminCommandRunner): HttpRoute[] {
  return [{
    method: 'POST',
    path: '/api/v1/:command',
    handle: async (request, params) => {
      const args = argsOf(request.body);
      if (typeof args === 'string') return failure(400, { type: 'InvalidRequestError', code: INVALID, message: args });
      try {
        return jsonResponse(200, { result: (await run(params.command!, args)) ?? null });
      } catch (e) {
        if (e instanceof IliumError) return failure(e instanceof InvalidRequestError ? 400 : 500, { type: e.constructor.name, code: e.code, message: e.message });
        return failure(500, { type: 'ServerError', code: SERVER_ERROR, message: e instanceof Error ? e.message : String(e) });
      }
    },
  }];
}

function argsOf(body: Buffer): string[] | string {
  if (body.length === 0 || body.toString('utf8').trim() === '') return [];
  let v: unknown;
  try {
    v = JSON.parse(body.toString('utf8'));
  } catch {
    return 'the body is not JSON (send {"args": [...]} or nothing)';
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'the body must be a JSON object: {"args": [...]}';
  const args = (v as { args?: unknown }).args ?? [];
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string')) return '"args" must be a list of strings';
  return args as string[];
}

function failure(status: number, error: AdminErrorBody): HttpResponse {
  return jsonResponse(status, { error });
}
