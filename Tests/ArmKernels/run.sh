#!/bin/sh
# Builds the pixel kernels and kernel_check.c with clang, as the Swift package build compiles them
# (CC, clang from PATH: the Swift toolchain's), for x86 and for aarch64 (static, against Debian's
# cross libc), and runs the aarch64 build under qemu-user: its vector table ("neon", the clang
# vector loops) and its portable one must both give expected.txt, which the x86 build writes
# (`run.sh --update`) and which every x86 table (the CPU's fastest and the portable) must also give.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CC=${CC:-clang}
command -v "$CC" >/dev/null || { echo "arm-kernels: $CC is missing: the Swift toolchain's clang must be on PATH" >&2; exit 1; }
sources="$root/Sources/CKioskPixels/kiosk_pixels.c $root/Sources/CKioskPixels/kiosk_perspective.c $root/Sources/CKioskPixels/kiosk_dispatch.c $root/Sources/CKioskPixels/kiosk_pool.c $here/kernel_check.c"
flags="-O2 -pthread -std=gnu11 -Wall -Werror -Wno-psabi -ffp-contract=off -I$root/Sources/CKioskPixels/include"

$CC $flags $sources -o "$work/check-x86" -lm
"$work/check-x86" > "$work/x86.txt"
"$work/check-x86" --portable > "$work/x86-portable.txt"
if [ "${1:-}" = "--update" ]; then
    cp "$work/x86.txt" "$here/expected.txt"
    echo "wrote $here/expected.txt"
fi
diff -u "$here/expected.txt" "$work/x86.txt" || { echo "x86 build ($("$work/check-x86" --mode)) differs from expected.txt" >&2; exit 1; }
diff -u "$here/expected.txt" "$work/x86-portable.txt" || { echo "x86 portable loops differ from expected.txt" >&2; exit 1; }

# Debian's cross libc (libc6-dev-arm64-cross) and GCC's aarch64 start files, libgcc and linker
# (gcc-aarch64-linux-gnu), which clang finds by the target triple.
$CC --target=aarch64-linux-gnu $flags -static $sources -o "$work/check-arm64" -lm
mode=$(qemu-aarch64 "$work/check-arm64" --mode)
[ "$mode" = neon ] || { echo "the aarch64 clang build chose the \"$mode\" table, not \"neon\"" >&2; exit 1; }
qemu-aarch64 "$work/check-arm64" > "$work/arm64.txt"
qemu-aarch64 "$work/check-arm64" --portable > "$work/arm64-portable.txt"
diff -u "$here/expected.txt" "$work/arm64.txt" || { echo "aarch64 neon kernels (under qemu-aarch64) differ from expected.txt" >&2; exit 1; }
diff -u "$here/expected.txt" "$work/arm64-portable.txt" || { echo "aarch64 portable kernels (under qemu-aarch64) differ from expected.txt" >&2; exit 1; }
echo "aarch64 kernels (clang) under qemu-aarch64: $(wc -l < "$work/arm64.txt") checks match the x86 build, in the neon and the portable table"
