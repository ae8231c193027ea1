/**
 * The routes a node serves on its HTTP endpoint, one table: each feature adds its own routes here
 * (a console is mounted the same way). `GET /api` lists them, so a caller can see what is served.
 */
import type { HttpRoute } from './http-route.js';
import { jsonResponse } from './http-route.js';

export function nodeHttpRoutes(features: readonly (readonly HttpRoute[])[]): HttpRoute[] {
  const routes: HttpRoute[] = features.flat();
  routes.push({ method: 'GET', path: '/api', handle: () => jsonResponse(200, { routes: routes.map((r) => `${r.method} ${r.path}`) }) });
  return routes;
}
