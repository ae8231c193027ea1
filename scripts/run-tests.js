// Runs the test suites with node's built-in test runner over the compiled tree.
// Default: unit + model + crash tests (everything). --unit: only *.test.js next to the code
// (src/ and examples/).
// --crash: only test/crash/**. Exits non-zero on any failure; node's runner prints the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const mode = process.argv.includes('--unit') ? 'unit' : process.argv.includes('--crash') ? 'crash' : 'all';

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

const unit = [...walk(join(root, 'dist/src'), []), ...walk(join(root, 'dist/examples'), []), ...walk(join(root, 'dist/bench'), [])];
const slow = walk(join(root, 'dist/test'), []);
const crash = slow.filter((p) => p.includes('/crash/'));
const files = mode === 'unit' ? unit : mode === 'crash' ? crash : [...unit, ...slow];
if (files.length === 0) {
  console.error('no test files found: did the build run?');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
