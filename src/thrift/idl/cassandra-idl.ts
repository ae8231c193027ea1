/**
 * The Cassandra service's codecs, compiled from interface/cassandra.thrift — the one file that
 * states the wire layout (the server and Ilium's client both use what this returns; clients in
 * other languages are generated from the same file). The file ships with the package; it is
 * found by walking up from this module to the directory that holds `interface/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseIdl } from './idl-parser.js';
import { type CompiledIdl, compileIdl } from './struct-codec.js';

/** Where our property names differ from camelCase of the IDL's. */
const RENAMES = {
  'Mutation.column_or_supercolumn': 'columnOrSuperColumn',
};

export function cassandraIdlPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'interface', 'cassandra.thrift');
    if (existsSync(candidate)) return candidate;
    const up = dirname(dir);
    if (up === dir) throw new Error('interface/cassandra.thrift is missing from the installation');
    dir = up;
  }
}

/** Reads and compiles the IDL (a few milliseconds); callers keep the result. */
export function loadCassandraIdl(path: string = cassandraIdlPath()): CompiledIdl {
  return compileIdl(parseIdl(readFileSync(path, 'utf8')), { renames: RENAMES });
}
