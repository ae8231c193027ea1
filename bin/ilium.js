#!/usr/bin/env node
// Entry point for `npx ilium`: runs the compiled command (build first with `npm run build`).
import '../dist/src/tools/ilium.js';
