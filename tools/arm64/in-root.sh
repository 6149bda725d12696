#!/bin/bash
# Runs a command in the arm64 build root (chroot) in a private mount namespace: /proc, /sys, /dev,
# the checkout (at its own path), the folders IN_ROOT_BINDS names, and the local Swift package sources git points at are mounted
# for this command only and vanish with it, so nothing stays mounted when a build is interrupted.
#
# Usage: tools/arm64/in-root.sh ROOT [NAME=VALUE...] COMMAND [ARG...] (a clean environment plus those)
# The host's `url.<base>.insteadOf` git rewrites (this machine rewrites github.com to
# /opt/swift-packages) are handed to git in the root through GIT_CONFIG_*, and each local base is
# bind-mounted at the same path, so SwiftPM in the root fetches exactly what the host's does.
set -euo pipefail
ROOT=${1:?usage: in-root.sh ROOT COMMAND...}; shift
SRC=$(cd "$(dirname "$0")/../.." && pwd)

binds=("$SRC")
# Further host folders the command works in (IN_ROOT_BINDS, colon-separated: build.sh's scratch copy).
IFS=: read -r -a extra <<< "${IN_ROOT_BINDS:-}"
for folder in "${extra[@]}"; do [ -z "$folder" ] || binds+=("$folder"); done
git_env=()
n=0
while read -r key value; do
    base=${key#url.}; base=${base%.insteadof}
    git_env+=("GIT_CONFIG_KEY_$n=url.$base.insteadOf" "GIT_CONFIG_VALUE_$n=$value")
    n=$((n + 1))
    case $base in /*) [ -d "$base" ] && binds+=("$base") ;; esac
done < <(git config --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true)
git_env+=("GIT_CONFIG_COUNT=$n")

exec unshare --mount --propagation private -- bash -euc '
    root=$1; shift; nb=$1; shift
    mount -t proc proc "$root/proc"
    mount --rbind /sys "$root/sys"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs tmpfs "$root/dev/shm"
    for ((i = 0; i < nb; i++)); do
        mkdir -p "$root$1"; mount --bind "$1" "$root$1"; shift
    done
    exec chroot "$root" "$@"
' bash "$ROOT" "${#binds[@]}" "${binds[@]}" \
    env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 TERM=dumb "${git_env[@]}" \
    "$@"
