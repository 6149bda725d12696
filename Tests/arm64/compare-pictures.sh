#!/bin/sh
# Renders Tests/arm64/pictures.toml (screens without text) and two of its transitions (render --swipe) (cube: the
# perspective loops; slide: the raster loops) with the x86-64 binary and with the arm64 binary
# under qemu-user, and checks every PNG pair is equal within 1 per channel (compare_pngs.py).
# Prints PASS/FAIL per picture; exits 1 on any FAIL.
#
# Usage: Tests/arm64/compare-pictures.sh HOST_BINARY ARM64_BINARY ARM64_ROOT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
host=${1:?usage: compare-pictures.sh HOST_BINARY ARM64_BINARY ARM64_ROOT}
arm=${2:?usage: compare-pictures.sh HOST_BINARY ARM64_BINARY ARM64_ROOT}
QEMU_LD_PREFIX=${3:?usage: compare-pictures.sh HOST_BINARY ARM64_BINARY ARM64_ROOT}
QEMU_CPU=${QEMU_CPU:-cortex-a72}  # a Raspberry Pi 4's core
export QEMU_LD_PREFIX QEMU_CPU
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static) || { echo "compare-pictures: qemu-aarch64 is missing (package qemu-user)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

for style in cube slide; do
    sed -e "s|\"LOGO\"|\"$root/Config/logo.png\"|" -e "s|\"STYLE\"|\"$style\"|" "$here/pictures.toml" > "$work/$style.toml"
    for build in x86 arm; do
        mkdir -p "$work/$build/$style" "$work/$build/$style-transition"
        run=$host; [ $build = x86 ] || run="$qemu $arm"
        $run render --config "$work/$style.toml" --out "$work/$build/$style" >/dev/null
        $run render --config "$work/$style.toml" --swipe camera:card --out "$work/$build/$style-transition" >/dev/null
    done
    python3 "$here/compare_pngs.py" "$work/x86/$style" "$work/arm/$style" || status=1
    python3 "$here/compare_pngs.py" "$work/x86/$style-transition" "$work/arm/$style-transition" || status=1
    python3 "$here/compare_pngs.py" "$work/x86/$style-transition/frames" "$work/arm/$style-transition/frames" || status=1
done
exit $status
