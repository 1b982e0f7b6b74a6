#!/usr/bin/env bash
# The MCP Inspector (its command-line mode), a third-party MCP client for tests/mcp/
# test_mcp_inspector.py: pinned, from the npm registry, into the same cache as OpenClaw,
# run on the cache's Node 24 (it needs >= 22.19).
set -euo pipefail
INSPECTOR_VERSION=2.12.0
source "$(dirname "$0")/npm_cache.sh"
npm_install "$cache/mcp-inspector-$INSPECTOR_VERSION" "@modelcontextprotocol/inspector@$INSPECTOR_VERSION"
