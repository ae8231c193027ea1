/** GET /metrics: the node's metrics in Prometheus' text format (node-metrics.ts), read at each scrape. */
import type { IliumNode } from '../ilium-node.js';
import type { HttpRoute } from './http-route.js';
import { nodeMetricsRegistry } from './node-metrics.js';

export function metricsRoutes(node: IliumNode): HttpRoute[] {
  const registry = nodeMetricsRegistry(node);
  return [{ method: 'GET', path: '/metrics', handle: async () => ({ status: 200, headers: { 'content-type': registry.contentType }, body: await registry.metrics() }) }];
}
