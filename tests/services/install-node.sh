#!/usr/bin/env bash
# Node.js 20+ and npm, which build and test the OpenClaw plugin (deploy/openclaw-plugin).
# Nothing happens when a new enough node and npm are already installed; otherwise
# NodeSource's Node 20 repository is added and nodejs (which brings npm) installed.
set -euo pipefail
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
    && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ]; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# As root (CI) apt-get runs directly; a developer account goes through sudo.
if [ "$(id -u)" -ne 0 ]; then
    apt-get() { sudo -E apt-get "$@"; }
    tee() { sudo tee "$@"; }
fi
apt-get update
apt-get install -y --no-install-recommends ca-certificates curl gnupg
keyring=/etc/apt/keyrings/nodesource.gpg
if [ ! -s "$keyring" ]; then
    if [ "$(id -u)" -ne 0 ]; then sudo mkdir -p /etc/apt/keyrings; else mkdir -p /etc/apt/keyrings; fi
    curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key | gpg --dearmor | tee "$keyring" >/dev/null
fi
echo "deb [signed-by=$keyring] https://deb.nodesource.com/node_20.x nodistro main" \
    | tee /etc/apt/sources.list.d/nodesource.list >/dev/null
apt-get update
apt-get install -y --no-install-recommends nodejs
