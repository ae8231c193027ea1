/**
 * The `yaml` package, loaded on first use: a node started without a config file never parses YAML,
 * and the package is ~70 CommonJS modules on the start path (docs/PERFORMANCE.md "bench:start").
 * A synchronous require (yaml is CommonJS under Node) keeps config parsing synchronous; Node's
 * module cache makes every later call a lookup. Same pattern as util/snappy-codec.ts.
 */
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');

const requirePackage = createRequire(import.meta.url);

export function yamlPackage(): Yaml {
  return requirePackage('yaml') as Yaml;
}
