// Bundles the compiled `ilium` command (dist/src/tools/ilium.js) into dist/bundle/ with esbuild, so
// `ilium start` loads a few files instead of ~870 modules: Node 20's ES module loader spends most of
// a start resolving, opening and linking them one by one (docs/PERFORMANCE.md "Start-up"). Each
// dynamic import() stays its own chunk (splitting), so commands load only what they run as before.
// npm packages stay external (resolved from node_modules as before). `new URL('./x.js',
// import.meta.url)` (the worker files, package.json) is rewritten to point from dist/bundle/ to
// the same file under dist/src/, which stays as tsc wrote it. bin/ilium.js runs the bundle only
// when it is newer than the last tsc build, so a stale bundle never runs.
// Run by scripts/build-package.js after tsc; skipped (the bin runs dist/src) when esbuild is absent.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'dist/bundle');
const SIBLING_URL = /new URL\((['"])(\.{1,2}\/[^'"]+)\1, import\.meta\.url\)/g;

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.error('bundle-cli: esbuild is not installed; bin/ilium.js will run dist/src unbundled');
  process.exit(0);
}

/** Points `new URL(rel, import.meta.url)` in a dist/src module at the same file from dist/bundle/. */
const siblingUrls = {
  name: 'sibling-urls',
  setup(build) {
    build.onLoad({ filter: /\/dist\/src\/.*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const contents = text.replace(SIBLING_URL, (_m, q, rel) => {
        let fromBundle = relative(outdir, resolve(dirname(args.path), rel));
        if (!fromBundle.startsWith('.')) fromBundle = `./${fromBundle}`;
        return `new URL(${q}${fromBundle}${q}, import.meta.url)`;
      });
      return { contents, loader: 'js' };
    });
  },
};

// Chunk names carry content hashes: the last build's chunks go first.
rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: { ilium: join(root, 'dist/src/tools/ilium.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  plugins: [siblingUrls],
  logLevel: 'warning',
});
