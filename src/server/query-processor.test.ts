/**
 * The query processor through the real CqlServer and our wire client, on a real node's context
 * (test/support/cql-test-node.ts): USE and session keyspaces, error codes, PREPARE/EXECUTE with
 * Cassandra's statement ids, UNPREPARED after an LRU eviction, re-binding after schema changes,
 * named and unset values, warnings, BATCH checks, schema-change events. Statements other than
 * USE come from a small recording statement layer injected as the processor's preparer (the
 * processor's own logic is what is under test here; real statements are tested end to end in
 * the node and driver tests).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { type BoundValue, type ColumnSpec, type CqlContext, type CqlStatement, UNSET, VOID_RESULT } from '../cql/execution/index.js';
import type { ParsedStatement } from '../cql/parser/index.js';
import { prepareStatement } from '../cql/prepare.js';
import { ErrorCode, InvalidRequestError } from '../errors/index.js';
import { UTF8_TYPE } from '../marshal/index.js';
import { createKeyspace } from '../schema/index.js';
import { CqlServer, RecordingLogger, type DecodedResponse, type QueryParameters, type Request, type ResultMessage, UNSET as WIRE_UNSET } from '../transport/index.js';
import { openCqlTestNode } from '../../test/support/cql-test-node.js';
import { CqlWireClient } from '../../test/support/cql-wire-client.js';
import type { BatchItem } from './batch-executor.js';
import { QueryProcessor, type QueryProcessorOptions } from './query-processor.js';
import { StatementCache } from './statement-cache.js';

/** A recording statement layer: INSERT records its values, SELECT returns them; anything else is the real preparer's. */
class FakeStatements {
  readonly executed: { text: string; values: readonly BoundValue[]; keyspace: string | undefined; timestamp?: bigint; pageSize?: number }[] = [];
  prepares = 0;
  selectColumns = ['k', 'v'];
  failPrepare: string | undefined;

  readonly prepare = (parsed: ParsedStatement, ctx: CqlContext, keyspace: string | undefined): CqlStatement => {
    const kind = parsed.statement.kind;
    if (kind !== 'insert' && kind !== 'select' && kind !== 'update') return prepareStatement(parsed, ctx, keyspace);
    this.prepares++;
    if (this.failPrepare !== undefined) throw new InvalidRequestError(this.failPrepare);
    const table = parsed.statement.table.name;
    const ks = parsed.statement.table.keyspace ?? keyspace ?? 'none';
    const spec = (name: string): ColumnSpec => ({ keyspace: ks, table, name, type: UTF8_TYPE });
    const insertColumns = parsed.statement.kind === 'insert' && parsed.statement.values.kind === 'values' ? parsed.statement.values.columns : [];
    const bindVariables = parsed.bindMarkerNames.map((n, i) => spec(n ?? insertColumns[i] ?? `m${i}`));
    const resultColumns = kind === 'select' ? this.selectColumns.map(spec) : null;
    return {
      kind,
      bindVariables,
      pkIndexes: kind === 'insert' ? [0] : [],
      resultColumns,
      execute: (state, options) => {
        this.executed.push({ text: parsed.text, values: options.values, keyspace: state.keyspace, timestamp: options.timestamp, pageSize: options.pageSize });
        if (parsed.text.includes('warn')) state.warn('careful');
        if (resultColumns === null) return Promise.resolve(VOID_RESULT);
        const rows = [resultColumns.map((c) => Buffer.from(`${c.name}-value`))];
        return Promise.resolve({ kind: 'rows', columns: resultColumns, rows, ...(options.pageSize === 1 ? { pagingState: Buffer.from('next') } : {}) });
      },
    };
  };
}

async function setup(options: QueryProcessorOptions = {}) {
  const node = await openCqlTestNode();
  const fake = new FakeStatements();
  const processor = new QueryProcessor(node.ctx, { prepare: fake.prepare, ...options });
  const server = new CqlServer(node.env, processor, { host: '127.0.0.1', port: 0, logger: new RecordingLogger() });
  processor.publishTo((e) => server.publish(e));
  const address = await server.start();
  const clients: CqlWireClient[] = [];
  const connect = async () => {
    const c = await CqlWireClient.connect(node.env.net, address);
    clients.push(c);
    assert.equal((await c.startup()).response.opcode, 'READY');
    return c;
  };
  const addKeyspace = (name: string) => node.ctx.keeper.addKeyspace(createKeyspace({ name }, node.env.random));
  return {
    node,
    fake,
    processor,
    connect,
    addKeyspace,
    close: async () => {
      for (const c of clients) c.close();
      await server.close();
      await node.close();
    },
  };
}

