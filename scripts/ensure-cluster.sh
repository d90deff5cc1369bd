#!/usr/bin/env bash
# Make sure Debian's redis-server and nginx are installed for `make cluster` (scripts/cluster.py),
# `make loadtest CLUSTER=1` and `make cluster-test`. As root: installs them with apt-get if
# missing (fails loudly if that fails). Otherwise: says what to install and fails.
# Neither is started as a system service: scripts/cluster.py runs its own on loopback.
set -euo pipefail

missing=()
command -v redis-server >/dev/null || [[ -x /usr/bin/redis-server ]] || missing+=(redis-server)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi
if [[ "$(id -u)" -ne 0 ]]; then
    echo "ERROR: ${missing[*]} missing and we are not root. Install with: sudo apt-get install ${missing[*]}" >&2
    exit 1
fi
echo "Installing Debian ${missing[*]} for the cluster..." >&2
export DEBIAN_FRONTEND=noninteractive
# Debian starts a daemon when its package is installed (nginx on port 80, redis-server on
# 6379); a policy-rc.d that says "no" for the length of the install keeps them stopped, as
# this script promises (scripts/cluster.py runs its own on free ports). Removed afterwards
# unless the machine had one already.
policy=/usr/sbin/policy-rc.d
if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
for name in "${missing[@]}"; do
    if ! command -v "$name" >/dev/null && [[ ! -x /usr/sbin/$name && ! -x /usr/bin/$name ]]; then
        echo "ERROR: apt-get installed $name but it is still missing." >&2
        exit 1
    fi
done
