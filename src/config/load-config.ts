/** Reads a cassandra.yaml-style file (YAML) into a NodeConfig; ConfigurationError says what is wrong. */
import type { FileSystem } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import { type LoadedConfig, resolveNodeConfig } from './node-config.js';
import { yamlErrorPlace } from './yaml-error.js';
import { yamlPackage } from './yaml-package.js';

export function loadConfigFile(fs: FileSystem, path: string, overrides: Record<string, unknown> = {}): LoadedConfig {
  let text: string;
  try {
    text = fs.readFileSync(path).toString('utf8');
  } catch (e) {
    throw new ConfigurationError(`cannot read config file ${path}: ${(e as Error).message}`, { cause: e });
  }
  return parseConfigText(text, path, overrides);
}

export function parseConfigText(text: string, source: string, overrides: Record<string, unknown> = {}): LoadedConfig {
  let doc: unknown;
  try {
    doc = yamlPackage().parse(text);
  } catch (e) {
    const place = yamlErrorPlace(text, e);
    const where = place === undefined ? '' : ` at line ${place.line}, column ${place.column}`;
    throw new ConfigurationError(`${source} is not valid YAML${where}: ${place?.problem ?? (e as Error).message}`, { cause: e });
  }
  if (doc === null || doc === undefined) doc = {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new ConfigurationError(`${source} must be a YAML mapping of keys to values`);
  return resolveNodeConfig({ ...(doc as Record<string, unknown>), ...overrides });
}
