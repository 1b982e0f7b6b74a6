#!/usr/bin/env bash
# The real OpenClaw gateway for the plugin's end-to-end test (tests/api/test_openclaw_gateway.py),
# pinned, installed from the npm registry into a cache that survives `make clean`, once per
# version. OpenClaw needs Node >= 24.16: the `node` package from the npm registry ships that
# binary, so no system Node is replaced (npm_cache.sh).
set -euo pipefail
OPENCLAW_VERSION=2026.9.6
source "$(dirname "$0")/npm_cache.sh"
npm_install "$cache/openclaw-$OPENCLAW_VERSION" "openclaw@$OPENCLAW_VERSION"
