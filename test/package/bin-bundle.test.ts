/**
 * bin/ilium.js runs dist/bundle/ilium.js (scripts/bundle-cli.js) only when it is newer than the
 * last tsc build (dist/.tsbuildinfo, dist/.tsbuildinfo-package), else dist/src/tools/ilium.js: a
 * checkout rebuilt by `tsc` alone must never run a stale bundle. Checked on a copy of the bin in a
 * temporary tree whose two entry points only say which one ran.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/ilium.js', import.meta.url));
const tree = mkdtempSync(join(tmpdir(), 'ilium-bin-'));
after(() => rmSync(tree, { recursive: true, force: true }));

mkdirSync(join(tree, 'bin'));
cpSync(BIN, join(tree, 'bin', 'ilium.js'));
writeFileSync(join(tree, 'package.json'), JSON.stringify({ type: 'module' }));
for (const [dir, says] of [['dist/bundle', 'bundle'], ['dist/src/tools', 'src']] as const) {
  mkdirSync(join(tree, dir), { recursive: true });
  writeFileSync(join(tree, dir, 'ilium.js'), `process.stdout.write('${says}');\n`);
}

const ran = (): string => execFileSync(process.execPath, [join(tree, 'bin', 'ilium.js')], { encoding: 'utf8' });
const touch = (relative: string, atS: number): void => {
  const p = join(tree, relative);
  writeFileSync(p, '', { flag: 'a' });
  utimesSync(p, atS, atS);
};

test('a package (no tsc build info) runs the bundle', () => {
  assert.equal(ran(), 'bundle');
});

test('a bundle older than the last tsc build is not run; a newer one is', () => {
  touch('dist/bundle/ilium.js', 1_000);
  touch('dist/.tsbuildinfo', 2_000);
  assert.equal(ran(), 'src');
  touch('dist/bundle/ilium.js', 3_000);
  assert.equal(ran(), 'bundle');
  touch('dist/.tsbuildinfo-package', 4_000);
  assert.equal(ran(), 'src');
});

test('without a bundle the compiled sources run', () => {
  rmSync(join(tree, 'dist/bundle'), { recursive: true });
  assert.equal(ran(), 'src');
});
