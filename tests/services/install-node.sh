#!/usr/bin/env bash
# Node.js 20+ and npm, which build and test the OpenClaw plugin (deploy/openclaw-plugin) and
# install the npm-registry tools of the tests (npm_cache.sh).
# Nothing happens when a new enough node and npm are already installed. Otherwise, from what
# every machine with a package mirror reaches: Debian's nodejs and npm packages; and when
# Debian's node is older than 20 (bookworm ships 18), the `node` package from the npm
# registry (a Node binary shipped as an npm package), installed with that npm into
# $NODE_PREFIX/bin (default /usr/local/bin, ahead of /usr/bin on PATH). No NodeSource
# repository is added: it is not reachable from every network, and an apt source that
# cannot be reached breaks every later apt-get update.
set -euo pipefail
MIN_MAJOR=20
NODE_FALLBACK=22.23.3
NODE_PREFIX="${NODE_PREFIX:-/usr/local}"

new_enough() {
    hash -r
    command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
        && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge "$MIN_MAJOR" ]
}
new_enough && exit 0

# As root (CI) apt-get and npm run directly; a developer account goes through sudo.
as_root() { if [ "$(id -u)" -ne 0 ]; then sudo -E "$@"; else "$@"; fi; }

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends ca-certificates nodejs npm
fi
new_enough && exit 0

echo "install-node.sh: node $(node --version) is older than $MIN_MAJOR;" \
    "installing node@$NODE_FALLBACK from the npm registry into $NODE_PREFIX" >&2
as_root npm install --global --prefix "$NODE_PREFIX" --no-audit --no-fund --loglevel=error \
    "node@$NODE_FALLBACK"
export PATH="$NODE_PREFIX/bin:$PATH"
new_enough || { echo "install-node.sh: no Node >= $MIN_MAJOR after installing it" >&2; exit 1; }
