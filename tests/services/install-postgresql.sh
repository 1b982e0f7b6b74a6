#!/usr/bin/env bash
# Debian's PostgreSQL server for the PostgreSQL backend tests. Only the binaries
# are needed (initdb, pg_ctl, postgres under /usr/lib/postgresql/*/bin): the test
# fixture creates a throwaway cluster in a temp directory as an unprivileged user
# and runs it on 127.0.0.1 with a free port (the system service stays off).
set -euo pipefail
for bin in /usr/lib/postgresql/*/bin/pg_ctl; do
    if [ -x "$bin" ]; then
        exit 0
    fi
done
export DEBIAN_FRONTEND=noninteractive
# As root (CI) apt-get runs directly; a developer account goes through sudo.
if [ "$(id -u)" -ne 0 ]; then
    apt-get() { sudo -E apt-get "$@"; }
fi
apt-get -o DPkg::Lock::Timeout=600 update
# policy-rc.d keeps the package from starting the system-wide service (and the
# cluster the package would create is never used by the tests).
if [ "$(id -u)" -eq 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends postgresql
