#!/bin/bash
# Makes (or finishes) the Debian 13 (trixie) amd64 build root that cross-builds SwipeKiosk for arm64:
# Debian's swiftlang 6.0.3 for amd64, the package's Build-Depends as :arm64 (apt-get build-dep -a arm64),
# Debian 13's lintian and debhelper, and swiftlang:arm64 + libswiftlang:arm64 unpacked (dpkg -x, they are
# not Multi-Arch) as a Swift SDK under /opt/swift-sdks. The host's apt configuration is never touched:
# the root has its own (debootstrap writes trixie's sources.list inside it).
#
# Usage: tools/arm64/make-root.sh ROOT
# Idempotent and resumable: each step leaves a stamp; the last one, ROOT/.swipe-kiosk-root, holds a hash
# of this script and debian/control, so a change to either runs the package steps again (cheap when
# nothing is missing) and an interrupted run picks up where it stopped.
set -euo pipefail

ROOT=${1:?usage: make-root.sh ROOT}
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
MIRROR=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
WANT=$(cat "$0" "$SRC/debian/control" | sha256sum | cut -d' ' -f1)

if [ "$(cat "$ROOT/.swipe-kiosk-root" 2>/dev/null)" = "$WANT" ]; then
    exit 0
fi
start=$(date +%s)
in_root() { "$HERE/in-root.sh" "$ROOT" "$@"; }

# 1. The base system. A debootstrap that stopped half way is started again from nothing (about 30 s).
if [ ! -e "$ROOT/.stamp-debootstrap" ]; then
    command -v debootstrap >/dev/null || { echo "make-root.sh: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
    rm -rf "$ROOT"
    mkdir -p "$ROOT"
    echo "make-root.sh: debootstrap trixie into $ROOT from $MIRROR"
    debootstrap --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg trixie "$ROOT" "$MIRROR"
    touch "$ROOT/.stamp-debootstrap"
fi

# 2. The packages: the amd64 toolchain and packaging tools, the Build-Depends for arm64.
# swiftlang does not pull in libstdc++-14-dev; dh_strip needs binutils-aarch64-linux-gnu.
# The fonts are the ones the package recommends: the tests under qemu-user read them from this root.
mkdir -p "$ROOT/tmp/swipe-kiosk-control/debian"
cp "$SRC/debian/control" "$ROOT/tmp/swipe-kiosk-control/debian/control"
in_root sh -euc '
    export DEBIAN_FRONTEND=noninteractive
    grep -qx arm64 /var/lib/dpkg/arch 2>/dev/null || dpkg --add-architecture arm64
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends swiftlang libstdc++-14-dev debhelper dpkg-dev fakeroot lintian \
        binutils-aarch64-linux-gnu git rsync make pkgconf ca-certificates qemu-user \
        libc6-dev:arm64 libgcc-14-dev:arm64 libstdc++-14-dev:arm64 \
        fonts-dejavu-core fonts-noto-core fonts-wqy-microhei
    apt-get build-dep -y -qq --no-install-recommends -a arm64 /tmp/swipe-kiosk-control
    apt-get clean
'

# 3. The arm64 Swift runtime, stdlib and static archives as a Swift SDK (sdkRootPath "/": the root
# itself, whose /usr/lib/aarch64-linux-gnu holds the arm64 libraries).
if [ ! -e "$ROOT/opt/swift-arm64/.stamp" ]; then
    in_root sh -euc '
        rm -rf /opt/swift-arm64 /var/cache/swift-arm64-debs
        mkdir -p /opt/swift-arm64 /var/cache/swift-arm64-debs
        chown _apt /var/cache/swift-arm64-debs
        cd /var/cache/swift-arm64-debs
        apt-get download -qq swiftlang:arm64 libswiftlang:arm64
        for deb in *.deb; do dpkg -x "$deb" /opt/swift-arm64; done
        rm -rf /var/cache/swift-arm64-debs
        test -d /opt/swift-arm64/usr/libexec/swift/lib/swift_static/linux
        touch /opt/swift-arm64/.stamp
    '
fi
SDK="$ROOT/opt/swift-sdks/swipe-kiosk-arm64.artifactbundle"
mkdir -p "$SDK/aarch64-trixie"
cat > "$SDK/info.json" <<'JSON'
{
  "schemaVersion": "1.0",
  "artifacts": {
    "aarch64-trixie": {
      "type": "swiftSDK",
      "version": "6.0.3",
      "variants": [
        { "path": "aarch64-trixie", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"] }
      ]
    }
  }
}
JSON
cat > "$SDK/aarch64-trixie/swift-sdk.json" <<'JSON'
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "aarch64-unknown-linux-gnu": {
      "sdkRootPath": "/",
      "swiftResourcesPath": "/opt/swift-arm64/usr/libexec/swift/lib/swift",
      "swiftStaticResourcesPath": "/opt/swift-arm64/usr/libexec/swift/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
JSON
cat > "$SDK/aarch64-trixie/toolset.json" <<'JSON'
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] }
}
JSON

echo "$WANT" > "$ROOT/.swipe-kiosk-root"
echo "make-root.sh: $ROOT ready in $(( $(date +%s) - start )) s"
