/** replaceFileDurable: after power loss the file holds the old content or the new, never a mix. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from './sim-env.js';
import { replaceFileDurable } from './durable-file.js';
import { mkdirDurable } from './durable-dir.js';

test('a replaced file survives power loss whole, and the temporary file is gone', () => {
  const env = createSimEnv(1);
  mkdirDurable(env.fs, '/d');
  replaceFileDurable(env.fs, '/d', 'f', Buffer.from('first'));
  replaceFileDurable(env.fs, '/d', 'f', Buffer.from('second, longer'));
  env.fs.crash({ tornWrites: true });
  assert.equal(env.fs.readFileSync('/d/f').toString(), 'second, longer');
  assert.deepEqual(env.fs.readdirSync('/d'), ['f']);
});

test('a crash before the rename leaves the old content', () => {
  const env = createSimEnv(2);
  mkdirDurable(env.fs, '/d');
  replaceFileDurable(env.fs, '/d', 'f', Buffer.from('old'));
  // A writer that dies after writing the temporary file but before renaming it.
  const fd = env.fs.openSync('/d/f.tmp', 'w');
  env.fs.writeSync(fd, Buffer.from('half'), 0, 4, 0);
  env.fs.crash({ tornWrites: true });
  assert.equal(env.fs.readFileSync('/d/f').toString(), 'old');
});
