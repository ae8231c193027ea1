/**
 * What the Thrift tests share: one `ilium start` per test file on its own loopback address with
 * the Thrift server on Cassandra's default rpc_port, 9160 (the address keeps files that run in
 * parallel apart), clients generated from our IDL (thrift-codegen.ts), and an assertion for the
 * exceptions the service throws.
 *
 *   const node = await startThriftNode('127.0.0.52');     // before() of the file
 *   const c = await node.connect('Ks');                    // closed by node.close()
 *   await thriftRejects(c.client.get(…), 'NotFoundException');
 *   await node.close();                                    // after(): clients closed, node stopped
 */
import assert from 'node:assert/strict';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { type GeneratedClients, generateThriftClients } from './thrift-codegen.js';
import { type ThriftConnection, type ThriftErrorShape, type ThriftJs, loadThriftJs } from './thrift-js-client.js';

export const THRIFT_PORT = 9160;
export const CLUSTER_NAME = 'Ilium Thrift Test';
export const SIMPLE_STRATEGY = 'org.apache.cassandra.locator.SimpleStrategy';

export interface ThriftTestNode {
  readonly process: IliumProcess;
  readonly host: string;
  readonly thriftPort: number;
  readonly gen: GeneratedClients;
  readonly js: ThriftJs;
  /** ConsistencyLevel.ONE, as the generated enum has it. */
  readonly ONE: number;
  /** A new connection, with `set_keyspace` done when a keyspace is given. */
  connect(keyspace?: string): Promise<ThriftConnection>;
  close(): Promise<void>;
}

export async function startThriftNode(address: string, extraYaml = '', args: readonly string[] = []): Promise<ThriftTestNode> {
  const gen = generateThriftClients();
  let proc: IliumProcess;
  try {
    proc = await startIliumProcess({ address, rpcPort: THRIFT_PORT, configYaml: `cluster_name: '${CLUSTER_NAME}'\n${extraYaml}`, args, readyTimeoutMs: 60_000 });
  } catch (e) {
    gen.cleanup();
    throw e;
  }
  const js = loadThriftJs(gen.nodeDir);
  const open: ThriftConnection[] = [];
  assert.ok(proc.thriftPort !== undefined, `ilium start names no Thrift address:\n${proc.output()}`);
  const thriftPort = proc.thriftPort;
  return {
    process: proc,
    host: proc.host,
    thriftPort,
    gen,
    js,
    ONE: js.types.ConsistencyLevel['ONE']!,
    connect: async (keyspace) => {
      const c = await js.connect(proc.host, thriftPort);
      open.push(c);
      if (keyspace !== undefined) await c.client.set_keyspace(keyspace);
      return c;
    },
    close: async () => {
      for (const c of open) c.close();
      try {
        assert.equal(await proc.stop(), 0, `ilium start did not stop cleanly:\n${proc.output().slice(-4000)}`);
      } finally {
        proc.dispose();
        gen.cleanup();
      }
    },
  };
}

/** `p` must reject with the Thrift exception `name`; each of `why` must appear in its why (or message). */
export async function thriftRejects(p: Promise<unknown>, name: string, ...why: string[]): Promise<ThriftErrorShape> {
  let err: ThriftErrorShape | undefined;
  try {
    const value = await p;
    assert.fail(`expected ${name}, got the result ${JSON.stringify(value)}`);
  } catch (e) {
    if (e instanceof assert.AssertionError) throw e;
    err = e as ThriftErrorShape;
  }
  assert.equal(err.name, name, `expected ${name}, got ${err.name}: ${err.why ?? err.message}`);
  const text = (err.why ?? err.message ?? '').toLowerCase();
  for (const part of why) assert.ok(text.includes(part.toLowerCase()), `expected "${part}" in the why of ${name}, got "${err.why ?? err.message}"`);
  return err;
}

/** Microseconds since the epoch, the timestamp convention of 0.7 clients. */
export function nowMicros(): number {
  return Date.now() * 1000;
}
