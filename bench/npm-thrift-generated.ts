/**
 * The npm `thrift` side of bench:thrift-codec: runs Apache Thrift's compiler
 * (`thrift --gen js:node`) on our IDL into a temporary directory and loads what it generated, with
 * the library's binary protocol and framed transport — the code a Node server built on npm
 * `thrift` would run. Only the few members the bench touches are typed here.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A generated struct: fields as own properties, `read`/`write` against a protocol. */
export interface NpmStruct {
  read(protocol: NpmProtocol): void;
  write(protocol: NpmProtocol): void;
  [field: string]: unknown;
}
export type NpmStructClass = new (args?: Record<string, unknown>) => NpmStruct;

export interface NpmProtocol {
  readMessageBegin(): { fname: string; mtype: number; rseqid: number };
  readMessageEnd(): void;
  writeMessageBegin(name: string, type: number, seqid: number): void;
  writeMessageEnd(): void;
  flush(): void;
}

export interface NpmTransport {
  readonly inBuf: Buffer;
}

export interface NpmThrift {
  /** Generated structs by IDL name (`Column`, `Cassandra_get_args`, …). */
  readonly structs: Readonly<Record<string, NpmStructClass>>;
  readonly TBinaryProtocol: new (transport: NpmTransport) => NpmProtocol;
  readonly TFramedTransport: {
    new (buffer: Buffer | null, onFlush?: (framed: Buffer) => void): NpmTransport;
    /** A function to push stream bytes into; calls `onFrame` with a transport over each whole frame. */
    receiver(onFrame: (transport: NpmTransport) => void): (data: Buffer) => void;
  };
  readonly Int64: new (n: number) => unknown;
  /** Removes the temporary directory. */
  dispose(): void;
}

/** Generates and loads the js:node code for `idlPath`; `projectRoot` holds the node_modules with `thrift`. */
export function loadNpmThrift(idlPath: string, projectRoot: string): NpmThrift {
  const dir = mkdtempSync(join(tmpdir(), 'ilium-bench-thrift-'));
  try {
    try {
      execFileSync('thrift', ['--gen', 'js:node', '-out', dir, idlPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
      if (err.code === 'ENOENT') throw new Error('the Apache Thrift compiler `thrift` is not on PATH (Debian/Ubuntu: apt-get install thrift-compiler); bench:thrift-codec needs it to generate the npm thrift side');
      throw new Error(`thrift --gen js:node failed: ${err.stderr?.toString().trim() ?? err.message}`);
    }
    // The generated files are CommonJS and require('thrift'): let them find the project's copy.
    writeFileSync(join(dir, 'package.json'), '{"type":"commonjs"}\n');
    symlinkSync(realpathSync(join(projectRoot, 'node_modules')), join(dir, 'node_modules'), 'dir');
    // The service's argument and result structs are module locals (its Processor uses them):
    // export them too, unchanged, so the bench can call their read/write as the Processor does.
    const servicePath = join(dir, 'Cassandra.js');
    const serviceCode = readFileSync(servicePath, 'utf8');
    const locals = [...serviceCode.matchAll(/^var (Cassandra_\w+_(?:args|result)) = function/gm)].map((m) => m[1]!);
    appendFileSync(servicePath, `\nmodule.exports.structs = { ${locals.join(', ')} };\n`);
    const load = createRequire(join(dir, 'loader.js'));
    let lib: Record<string, unknown>;
    try {
      lib = load('thrift') as Record<string, unknown>;
    } catch {
      throw new Error('npm `thrift` is not installed (a devDependency: run `npm install` in the project)');
    }
    const types = load('./cassandra_types.js') as Record<string, unknown>;
    const service = load('./Cassandra.js') as { structs: Record<string, NpmStructClass> };
    const structs: Record<string, NpmStructClass> = { ...service.structs };
    for (const [name, v] of Object.entries(types)) if (typeof v === 'function') structs[name] = v as NpmStructClass;
    return {
      structs,
      TBinaryProtocol: lib['TBinaryProtocol'] as NpmThrift['TBinaryProtocol'],
      TFramedTransport: lib['TFramedTransport'] as NpmThrift['TFramedTransport'],
      Int64: lib['Int64'] as NpmThrift['Int64'],
      dispose: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

