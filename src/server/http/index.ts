/**
 * The node's HTTP endpoint (http_address:http_port, docs/OPERATIONS.md "HTTP endpoint"):
 * - `http-route.ts` (the route table's shape, `{ method, path, handle }`, and path matching),
 * - `http-server.ts` (serves the routes through `Network.serveHttp`; superuser Basic credentials
 *   when authentication is on, HTTPS with client_encryption_options),
 * - `node-routes.ts` (the node's table: each feature's routes, and GET /api listing them),
 * - `metrics-route.ts`, `node-metrics.ts`, `scraped-metric.ts` (GET /metrics: Prometheus text
 *   through prom-client, every family read from the node's counters at scrape time),
 * - `admin-routes.ts` (POST /api/v1/<command>: the admin port's commands as JSON over HTTP),
 * - `console-*.ts` (the web console at GET /: its page, script and JSON, console-routes.ts).
 */
export * from './http-route.js';
export * from './http-server.js';
export * from './node-routes.js';
export * from './metrics-route.js';
export * from './node-metrics.js';
export * from './scraped-metric.js';
export * from './admin-routes.js';
export * from './console-routes.js';
