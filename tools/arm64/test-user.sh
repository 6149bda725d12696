#!/bin/bash
# Runs the fast tests of the aarch64 test bundle (tools/arm64/build.sh tests) under qemu-user, with the
# Debian 13 arm64 root as QEMU_LD_PREFIX (its libraries, Swift runtime, fonts and fontconfig).
# SWIPE_KIOSK_UNDER_QEMU_USER=1 lets the few tests that need a kernel interface qemu-user does not
# emulate skip with that reason (KioskTestSupport's QemuUser).
#
# Usage: tools/arm64/test-user.sh ROOT BUNDLE.xctest
set -euo pipefail
ROOT=${1:?usage: test-user.sh ROOT BUNDLE.xctest}
BUNDLE=${2:?usage: test-user.sh ROOT BUNDLE.xctest}
QEMU=$(command -v qemu-aarch64 || command -v qemu-aarch64-static) || { echo "test-user.sh: qemu-aarch64 is missing (package qemu-user)" >&2; exit 1; }
# A Cortex-A72 (Raspberry Pi 4: NEON, no SVE) rather than qemu's default CPU, whose SVE2 no Pi has.
export QEMU_LD_PREFIX=$ROOT SWIPE_KIOSK_UNDER_QEMU_USER=1 QEMU_CPU=${QEMU_CPU:-cortex-a72}
FAST='^Kiosk(Engine|Compositor|Touch|Display|Input|Camera|Config|Runtime)Tests\.'

# corelibs XCTest selects by Module.Class (comma separated), not by pattern.
classes=$("$QEMU" "$BUNDLE" --list-tests | grep -E "$FAST" | sed 's|/.*||' | sort -u | paste -sd, -)
[ -n "$classes" ] || { echo "test-user.sh: no fast test classes listed by $BUNDLE" >&2; exit 1; }
echo "test-user.sh: $(tr , '\n' <<<"$classes" | wc -l) fast test classes under $QEMU"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"$QEMU" "$BUNDLE" "$classes" 2>&1 | tee "$log" || status=$?
# Every skip names its reason: list them together at the end.
echo "--- skipped under qemu-user:"
grep -o ' [A-Za-z0-9_]*\.test[A-Za-z0-9_]* : Test skipped - .*' "$log" | sed 's/^ /  /' || echo "  (none)"
exit $status
