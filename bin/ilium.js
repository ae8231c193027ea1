#!/usr/bin/env -S node --max-semi-space-size=64
// Entry point for `npx ilium`: runs the compiled command (build first with `npm run build`).
import '../dist/src/tools/ilium.js';
