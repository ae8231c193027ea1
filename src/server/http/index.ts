/**
 * The node's HTTP endpoint (http_address:http_port, docs/OPERATIONS.md "HTTP endpoint"):
 * - `http-route.ts` (the route table's shape, `{ method, path, handle }`, and path matching),
 * - `http-server.ts` (serves the routes through `Network.serveHttp`; superuser Basic credentials
 *   when authentication is on, HTTPS with client_encryption_options).
 */
export * from './http-route.js';
export * from './http-server.js';
export * from './node-routes.js';
