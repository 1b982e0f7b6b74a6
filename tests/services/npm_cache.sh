# Sourced by the install-*.sh scripts that put npm-registry tools in the tests' cache (the
# paths are tests/services/npm_tools.py's): npm itself, Node 24 from the `node` package, and
# `npm_install DIR PACKAGE...`, which installs into DIR once (a stamp says it is done).
NODE_VERSION=24.21.0
cache="${CANON_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/canon-tests}"

# npm itself (any system npm runs under whichever node comes first on PATH).
command -v npm >/dev/null 2>&1 || bash "$(dirname "${BASH_SOURCE[0]}")/install-node.sh"

npm_install() {  # npm_install DIR PACKAGE...: into DIR unless its stamp says it is done
    local dir="$1"; shift
    [ -e "$dir/.installed" ] && return 0
    rm -rf "$dir" && mkdir -p "$dir"
    echo '{"private": true}' > "$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --omit=dev "$@"
    touch "$dir/.installed"
}

# Node 24 first on PATH (OpenClaw needs >= 24.16, the Inspector >= 22.19; the system's
# may be older).
node_dir="$cache/node-$NODE_VERSION"
npm_install "$node_dir" "node@$NODE_VERSION"
export PATH="$node_dir/node_modules/.bin:$PATH"
[ "$(node -p process.versions.node)" = "$NODE_VERSION" ]
