import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.js';

test('bin/ilium.js starts node with SERVER_NODE_FLAGS', () => {
  const launcher = fileURLToPath(new URL('../../../bin/ilium.js', import.meta.url));
  const shebang = readFileSync(launcher, 'utf8').split('\n')[0];
  assert.equal(shebang, `#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(' ')}`);
});
