#!/usr/bin/env -S node --max-semi-space-size=16
// Entry point for `npx ilium`: runs the compiled command (build first with `npm run build`).
// dist/bundle/ilium.js is the same command bundled (scripts/bundle-cli.js: `ilium start` is ready
// sooner, docs/PERFORMANCE.md "Start-up"); it runs only when newer than the last tsc build, so a
// checkout rebuilt by tsc alone never runs a stale bundle.
import { statSync } from 'node:fs';

const mtimeMs = (relative) => statSync(new URL(relative, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundled = mtimeMs('../dist/bundle/ilium.js');
const fresh = bundled > Math.max(mtimeMs('../dist/.tsbuildinfo'), mtimeMs('../dist/.tsbuildinfo-package'));
await import(fresh ? '../dist/bundle/ilium.js' : '../dist/src/tools/ilium.js');
