#!/bin/sh
# Makes a fresh clone runnable: installs npm packages when missing or stale, then compiles.
# Used by `npm start` and `npm test`, so both work on a fresh machine with nothing but Node.
set -e
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing npm packages" >&2
  npm ci --no-audit --no-fund >&2
fi
echo "bootstrap: compiling TypeScript" >&2
npx --no-install tsc -p . >&2
