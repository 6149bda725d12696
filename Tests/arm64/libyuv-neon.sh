#!/bin/sh
# Shows Debian 13's arm64 libyuv runs its NEON rows for the camera's conversion and scaling:
# Tests/arm64/libyuv_neon.c, linked with libyuv.a (Debian's same build as the libyuv.so.0 the
# package depends on; static so that qemu's translation log names libyuv's functions), runs under
# qemu-user as a Cortex-A72 (Raspberry Pi 4: NEON, no SVE), and the functions qemu translated must
# include the NEON rows. (qemu's default CPU has SVE2: libyuv then picks YUY2ToARGBRow_SVE2.)
# The times it prints mean nothing under emulation; on a board they compare SIMD with C rows.
#
# Usage: Tests/arm64/libyuv-neon.sh ARM64_ROOT OUT_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
arm64_root=${1:?usage: libyuv-neon.sh ARM64_ROOT OUT_DIR}
out=$(mkdir -p "${2:?usage: libyuv-neon.sh ARM64_ROOT OUT_DIR}" && cd "$2" && pwd)
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static) || { echo "libyuv-neon: qemu-aarch64 is missing (package qemu-user)" >&2; exit 1; }
IN_ROOT_BINDS=$out "$root/tools/arm64/in-root.sh" "$arm64_root" /usr/libexec/swift/bin/clang --target=aarch64-linux-gnu -fuse-ld=lld -O2 -Wall -Werror \
    "$here/libyuv_neon.c" -Wl,-Bstatic -lyuv -Wl,-Bdynamic -lstdc++ -lm -o "$out/libyuv_neon"
QEMU_LD_PREFIX=$arm64_root QEMU_CPU=cortex-a72 "$qemu" -d in_asm -D "$out/in_asm.log" "$out/libyuv_neon"
status=0
for row in YUY2ToARGBRow_NEON InterpolateRow_NEON ScaleARGBFilterCols_NEON; do
    if grep -qx "IN: $row" "$out/in_asm.log"; then
        echo "PASS libyuv-neon: $row ran (Cortex-A72 under qemu-user)"
    else
        echo "FAIL libyuv-neon: $row never ran; libyuv's rows that did: $(grep -o '^IN: .*Row.*' "$out/in_asm.log" | sort -u | tr '\n' ' ')"
        status=1
    fi
done
exit $status
