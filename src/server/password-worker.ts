/**
 * The worker thread `worker-bcrypt.ts` starts: bcrypt hashes and checks, one message at a time,
 * off the node's event loop. A message is `{ id, op: 'hash', password, rounds }` or `{ id, op:
 * 'compare', password, hash }`; the answer `{ id, result }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

export type PasswordTask =
  | { readonly id: number; readonly op: 'hash'; readonly password: string; readonly rounds: number }
  | { readonly id: number; readonly op: 'compare'; readonly password: string; readonly hash: string };

export type PasswordAnswer = { readonly id: number; readonly result: string | boolean } | { readonly id: number; readonly error: string };

parentPort?.on('message', (task: PasswordTask) => {
  let answer: PasswordAnswer;
  try {
    answer = { id: task.id, result: task.op === 'hash' ? bcrypt.hashSync(task.password, task.rounds) : bcrypt.compareSync(task.password, task.hash) };
  } catch (e) {
    answer = { id: task.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(answer);
});
