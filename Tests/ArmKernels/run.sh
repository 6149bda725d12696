#!/bin/sh
# Builds the pixel kernels and kernel_check.c for aarch64 (static) and runs them under qemu-user,
# then checks the output against expected.txt, which the x86 build writes (`run.sh --update`)
# and which both x86 modes (AVX2 and portable) must also reproduce.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sources="$root/Sources/CKioskPixels/kiosk_pixels.c $root/Sources/CKioskPixels/kiosk_perspective.c $root/Sources/CKioskPixels/kiosk_dispatch.c $root/Sources/CKioskPixels/kiosk_pool.c $here/kernel_check.c"
flags="-O2 -pthread -std=gnu11 -Wall -Werror -Wno-psabi -ffp-contract=off -I$root/Sources/CKioskPixels/include"

cc $flags $sources -o "$work/check-x86" -lm
"$work/check-x86" > "$work/x86.txt"
"$work/check-x86" --portable > "$work/x86-portable.txt"
if [ "${1:-}" = "--update" ]; then
    cp "$work/x86.txt" "$here/expected.txt"
    echo "wrote $here/expected.txt"
fi
diff -u "$here/expected.txt" "$work/x86.txt" || { echo "x86 build differs from expected.txt" >&2; exit 1; }
diff -u "$here/expected.txt" "$work/x86-portable.txt" || { echo "x86 portable loops differ from expected.txt" >&2; exit 1; }

aarch64-linux-gnu-gcc $flags -static $sources -o "$work/check-arm64" -lm
qemu-aarch64 "$work/check-arm64" > "$work/arm64.txt"
diff -u "$here/expected.txt" "$work/arm64.txt" || { echo "aarch64 kernels (under qemu-aarch64) differ from expected.txt" >&2; exit 1; }
echo "aarch64 kernels under qemu-aarch64: $(wc -l < "$work/arm64.txt") checks match the x86 build"
