#!/usr/bin/env bash
# The real OpenClaw gateway for the plugin's end-to-end test (tests/api/test_openclaw_gateway.py),
# pinned, installed from the npm registry into a cache that survives `make clean`, once per
# version. OpenClaw needs Node >= 24.16: the `node` package from the npm registry ships that
# binary, so no system Node is replaced. The paths are tests/services/npm_tools.py's.
set -euo pipefail
NODE_VERSION=24.21.0
OPENCLAW_VERSION=2026.9.6
cache="${CANON_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/canon-tests}"

# npm itself (any system npm runs under whichever node comes first on PATH).
command -v npm >/dev/null 2>&1 || bash "$(dirname "$0")/install-node.sh"

install() {  # install DIR PACKAGE...: into DIR unless its stamp says it is done
    local dir="$1"; shift
    [ -e "$dir/.installed" ] && return 0
    rm -rf "$dir" && mkdir -p "$dir"
    echo '{"private": true}' > "$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --omit=dev "$@"
    touch "$dir/.installed"
}

node_dir="$cache/node-$NODE_VERSION"
install "$node_dir" "node@$NODE_VERSION"
export PATH="$node_dir/node_modules/.bin:$PATH"
[ "$(node -p process.versions.node)" = "$NODE_VERSION" ]

install "$cache/openclaw-$OPENCLAW_VERSION" "openclaw@$OPENCLAW_VERSION"