function params(values: readonly (Buffer | null | typeof WIRE_UNSET)[] = [], extra: Partial<QueryParameters> = {}): QueryParameters {
  return { consistency: 'ONE', values, skipMetadata: false, ...extra };
}

function result(r: DecodedResponse): ResultMessage {
  if (r.response.opcode !== 'RESULT') throw new Error(`expected a RESULT, got ${JSON.stringify(r.response)}`);
  return r.response.result;
}

function error(r: DecodedResponse): { code: number; message: string } {
  if (r.response.opcode !== 'ERROR') throw new Error(`expected an ERROR, got ${r.response.opcode}`);
  return r.response.error;
}

const query = (c: CqlWireClient, q: string, p: QueryParameters = params()) => c.request({ opcode: 'QUERY', query: q, params: p });
const prepare = (c: CqlWireClient, q: string) => c.request({ opcode: 'PREPARE', query: q });
const execute = (c: CqlWireClient, id: Buffer, p: QueryParameters = params()) => c.request({ opcode: 'EXECUTE', id, params: p });
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest();

test('USE sets the session keyspace (per connection); errors keep their protocol codes', async () => {
  const t = await setup();
  try {
    await t.addKeyspace('ks1');
    const a = await t.connect();
    const b = await t.connect();
    assert.deepEqual(result(await query(a, 'USE ks1')), { kind: 'set_keyspace', keyspace: 'ks1' });
    await query(a, 'INSERT INTO t (k) VALUES (?)', params([Buffer.from('x')]));
    await query(b, 'INSERT INTO t (k) VALUES (?)', params([Buffer.from('y')]));
    assert.deepEqual(t.fake.executed.map((e) => e.keyspace), ['ks1', undefined], 'the other connection has no keyspace');
    const nope = error(await query(a, 'USE nope'));
    assert.equal(nope.code, ErrorCode.INVALID);
    assert.equal(nope.message, "Keyspace 'nope' does not exist");
    const syntax = error(await query(a, 'SELEKT * FROM t'));
    assert.equal(syntax.code, ErrorCode.SYNTAX_ERROR);
    assert.match(syntax.message, /^line 1:0 /);
    const unsupported = error(await query(a, "CREATE TRIGGER tr ON t USING 'x'"));
    assert.equal(unsupported.code, ErrorCode.INVALID);
    assert.match(unsupported.message, /CREATE TRIGGER statements are not supported/);
    assert.equal(error(await query(a, 'INSERT INTO t (k, v) VALUES (?, ?)', params([Buffer.from('1')]))).message, 'Invalid amount of bind variables');
  } finally {
    await t.close();
  }
});

test('PREPARE: Cassandra ids (keyspace-qualified unless the statement names its keyspace), metadata, EXECUTE with the values', async () => {
  const t = await setup();
  try {
    await t.addKeyspace('ks1');
    const c = await t.connect();
    const text = 'INSERT INTO kv (k, v) VALUES (?, ?)';
    const noKs = result(await prepare(c, text));
    assert.equal(noKs.kind, 'prepared');
    if (noKs.kind !== 'prepared') return;
    assert.deepEqual(noKs.id, md5(text));
    assert.deepEqual(noKs.metadata.columns.map((s) => [s.name, s.type]), [['k', { kind: 'native', name: 'varchar' }], ['v', { kind: 'native', name: 'varchar' }]]);
    assert.deepEqual(noKs.metadata.pkIndexes, [0]);
    assert.deepEqual(noKs.resultMetadata, { columns: [], noMetadata: true });
    await query(c, 'USE ks1');
    const withKs = result(await prepare(c, text));
    assert.ok(withKs.kind === 'prepared');
    assert.deepEqual(withKs.id, md5(`ks1${text}`), 'unqualified: the keyspace is part of the id');
    const qualified = 'SELECT k, v FROM ks1.kv WHERE k = ?';
    const q = result(await prepare(c, qualified));
    assert.ok(q.kind === 'prepared');
    assert.deepEqual(q.id, md5(qualified), 'fully qualified: the text alone');
    assert.deepEqual(q.resultMetadata.columns.map((s) => `${s.keyspace}.${s.table}.${s.name}`), ['ks1.kv.k', 'ks1.kv.v']);

    assert.deepEqual(result(await execute(c, withKs.id, params([Buffer.from('a'), null], { timestamp: 1234n }))), { kind: 'void' });
    const last = t.fake.executed.at(-1)!;
    assert.deepEqual(last.values, [Buffer.from('a'), null]);
    assert.equal(last.timestamp, 1234n);
    const rows = result(await execute(c, q.id, params([Buffer.from('a')], { pageSize: 1 })));
    assert.ok(rows.kind === 'rows');
    assert.deepEqual(rows.rows, [[Buffer.from('k-value'), Buffer.from('v-value')]]);
    assert.deepEqual(rows.metadata.pagingState, Buffer.from('next'));
    assert.equal(t.fake.executed.at(-1)!.pageSize, 1);

    const unknown = error(await execute(c, md5('never prepared')));
    assert.equal(unknown.code, ErrorCode.UNPREPARED);
    assert.deepEqual((unknown as unknown as { id: Buffer }).id, md5('never prepared'));
  } finally {
    await t.close();
  }
});

