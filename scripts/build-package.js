// Builds what the npm package ships (`npm pack` runs it as prepack): src/ alone, tests excluded
// (tsconfig.build.json), into dist/src. Compiled files under dist/src whose TypeScript source is
// gone are removed first, so a package made in a working tree never ships a module that no longer
// exists; the rest of dist/ (tests, benches) is left as it is. Then scripts/bundle-cli.js bundles
// the command into dist/bundle/.
// `--if-missing` (the `prepare` script: npm runs it when it installs Ilium from git, and on `npm
// install`/`npm ci` in a checkout) builds only when dist/src/index.js is not there yet.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist/src');
const OUTPUT = /(\.d\.ts|\.js|\.js\.map|\.d\.ts\.map)$/;

function removeStale(dir) {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      removed += removeStale(p);
      continue;
    }
    const m = OUTPUT.exec(name);
    if (m === null) continue;
    const source = join(root, 'src', relative(out, dir), name.slice(0, -m[1].length) + '.ts');
    if (!existsSync(source)) {
      rmSync(p);
      removed++;
    }
  }
  return removed;
}

if (process.argv.includes('--if-missing') && existsSync(join(out, 'index.js'))) process.exit(0);
const removed = removeStale(out);
if (removed > 0) console.error(`build-package: removed ${removed} compiled files whose source is gone`);
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
// The start path bundled (bin/ilium.js runs it): ready sooner, docs/PERFORMANCE.md "Start-up".
const b = spawnSync(process.execPath, [join(root, 'scripts/bundle-cli.js')], { stdio: 'inherit' });
process.exit(b.status ?? 1);
