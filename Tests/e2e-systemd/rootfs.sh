#!/usr/bin/env bash
# Builds a systemd VM's base root file system with debootstrap from Debian's own packages, once:
# later runs reuse it until it is deleted. Used by Tests/e2e-systemd (bookworm, amd64) and
# Tests/e2e-arm64 (trixie, arm64).
#
#   Tests/e2e-systemd/rootfs.sh DIR [PACKAGE...]
#       makes DIR: a root with systemd as PID 1, dbus, udev, evemu-tools, Debian's kernel for the
#       architecture with an initrd, and the PACKAGEs the caller's guest needs (the libraries its
#       package depends on, brokers, players)
#
# DIR/.complete marks a finished build; an interrupted one is started again from scratch. A finished
# root that lacks one of the PACKAGEs (added to a caller's list since) gets it installed (apt); one
# whose kernel lacks one of the E2E_MODULES (pruned by an older rootfs.sh) is made again.
# Environment: E2E_SUITE (default: the host's release), E2E_ARCH (default: the host's architecture;
#              another one runs under qemu-user-static, registered with binfmt_misc here),
#              E2E_MIRROR (default: deb.debian.org),
#              E2E_MODULES (default: none): kernel modules the guest loads from the folders pruned
#              below (e.g. snd-aloop), kept with the modules they depend on.
set -euo pipefail

root=${1:?usage: rootfs.sh DIR [PACKAGE...]}
shift
packages=("$@")
suite=${E2E_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
arch=${E2E_ARCH:-$(dpkg --print-architecture)}
mirror=${E2E_MIRROR:-http://deb.debian.org/debian}
read -r -a modules <<< "${E2E_MODULES:-}"

# A foreign root's programs (dpkg's maintainer scripts, apt) run through qemu-user-static: its
# binfmt_misc entry is registered with the F flag, so the emulator works inside the chroot too.
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
    qemu_arch=$(case $arch in arm64) echo aarch64 ;; armhf) echo arm ;; *) echo "$arch" ;; esac)
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    if [ ! -e "/proc/sys/fs/binfmt_misc/qemu-$qemu_arch" ]; then
        conf=/usr/lib/binfmt.d/qemu-$qemu_arch.conf
        [ -e "$conf" ] || { echo "rootfs.sh: $conf missing: install qemu-user-static" >&2; exit 1; }
        /usr/lib/systemd/systemd-binfmt "$conf"
    fi
    echo "rootfs.sh: $arch programs run by $(sed -n "s/^interpreter //p" "/proc/sys/fs/binfmt_misc/qemu-$qemu_arch")"
fi

# The PACKAGEs the root lacks (none, or all on a fresh root).
missing_packages() {
    local package
    for package in "${packages[@]}"; do
        chroot "$root" dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed' \
            || echo "$package"
    done
}

# Installs them with apt (/proc mounted in the root), so an old cache and a clean machine end with
# the same root; the package lists are fetched again, as an old cache's may name files gone since.
install_packages() {
    local missing
    missing=$(missing_packages)
    [ -n "$missing" ] || return 0
    echo "rootfs.sh: installing" $missing "into $root"
    chroot "$root" apt-get update -q
    # shellcheck disable=SC2086 # one package name a word
    DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends $missing
    chroot "$root" apt-get clean
}

# The E2E_MODULES the root's kernel lacks (modules.dep lists what depmod found).
missing_modules() {
    local module
    for module in "${modules[@]}"; do
        grep -qE "/$module\.ko(\.[a-z]+)?:" "$root"/lib/modules/*/modules.dep 2>/dev/null || echo "$module"
    done
}

# Deletes the modules the VM never loads, but the E2E_MODULES and those they depend on: a smaller
# disk is made faster on every run.
prune_modules() {
    local kernel_version module_dir keep module
    kernel_version=$(basename "$root"/lib/modules/*)
    module_dir=$root/lib/modules/$kernel_version
    keep=$(for module in "${modules[@]}"; do
        grep -E "^[^:]*/$module\.ko(\.[a-z]+)?:" "$module_dir/modules.dep" | tr -d ':' | tr ' ' '\n'
    done)
    (cd "$module_dir" && { find kernel/sound kernel/drivers/net kernel/drivers/infiniband kernel/drivers/iio \
        kernel/drivers/gpu/drm/amd kernel/drivers/gpu/drm/nouveau kernel/drivers/gpu/drm/i915 \
        kernel/drivers/gpu/drm/radeon kernel/drivers/gpu/drm/msm kernel/drivers/media/usb \
        kernel/drivers/media/pci kernel/drivers/media/dvb-frontends kernel/drivers/media/tuners \
        kernel/drivers/media/i2c -type f 2>/dev/null || true; } | { grep -vxF -f <(echo "$keep") || true; } | xargs -r rm -f
     find kernel -type d -empty -delete)
    chroot "$root" depmod "$kernel_version"
}

if [ -e "$root/.complete" ] && [ -n "$(missing_modules)" ]; then
    echo "rootfs.sh: the kernel in $root lacks" $(missing_modules) "(pruned when it was made): making it again"
    rm -f "$root/.complete"
fi

if [ -e "$root/.complete" ]; then
    [ -n "$(missing_packages)" ] || exit 0
    mount --bind /proc "$root/proc"
    trap 'umount "$root/proc"' EXIT
    install_packages
    exit 0
fi

rm -rf "$root"
mkdir -p "$(dirname "$root")"
# systemd as PID 1 and the bus the daemon's control interface lives on.
debootstrap --variant=minbase --arch="$arch" \
    --include=systemd,systemd-sysv,dbus,udev,kmod,procps,evemu-tools,initramfs-tools,zstd \
    "$suite" "$root" "$mirror"

# The initrd only has to find the root disk (virtio) and mount it (ext4).
cat > "$root/etc/initramfs-tools/conf.d/e2e" <<'CONF'
MODULES=list
COMPRESS=gzip
CONF
printf '%s\n' virtio_pci virtio_blk ext4 > "$root/etc/initramfs-tools/modules"
mount --bind /proc "$root/proc"
trap 'umount "$root/proc"' EXIT
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends "linux-image-$arch"
install_packages
chroot "$root" apt-get clean
prune_modules
missing=$(missing_modules)
[ -z "$missing" ] || { echo "rootfs.sh: Debian's kernel in $root has no" $missing >&2; exit 1; }

# A throwaway guest: root without a password, nothing on the network, no fsck of the scratch disk.
chroot "$root" passwd -d root
echo swipe-kiosk-e2e > "$root/etc/hostname"
echo "/dev/vda / ext4 rw,noatime 0 1" > "$root/etc/fstab"
# The serial consoles (x86's ttyS*, arm's ttyAMA0, virtio's hvc0) are the host's logs, not logins.
chroot "$root" systemctl mask -q serial-getty@ttyS0.service serial-getty@ttyS1.service \
    serial-getty@ttyAMA0.service serial-getty@hvc0.service
# The journal kept in memory only; the checks read it with journalctl.
mkdir -p "$root/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\n' > "$root/etc/systemd/journald.conf.d/e2e.conf"
touch "$root/.complete"
