/**
 * The audit log's line for a QUERY or EXECUTE takes the statement's kind and table from the parse
 * the request made: a CQL-text batch (parsed in paced steps to be bound) is not parsed again, in
 * one go, for its line; a prepared statement's line uses the parse held with it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Statement } from '../cql/parser/index.js';
import { parseAuditLogOptions } from '../config/index.js';
import type { QueryParameters } from '../transport/index.js';
import { CollectingContext } from '../transport/server/request-context.js';
import { openCqlTestNode } from '../../test/support/cql-test-node.js';
import { AuditLog } from './audit/index.js';
import { QueryProcessor } from './query-processor.js';
import { STATEMENT_CACHE_MAX_QUERY_CHARS } from './statement-cache.js';

const params: QueryParameters = { consistency: 'ONE', values: [], skipMetadata: false };
const client = { host: '127.0.0.9', port: 5000 };

test('with the audit log on, a text batch and a prepared statement are logged from the parse the request made, not parsed again', async () => {
  const node = await openCqlTestNode();
  try {
    const processor = new QueryProcessor(node.ctx);
    const audit = new AuditLog(node.env, '127.0.0.1:7000', '/audit');
    audit.enable(parseAuditLogOptions({ enabled: true }));
    processor.audit = audit;
    /** The statements the audit log was given, with their texts. */
    const logged: { statement: Statement; text: string; error: boolean }[] = [];
    const logStatement = audit.logStatement.bind(audit);
    audit.logStatement = (statement, text, user, source, keyspace, error) => {
      logged.push({ statement, text, error: error !== undefined });
      logStatement(statement, text, user, source, keyspace, error);
    };
    /** The parses of texts bound by prepareTextPaced (long texts: the statement cache keeps none). */
    const parses = new Map<string, Statement>();
    const prepareTextPaced = processor.prepareTextPaced.bind(processor);
    processor.prepareTextPaced = (query, keyspace, seen) =>
      prepareTextPaced(query, keyspace, (p) => {
        parses.set(query, p);
        seen?.(p);
      });
    const session = processor.newSession({ remoteAddress: client, protocolVersion: 4, startupOptions: new Map() });
    const run = (q: string) => session.query(q, params, new CollectingContext(false));
    await run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await run('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');

    // One partition: never refused as too large (batch_size_fail_threshold_in_kb).
    const batch = `BEGIN UNLOGGED BATCH ${Array.from({ length: 2000 }, (_, i) => `INSERT INTO ks.t (k, v) VALUES (1, ${i});`).join(' ')} APPLY BATCH`;
    assert.ok(batch.length > STATEMENT_CACHE_MAX_QUERY_CHARS);
    await run(batch);
    const line = logged.find((l) => l.text === batch);
    assert.ok(line !== undefined && !line.error);
    assert.equal(line.statement, parses.get(batch), 'the batch was logged from the parse it was bound from');
    // Failing after its parse (an unknown table): logged with its error, from the same parse.
    const failing = batch.replaceAll('ks.t ', 'ks.nope ');
    await assert.rejects(run(failing), /unconfigured table nope/);
    const failed = logged.find((l) => l.text === failing);
    assert.ok(failed !== undefined && failed.error);
    assert.equal(failed.statement, parses.get(failing));

    const prepared = await session.prepare(batch, undefined, new CollectingContext(false));
    assert.ok(prepared.kind === 'prepared');
    await session.execute(prepared.id, { ...params, values: [] }, new CollectingContext(false));
    const executed = logged.filter((l) => l.text === batch).at(-1)!;
    assert.notEqual(executed, line);
    assert.equal(executed.statement, processor.prepared.parsedOf(prepared.id)?.statement, 'EXECUTE is logged from the parse held with the prepared statement');
    audit.flush();
  } finally {
    await node.close();
  }
});