test('the prepared cache is a bounded LRU: an evicted id answers UNPREPARED, and preparing again brings it back', async () => {
  const t = await setup({ preparedStatementsMax: 2 });
  try {
    const c = await t.connect();
    const ids: Buffer[] = [];
    for (const table of ['a', 'b']) {
      const r = result(await prepare(c, `INSERT INTO ks.${table} (k) VALUES (?)`));
      assert.ok(r.kind === 'prepared');
      ids.push(r.id);
    }
    // Touch a: b becomes the least recently used, and the third statement evicts it.
    assert.equal(result(await execute(c, ids[0]!, params([Buffer.from('1')]))).kind, 'void');
    assert.equal(result(await prepare(c, 'INSERT INTO ks.c (k) VALUES (?)')).kind, 'prepared');
    assert.equal(t.processor.prepared.evictions, 1);
    assert.equal(result(await execute(c, ids[0]!, params([Buffer.from('1')]))).kind, 'void');
    const gone = error(await execute(c, ids[1]!, params([Buffer.from('1')])));
    assert.equal(gone.code, ErrorCode.UNPREPARED);
    assert.match(gone.message, new RegExp(`Prepared query with ID ${ids[1]!.toString('hex')} not found`));
    const again = result(await prepare(c, 'INSERT INTO ks.b (k) VALUES (?)'));
    assert.ok(again.kind === 'prepared');
    assert.deepEqual(again.id, ids[1]);
    assert.equal(result(await execute(c, ids[1]!, params([Buffer.from('1')]))).kind, 'void');
  } finally {
    await t.close();
  }
});

