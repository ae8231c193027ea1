// <type>AsBlob and blobAs<type>: names for every native type, byte identity, validation of blobs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { InvalidRequestError } from '../../errors/index.js';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import { NATIVE_VALUES } from '../../../test/support/cql/native-values.js';
import { CallArgs } from './call-args.js';
import { asScalar, cql, registry, run, testContext, v } from '../../../test/support/cql/function-calls.js';

const blob = (hex: string) => CallArgs.literal('hex', `0x${hex}`);

test('Cassandra examples: bigintAsBlob(3), blobAsBigint(0x0000000000000003), textAsBlob', () => {
  assert.equal(run('bigintasblob', [CallArgs.literal('integer', '3')], [v('bigint', '3')]), '0000000000000003');
  assert.equal(run('blobasbigint', [blob('0000000000000003')], [Buffer.from('0000000000000003', 'hex')]), '3');
  assert.equal(run('textasblob', [CallArgs.literal('string', 'abc')], [Buffer.from('abc')]), '616263');
  assert.equal(run('varcharasblob', [CallArgs.literal('string', 'abc')], [Buffer.from('abc')]), '616263');
  assert.equal(run('blobastext', [blob('616263')], [Buffer.from('abc')]), 'abc');
  assert.equal(run('blobasvarchar', [blob('616263')], [Buffer.from('abc')]), 'abc');
});

test('a pair of functions for every native type but blob', () => {
  for (const [name] of CQL_TYPES) {
    if (name === 'blob') {
      assert.equal(registry.has('blobasblob'), false);
      continue;
    }
    const to = registry.overloads(`${name}asblob`);
    const from = registry.overloads(`blobas${name}`);
    assert.equal(to.length, 1, `${name}asblob`);
    assert.equal(from.length, 1, `blobas${name}`);
    assert.equal(to[0]!.returnType, cql('blob'));
    assert.equal(from[0]!.returnType, CQL_TYPES.get(name));
  }
});

test('to blob and back gives the same bytes for every type', () => {
  const ctx = testContext();
  for (const [name, type] of CQL_TYPES) {
    if (name === 'blob') continue;
    const to = asScalar(registry.resolve(`${name}asblob`, [CallArgs.typed(type)]));
    const from = asScalar(registry.resolve(`blobas${name}`, [CallArgs.typed(cql('blob'))]));
    fc.assert(
      fc.property(NATIVE_VALUES[name === 'varchar' ? 'text' : name]!, (b) => {
        const asBlob = to.execute([b], ctx)!;
        assert.deepEqual(asBlob, b);
        assert.deepEqual(from.execute([asBlob], ctx), b);
      }),
      { numRuns: 30 },
    );
    assert.equal(to.execute([null], ctx), null);
    assert.equal(from.execute([null], ctx), null);
  }
});

test('blobAs<type> refuses bytes that are not a value of the type', () => {
  const bad: Array<[string, string]> = [['int', '000001'], ['bigint', '01'], ['text', 'ff'], ['ascii', '80'], ['timeuuid', '00000000000000000000000000000000'], ['date', ''], ['boolean', '0101'], ['inet', '0102']];
  for (const [name, hex] of bad) {
    assert.throws(
      () => run(`blobas${name}`, [CallArgs.typed(cql('blob'))], [Buffer.from(hex, 'hex')]),
      (e: unknown) => e instanceof InvalidRequestError && e.message === `In call to function system.blobas${name}, value 0x${hex} is not a valid binary representation for type ${name}`,
      name,
    );
  }
});
