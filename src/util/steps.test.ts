import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Steps, runSteps, runStepsPaced } from './steps.js';

function* counted(breaks: number, log: string[]): Steps<number> {
  for (let i = 0; i < breaks; i++) {
    log.push(`work ${i}`);
    yield;
  }
  log.push('done');
  return breaks;
}

test('runSteps runs every step in one go', () => {
  const log: string[] = [];
  assert.equal(runSteps(counted(3, log)), 3);
  assert.deepEqual(log, ['work 0', 'work 1', 'work 2', 'done']);
});

test('runStepsPaced awaits pace at each break, in order', async () => {
  const log: string[] = [];
  const result = runStepsPaced(counted(2, log), async () => {
    log.push('pace');
  });
  assert.ok(result instanceof Promise);
  assert.equal(await result, 2);
  assert.deepEqual(log, ['work 0', 'pace', 'work 1', 'pace', 'done']);
});

test('runStepsPaced answers work without a break synchronously, never calling pace', () => {
  const log: string[] = [];
  const result = runStepsPaced(counted(0, log), () => assert.fail('paced without a break'));
  assert.equal(result, 0);
  assert.deepEqual(log, ['done']);
});

test('a failure in a later step rejects the paced run', async () => {
  function* failing(): Steps<number> {
    yield;
    throw new Error('bad step');
  }
  await assert.rejects(Promise.resolve(runStepsPaced(failing(), async () => undefined)), /bad step/);
});