test('the prepared cache is bounded by weighed bytes: big statements evict the least recently used, one bigger than the bound is refused', async () => {
  const bytesMax = 1024 * 1024;
  const t = await setup({ preparedStatementsBytesMax: bytesMax });
  try {
    const c = await t.connect();
    // IN lists weigh far more than their text: each 4 KB text holds 600 terms.
    const inList = (i: number) => `SELECT * FROM ks.a WHERE k IN (${Array.from({ length: 600 }, (_, j) => i * 10_000 + j).join(',')})`;
    const ids: Buffer[] = [];
    for (let i = 0; i < 20; i++) {
      const r = result(await prepare(c, inList(i)));
      assert.ok(r.kind === 'prepared');
      ids.push(r.id);
      assert.ok(t.processor.prepared.bytes <= bytesMax, `${t.processor.prepared.bytes} bytes held`);
    }
    assert.ok(t.processor.prepared.evictions > 0 && t.processor.prepared.size < 20, `${t.processor.prepared.size} held, ${t.processor.prepared.evictions} evicted`);
    assert.equal(error(await execute(c, ids[0]!)).code, ErrorCode.UNPREPARED, 'the oldest was evicted');
    const tooBig = error(await prepare(c, `SELECT * FROM ks.a WHERE k IN (${Array.from({ length: 30_000 }, (_, j) => j).join(',')})`));
    assert.equal(tooBig.code, ErrorCode.INVALID);
    assert.match(tooBig.message, /^Prepared statement of size \d+ bytes is larger than allowed maximum of 1 MB: SELECT \* FROM ks\.a WHERE k IN \(0,1,2/);
    assert.ok(t.processor.prepared.bytes <= bytesMax);
  } finally {
    await t.close();
  }
});

test('after a schema change a prepared statement is bound again: same shape runs, new shape is UNPREPARED, a failing one reports its error', async () => {
  const t = await setup();
  try {
    const c = await t.connect();
    const r = result(await prepare(c, 'SELECT * FROM ks.t'));
    assert.ok(r.kind === 'prepared');
    assert.equal(t.fake.prepares, 1);
    assert.equal(result(await execute(c, r.id)).kind, 'rows');
    assert.equal(t.fake.prepares, 1, 'same schema: no new binding');
    await t.addKeyspace('other');
    assert.equal(result(await execute(c, r.id)).kind, 'rows');
    assert.equal(t.fake.prepares, 2, 'the schema changed: bound again, same metadata, runs');
    assert.equal(result(await execute(c, r.id)).kind, 'rows');
    assert.equal(t.fake.prepares, 2);
    // A column appears (SELECT * after ALTER TABLE ADD): the client must learn the new metadata.
    t.fake.selectColumns = ['k', 'v', 'w'];
    await t.addKeyspace('other2');
    assert.equal(error(await execute(c, r.id)).code, ErrorCode.UNPREPARED);
    const again = result(await prepare(c, 'SELECT * FROM ks.t'));
    assert.ok(again.kind === 'prepared');
    assert.deepEqual(again.resultMetadata.columns.map((s) => s.name), ['k', 'v', 'w']);
    const rows = result(await execute(c, r.id));
    assert.ok(rows.kind === 'rows');
    assert.equal(rows.rows[0]!.length, 3);
    // The table is dropped: the error, and the entry is gone.
    t.fake.failPrepare = 'unconfigured table t';
    await t.addKeyspace('other3');
    const e = error(await execute(c, r.id));
    assert.equal(e.code, ErrorCode.INVALID);
    assert.equal(e.message, 'unconfigured table t');
    assert.equal(error(await execute(c, r.id)).code, ErrorCode.UNPREPARED);
  } finally {
    await t.close();
  }
});

test('named values are placed by marker name (case-insensitively as a fallback); unknown or missing names are errors; UNSET passes through', async () => {
  const t = await setup();
  try {
    const c = await t.connect();
    const named = (names: string[], values: (Buffer | null | typeof WIRE_UNSET)[]) => params(values, { names });
    await query(c, 'INSERT INTO ks.t (k, v) VALUES (:key, :val)', named(['val', 'key'], [Buffer.from('V'), Buffer.from('K')]));
    assert.deepEqual(t.fake.executed.at(-1)!.values, [Buffer.from('K'), Buffer.from('V')]);
    // `?` markers take the column's name.
    await query(c, 'INSERT INTO ks.t (k, v) VALUES (?, ?)', named(['V', 'k'], [WIRE_UNSET, Buffer.from('K')]));
    assert.deepEqual(t.fake.executed.at(-1)!.values, [Buffer.from('K'), UNSET], 'the transport UNSET becomes the CQL layer UNSET');
    // One name binds every marker of that name.
    await query(c, 'UPDATE ks.t SET v = :x WHERE k = :x', named(['x'], [Buffer.from('same')]));
    assert.deepEqual(t.fake.executed.at(-1)!.values, [Buffer.from('same'), Buffer.from('same')]);
    const unknown = error(await query(c, 'INSERT INTO ks.t (k, v) VALUES (:key, :val)', named(['key', 'nope'], [Buffer.from('a'), Buffer.from('b')])));
    assert.equal(unknown.code, ErrorCode.INVALID);
    assert.equal(unknown.message, "Invalid named value 'nope': the statement has no bind marker of that name (its markers: key, val)");
    const missing = error(await query(c, 'INSERT INTO ks.t (k, v) VALUES (:key, :val)', named(['key'], [Buffer.from('a')])));
    assert.equal(missing.message, "No value was given for bind marker 'val'");
    // Prepared statements take names too.
    const p = result(await prepare(c, 'INSERT INTO ks.t (k, v) VALUES (:key, :val)'));
    assert.ok(p.kind === 'prepared');
    await execute(c, p.id, named(['val', 'key'], [null, Buffer.from('K2')]));
    assert.deepEqual(t.fake.executed.at(-1)!.values, [Buffer.from('K2'), null]);
  } finally {
    await t.close();
  }
});

test('warnings from a statement go back with its response; simple statements are cached per keyspace and schema', async () => {
  const t = await setup();
  try {
    await t.addKeyspace('ks1');
    const c = await t.connect();
    const r = await query(c, "INSERT INTO t (k) VALUES ('warn')");
    assert.deepEqual(r.warnings, ['careful']);
    const before = t.fake.prepares;
    await query(c, 'INSERT INTO ks.t (k) VALUES (?)', params([Buffer.from('1')]));
    await query(c, 'INSERT INTO ks.t (k) VALUES (?)', params([Buffer.from('2')]));
    assert.equal(t.fake.prepares, before + 1, 'the second run reused the bound statement');
    await query(c, 'USE ks1');
    await query(c, 'INSERT INTO ks.t (k) VALUES (?)', params([Buffer.from('3')]));
    assert.equal(t.fake.prepares, before + 2, 'another session keyspace is another entry');
    await t.addKeyspace('ks2');
    await query(c, 'INSERT INTO ks.t (k) VALUES (?)', params([Buffer.from('4')]));
    assert.equal(t.fake.prepares, before + 3, 'a schema change binds again');
    assert.deepEqual(t.fake.executed.slice(-4).map((e) => e.values[0]), ['1', '2', '3', '4'].map((s) => Buffer.from(s)));
  } finally {
    await t.close();
  }
});

test('the simple-statement cache is bounded by weighed bytes: long texts evict the least recently used', async () => {
  const fake = new FakeStatements();
  const node = await openCqlTestNode();
  try {
    const bytesMax = 1024 * 1024;
    const cache = new StatementCache(node.ctx, fake.prepare, 1000, bytesMax);
    const text = (i: number) => `SELECT * FROM ks.t WHERE k IN (${Array.from({ length: 450 }, (_, j) => i * 10_000 + j).join(',')})`;
    for (let i = 0; i < 50; i++) {
      cache.statementFor(text(i), 'ks');
      assert.ok(cache.bytes <= bytesMax, `${cache.bytes} bytes held`);
    }
    const before = fake.prepares;
    cache.statementFor(text(49), 'ks');
    assert.equal(fake.prepares, before, 'the newest is held');
    cache.statementFor(text(0), 'ks');
    assert.equal(fake.prepares, before + 1, 'the oldest was evicted');
  } finally {
    await node.close();
  }
});

test('BATCH: texts and prepared ids with their values reach the batch executor; only modifications; counts checked', async () => {
  const seen: { type: string; items: readonly BatchItem[]; consistency: string; timestamp?: bigint }[] = [];
  const t = await setup({
    executeBatch: (_ctx, _state, type, items, options) => {
      seen.push({ type, items, consistency: options.consistency, timestamp: options.timestamp });
      return Promise.resolve(VOID_RESULT);
    },
  });
  try {
    const c = await t.connect();
    const p = result(await prepare(c, 'INSERT INTO ks.t (k, v) VALUES (?, ?)'));
    assert.ok(p.kind === 'prepared');
    const batch = (statements: Extract<Request, { opcode: 'BATCH' }>['statements']) =>
      c.request({ opcode: 'BATCH', type: 'UNLOGGED', statements, consistency: 'QUORUM', timestamp: 99n });
    const ok = await batch([
      { kind: 'query', query: 'INSERT INTO ks.t (k) VALUES (?)', values: [Buffer.from('a')] },
      { kind: 'prepared', id: p.id, values: [Buffer.from('b'), WIRE_UNSET] },
    ]);
    assert.deepEqual(result(ok), { kind: 'void' });
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.type, 'UNLOGGED');
    assert.equal(seen[0]!.consistency, 'QUORUM');
    assert.equal(seen[0]!.timestamp, 99n);
    assert.deepEqual(seen[0]!.items.map((i) => i.values), [[Buffer.from('a')], [Buffer.from('b'), UNSET]]);
    const select = error(await batch([{ kind: 'query', query: 'SELECT * FROM ks.t', values: [] }]));
    assert.equal(select.message, 'Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed.');
    const count = error(await batch([{ kind: 'prepared', id: p.id, values: [Buffer.from('b')] }]));
    assert.equal(count.message, 'There were 2 markers(?) in CQL but 1 bound variables');
    assert.equal(error(await batch([{ kind: 'prepared', id: md5('x'), values: [] }])).code, ErrorCode.UNPREPARED);
    assert.equal(seen.length, 1);
  } finally {
    await t.close();
  }
});

test('a schema change result is answered and published to REGISTERed clients', async () => {
  const t = await setup();
  try {
    const listener = await t.connect();
    assert.equal((await listener.request({ opcode: 'REGISTER', events: ['SCHEMA_CHANGE'] })).response.opcode, 'READY');
    const answered = t.processor.answer({ kind: 'schemaChange', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    assert.deepEqual(answered, { kind: 'schema_change', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 't' } });
    for (let i = 0; i < 100 && listener.events.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(listener.events, [{ type: 'SCHEMA_CHANGE', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 't' } }]);
  } finally {
    await t.close();
  }
});
