#!/bin/sh
# Makes a fresh clone runnable: installs npm packages when missing or stale, then compiles when a
# source changed since the last successful build (dist/.build-stamp), so `npm start` and `npm run
# example:*` start at once on an unchanged tree. Used by `npm start` and `npm test`, so both work
# on a fresh machine with nothing but Node.
set -e
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing npm packages" >&2
  npm ci --no-audit --no-fund >&2
fi
stamp=dist/.build-stamp
# A changed or added .ts file, a removed one (its directory's time changes), or a changed config.
if [ -f "$stamp" ] && [ -z "$(find src bench test examples scripts tsconfig.json package.json package-lock.json -newer "$stamp" \( -type d -o -name '*.ts' -o -name '*.json' \) -print 2>/dev/null | head -n 1)" ]; then
  exit 0
fi
echo "bootstrap: compiling TypeScript" >&2
node node_modules/typescript/bin/tsc -p . >&2
node scripts/bundle-cli.js >&2
touch "$stamp"
