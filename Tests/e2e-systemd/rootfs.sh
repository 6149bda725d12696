#!/usr/bin/env bash
# Builds the systemd VM's base root file system with debootstrap from Debian's own packages, once:
# later runs reuse it until it is deleted.
#
#   Tests/e2e-systemd/rootfs.sh DIR     makes DIR (a bookworm root with systemd as PID 1, dbus,
#                                       udev, Debian's kernel with an initrd, evemu-tools,
#                                       Debian's Mosquitto broker and its clients, and GStreamer
#                                       with its base and good plugins for the video phase)
#
# DIR/.complete marks a finished build; an interrupted one is started again from scratch. A finished
# root made before a package joined the list gets the packages it lacks installed into it (apt).
# Environment: E2E_SUITE (default: the host's release), E2E_MIRROR (default: deb.debian.org).
set -euo pipefail

root=${1:?usage: rootfs.sh DIR}
suite=${E2E_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
mirror=${E2E_MIRROR:-http://deb.debian.org/debian}
# Packages added to the list after caches were first made: checked on every run (see below).
later_packages=(mosquitto mosquitto-clients
                libgstreamer1.0-0 libgstreamer-plugins-base1.0-0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good)

# The packages of later_packages the root lacks (none, or all on a clean machine).
missing_later_packages() {
    local package
    for package in "${later_packages[@]}"; do
        chroot "$root" dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed' \
            || echo "$package"
    done
}

# Installs them with apt (/proc mounted in the root), so an old cache and a clean machine end with
# the same root; the package lists are fetched again, as an old cache's may name files gone since.
install_later_packages() {
    local missing
    missing=$(missing_later_packages)
    [ -n "$missing" ] || return 0
    echo "rootfs.sh: installing" $missing "into $root"
    chroot "$root" apt-get update -q
    # shellcheck disable=SC2086 # one package name a word
    DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends $missing
    chroot "$root" apt-get clean
}

if [ -e "$root/.complete" ]; then
    [ -n "$(missing_later_packages)" ] || exit 0
    mount --bind /proc "$root/proc"
    trap 'umount "$root/proc"' EXIT
    install_later_packages
    exit 0
fi

rm -rf "$root"
mkdir -p "$(dirname "$root")"
# systemd as PID 1 and the bus the daemon's control interface lives on; the libraries the package
# depends on come with it here, so installing the .deb later needs no download when they match.
packages=systemd,systemd-sysv,dbus,udev,kmod,procps,evemu-tools,initramfs-tools,zstd
packages+=,libdrm2,libevdev2,libpixman-1-0,libpangoft2-1.0-0,libpng16-16,libturbojpeg0,libgif7,fonts-dejavu-core
debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror"

# The initrd only has to find the root disk (virtio) and mount it (ext4).
cat > "$root/etc/initramfs-tools/conf.d/e2e" <<'CONF'
MODULES=list
COMPRESS=gzip
CONF
printf '%s\n' virtio_pci virtio_blk ext4 > "$root/etc/initramfs-tools/modules"
mount --bind /proc "$root/proc"
trap 'umount "$root/proc"' EXIT
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends linux-image-amd64
# The [mqtt] phase's broker, and mosquitto_pub/mosquitto_sub to talk to the kiosk through it;
# GStreamer and the plugins that play the video phase's Motion-JPEG AVI clip (avidemux, jpegdec).
install_later_packages
chroot "$root" apt-get clean
# Modules the VM never loads: a smaller disk is made faster on every run.
kernel_version=$(basename "$root"/lib/modules/*)
(cd "$root/lib/modules/$kernel_version/kernel" && rm -rf sound drivers/net drivers/infiniband drivers/iio \
    drivers/gpu/drm/amd drivers/gpu/drm/nouveau drivers/gpu/drm/i915 drivers/gpu/drm/radeon \
    drivers/media/usb drivers/media/pci drivers/media/dvb-frontends drivers/media/tuners drivers/media/i2c)
chroot "$root" depmod "$kernel_version"

# A throwaway guest: root without a password, nothing on the network, no fsck of the scratch disk.
chroot "$root" passwd -d root
echo swipe-kiosk-e2e > "$root/etc/hostname"
echo "/dev/vda / ext4 rw,noatime 0 1" > "$root/etc/fstab"
# The serial console is the host's log, not a login: no getty waiting for it.
chroot "$root" systemctl mask -q serial-getty@ttyS0.service serial-getty@ttyS1.service
# The journal kept in memory only; the checks read it with journalctl.
mkdir -p "$root/etc/systemd/journald.conf.d"
printf '[Journal]\nStorage=volatile\n' > "$root/etc/systemd/journald.conf.d/e2e.conf"
touch "$root/.complete"
