#!/bin/bash
# Cross-builds SwipeKiosk for arm64 with Debian 13's Swift 6.0.3 inside the build root that
# make-root.sh made, on a copy of the checkout (SCRATCH/src), so the host's Swift 6.3 build, its
# Package.resolved and debian/ staging are never touched.
#
# Usage: tools/arm64/build.sh ROOT SCRATCH release|tests|deb
#   release  the release binary (static Swift stdlib): SCRATCH/src/.build/aarch64-unknown-linux-gnu/release/swipe-kiosk
#   tests    the test bundle (debug): SCRATCH/src/.build/aarch64-unknown-linux-gnu/debug/SwipeKioskPackageTests.xctest
#   deb      dpkg-buildpackage -a arm64 in the copy: SCRATCH/swipe-kiosk_VERSION_arm64.deb
#
# Swift 6.0 and the dependencies: swift-log 1.16.2, swift-metrics 2.13.0 and swift-prometheus 2.4.1
# (the versions this machine offers) declare tools version 6.2. tools/arm64/swift60/*.patch lower it
# and backport the few 6.1/6.2-only constructs; here each is applied to a local clone, committed and
# tagged with the same version, and the copy's own .swiftpm/configuration/mirrors.json points SwiftPM
# at those clones. Only this 6.0 build sees them: the checkout has no mirrors file.
set -euo pipefail
ROOT=${1:?usage: build.sh ROOT SCRATCH release|tests|deb}
SCRATCH=$(mkdir -p "$2" && cd "$2" && pwd)
WHAT=${3:?usage: build.sh ROOT SCRATCH release|tests|deb}
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
COPY=$SCRATCH/src
# The scratch copy may lie outside the checkout (the Makefile keeps it beside the root): the root sees it too.
export IN_ROOT_BINDS=$SCRATCH

# The copy: sources only (the host's build folders, Package.resolved and package staging stay out;
# excluded paths are also kept from --delete, so the copy's own .build survives). Files are compared
# by content and only changed ones are written (and so get a new time): a fresh clone, whose files
# are all new, leaves an unchanged file's copy alone and SwiftPM does not compile it again.
mkdir -p "$COPY"
rsync -rlpD --checksum --delete --exclude=/.git --exclude='/.build*' --exclude=/.swiftpm --exclude=/Package.resolved \
    --exclude='/swipe-kiosk_*' --exclude='/swipe-kiosk-web_*' --exclude=/debian/swipe-kiosk/ --exclude=/debian/swipe-kiosk-web/ --exclude=/debian/.debhelper/ --exclude=/debian/files \
    --exclude='/debian/*.substvars' --exclude='/debian/*debhelper*' --exclude='/*-out/' "$SRC/" "$COPY/"

# The patched dependencies (name, URL as Package.swift files spell it, version).
mirrors=()
while read -r name url version; do
    patch="$HERE/swift60/$name-$version.patch"
    want=$(sha256sum < "$patch" | cut -d' ' -f1)
    # Named after the patch, so a changed patch is a new URL to SwiftPM (its caches never mix the two).
    clone="$SCRATCH/mirrors/$name-${want:0:12}"
    if [ ! -e "$clone.patched" ]; then
        rm -rf "$SCRATCH/mirrors/$name"-*
        git clone -q "$url" "$clone"
        git -C "$clone" -c advice.detachedHead=false checkout -q "$version"
        git -C "$clone" apply "$patch"
        git -C "$clone" -c user.name=swipe-kiosk -c user.email=swipe-kiosk@localhost commit -q -am "Swift 6.0: tools version 6.0, 6.1/6.2-only constructs backported (SwipeKiosk tools/arm64/swift60)"
        git -C "$clone" tag -f "$version" >/dev/null
        echo "$want" > "$clone.patched"
    fi
    mirrors+=("{\"original\": \"$url\", \"mirror\": \"$clone\"}" "{\"original\": \"$url.git\", \"mirror\": \"$clone\"}")
done <<'LIST'
swift-log https://github.com/apple/swift-log 1.16.2
swift-metrics https://github.com/apple/swift-metrics 2.13.0
swift-prometheus https://github.com/swift-server/swift-prometheus 2.4.1
LIST
mkdir -p "$COPY/.swiftpm/configuration"
config=$(IFS=,; echo "{\"version\": 1, \"object\": [${mirrors[*]}]}")
if [ "$config" != "$(cat "$COPY/.swiftpm/configuration/mirrors.json" 2>/dev/null)" ]; then
    echo "$config" > "$COPY/.swiftpm/configuration/mirrors.json"
    rm -f "$COPY/Package.resolved"  # pins the previous patches' commits
fi
# Tests find ../shared beside the checkout: the same one beside the copy.
[ ! -d "$SRC/../shared" ] || ln -sfn "$(cd "$SRC/../shared" && pwd)" "$SCRATCH/shared"

# The arm64 Swift SDK made by make-root.sh; pkg-config reads only the arm64 .pc files.
SDK_OPTIONS="--swift-sdks-path /opt/swift-sdks --swift-sdk aarch64-trixie"
# SwiftPM reads .pc files itself, from PKG_CONFIG_PATH first; pkg-config, from PKG_CONFIG_LIBDIR only.
PKG="PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig"
PKG_LIBDIR="PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig"
case $WHAT in
release)
    "$HERE/in-root.sh" "$ROOT" "$PKG" "$PKG_LIBDIR" sh -euc 'cd "$1"; shift; swift build -c release --static-swift-stdlib --product swipe-kiosk "$@"' sh "$COPY" $SDK_OPTIONS ;;
tests)
    "$HERE/in-root.sh" "$ROOT" "$PKG" "$PKG_LIBDIR" sh -euc 'cd "$1"; shift; swift build --build-tests "$@"' sh "$COPY" $SDK_OPTIONS ;;
deb)
    # The manual pages are the same on every architecture and are made by running the binary (through
    # swift-argument-parser's plugin, and config-manual): they come from the host's build (make man), copied in.
    install -D -m 0644 "$SRC/.build/man/swipe-kiosk.1" "$COPY/.build/man/swipe-kiosk.1"
    install -D -m 0644 "$SRC/.build/man/swipe-kiosk.toml.5" "$COPY/.build/man/swipe-kiosk.toml.5"
    rm -f "$SCRATCH"/swipe-kiosk_*
    "$HERE/in-root.sh" "$ROOT" "$PKG" "$PKG_LIBDIR" "SWIPE_KIOSK_SWIFT_SDK_OPTIONS=$SDK_OPTIONS" sh -euc \
        'cd "$1"; dpkg-buildpackage -a arm64 --build=binary --no-sign' sh "$COPY" ;;
*)
    echo "build.sh: unknown step $WHAT (release, tests or deb)" >&2; exit 2 ;;
esac
