#!/usr/bin/env bash
# Debian's Dovecot IMAP server for the IMAP poller tests. Only the binary is
# needed: the test fixture writes its own minimal config in a temp directory
# and runs it on 127.0.0.1 with a free port (the system service stays off).
set -euo pipefail
if command -v dovecot >/dev/null 2>&1 || [ -x /usr/sbin/dovecot ]; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
# As root (CI) apt-get runs directly; a developer account goes through sudo.
if [ "$(id -u)" -ne 0 ]; then
    apt-get() { sudo -E apt-get "$@"; }
fi
apt-get -o DPkg::Lock::Timeout=600 update
# policy-rc.d keeps the package from starting the system-wide service.
if [ "$(id -u)" -eq 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends dovecot-imapd
