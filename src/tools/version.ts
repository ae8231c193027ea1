/**
 * `ilium --version`: the package's version (from its package.json, found next to dist/) and the
 * Cassandra release and protocols it speaks as.
 */
import { readFileSync } from 'node:fs';
import { RELEASE_VERSION } from '../cql/execution/node-info.js';

export function versionLine(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return `ilium ${pkg.version ?? 'unknown'} (as Apache Cassandra ${RELEASE_VERSION}: CQL native protocol v3-v5, Thrift 0.7 API)`;
}
