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

test('`npm start` runs bin/ilium.js itself (so its flags) after a build only when sources changed', () => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { scripts: Record<string, string> };
  assert.equal(pkg.scripts.start, 'sh scripts/bootstrap.sh && ./bin/ilium.js start');
  const bootstrap = readFileSync(fileURLToPath(new URL('../../../scripts/bootstrap.sh', import.meta.url)), 'utf8');
  assert.match(bootstrap, /-newer "\$stamp"/);
});
