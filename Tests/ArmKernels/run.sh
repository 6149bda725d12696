#!/bin/sh
# Builds the pixel kernels and kernel_check.c with clang, as the Swift package build compiles them
# (CC, clang from PATH: the Swift toolchain's), for x86 and for aarch64 (static, against Debian's
# cross libc), and runs the aarch64 build under qemu-user. Every table of loops each build runs
# (x86: AVX2 or AVX-512 as the CPU has them, SSE2, portable; aarch64: NEON, the clang vector
# loops, and portable) must give expected.txt, which the x86 build writes (`run.sh --update`).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CC=${CC:-clang}
command -v "$CC" >/dev/null || { echo "arm-kernels: $CC is missing: the Swift toolchain's clang must be on PATH" >&2; exit 1; }
sources="$root/Sources/CKioskPixels/kiosk_pixels.c $root/Sources/CKioskPixels/kiosk_perspective.c $root/Sources/CKioskPixels/kiosk_dispatch.c $root/Sources/CKioskPixels/kiosk_pool.c $here/kernel_check.c"
flags="-O2 -pthread -std=gnu11 -Wall -Werror -Wno-psabi -ffp-contract=off -I$root/Sources/CKioskPixels/include"

# Runs build $1 (through runner $2, empty for none) with each of its tables, comparing each with expected.txt.
check_tables() {
    build=$1 runner=$2
    tables=$($runner "$work/$build" --tables)
    for table in $tables; do
        $runner "$work/$build" --table "$table" > "$work/$build-$table.txt"
        diff -u "$here/expected.txt" "$work/$build-$table.txt" || { echo "$build's $table table differs from expected.txt" >&2; exit 1; }
    done
    echo "$build: $(wc -l < "$work/$build-portable.txt") checks match expected.txt in the tables:" $tables
}

$CC $flags $sources -o "$work/check-x86" -lm
if [ "${1:-}" = "--update" ]; then
    "$work/check-x86" > "$here/expected.txt"
    echo "wrote $here/expected.txt"
fi
check_tables check-x86 ""

# Debian's cross libc (libc6-dev-arm64-cross) and GCC's aarch64 start files, libgcc and linker
# (gcc-aarch64-linux-gnu), which clang finds by the target triple.
$CC --target=aarch64-linux-gnu $flags -static $sources -o "$work/check-arm64" -lm
mode=$(qemu-aarch64 "$work/check-arm64" --mode)
[ "$mode" = neon ] || { echo "the aarch64 clang build chose the \"$mode\" table, not \"neon\"" >&2; exit 1; }
check_tables check-arm64 qemu-aarch64
