#!/usr/bin/env bash
# The arm64 package proven on an emulated arm64 machine under a real systemd.
#
# A Debian 13 (trixie) arm64 root file system made by debootstrap through qemu-user-static (cached
# under $ARM64_VM_CACHE, see ../e2e-systemd/rootfs.sh, with Debian 13's linux-image-arm64 and an
# initrd) gets the package installed with dpkg (its dependencies are put into the cached root once,
# by apt, when it lacks one), Tests/e2e's VM config and guest/checks.sh as a unit that runs once the system is up.
# qemu-system-aarch64 (`virt`, Cortex-A72, TCG) boots it with virtio-gpu, uinput and vivid; the
# guest reports on a virtio console, the host takes QMP screendumps (Tests/e2e/e2e.py) and asserts,
# each assertion printed as "PASS name: detail" or "FAIL name: detail".
#
#   Tests/e2e-arm64/run.sh swipe-kiosk_VERSION_arm64.deb
#
# Environment: ARM64_VM_CACHE=dir  where the base root file system is kept (default /var/cache/swipe-kiosk-e2e-arm64)
#              E2E_OUT=dir         screendumps and logs (default: e2e-arm64-out)
#              E2E_TIMEOUT=secs    hard limit on the VM's run time (default: 600; 295 s seen on a loaded 2-core host)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
systemd_suite=$repo/Tests/e2e-systemd
e2e() { python3 "$repo/Tests/e2e/e2e.py" "$@"; }
deb=$(realpath "${1:?usage: run.sh swipe-kiosk_VERSION_arm64.deb}")
cache=${ARM64_VM_CACHE:-/var/cache/swipe-kiosk-e2e-arm64}
out=$(mkdir -p "${E2E_OUT:-$repo/e2e-arm64-out}" && cd "${E2E_OUT:-$repo/e2e-arm64-out}" && pwd)
timeout=${E2E_TIMEOUT:-600}
[ "$(id -u)" = 0 ] || exec sudo --preserve-env=ARM64_VM_CACHE,E2E_OUT,E2E_TIMEOUT "$0" "$@"
[ "$(dpkg-deb -f "$deb" Architecture)" = arm64 ] || { echo "run.sh: $deb is not an arm64 package" >&2; exit 2; }
base=$cache/trixie

echo "== 1. The base root file system ($base)"
started=$(date +%s)
# Libraries the package depends on; the rest of its Depends join the cached root at the first run.
E2E_SUITE=trixie E2E_ARCH=arm64 "$systemd_suite/rootfs.sh" "$base" \
    libdrm2 libevdev2 libpixman-1-0 libturbojpeg0 libgif7 libmosquitto1 fonts-dejavu-core
echo "ready after $(($(date +%s) - started)) s"

echo "== 2. This run's root file system: the package installed by dpkg, the checks"
root=$out/root
rm -rf "$root" "$out"/*.ppm "$out"/*.png "$out"/*.log "$out/assertions.txt" "$out/disk.img"
cp -a "$base" "$root"
cp "$deb" "$root/tmp/"
mount --bind /proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
# The package's dependencies come from the cached root. When one is missing there (a first run, a
# new library in the package's Depends, taken from the arm64 shlibs), apt installs the package's
# Depends into the cached root, once, and this run's root is copied again.
install_package() { DEBIAN_FRONTEND=noninteractive chroot "$root" dpkg -i "/tmp/$(basename "$deb")" > "$out/dpkg.log" 2>&1; }
if ! install_package; then
    grep -q "dependency problems" "$out/dpkg.log" || { cat "$out/dpkg.log"; echo "run.sh: dpkg -i of $(basename "$deb") failed in the arm64 root"; exit 1; }
    umount "$root/proc"
    echo "installing the package's Depends into $base:"
    mount --bind /proc "$base/proc"
    chroot "$base" apt-get update -q
    DEBIAN_FRONTEND=noninteractive chroot "$base" apt-get satisfy -y -q --no-install-recommends "$(dpkg-deb -f "$deb" Depends)"
    chroot "$base" apt-get clean
    umount "$base/proc"
    rm -rf "$root"
    cp -a "$base" "$root"
    cp "$deb" "$root/tmp/"
    mount --bind /proc "$root/proc"
    install_package || { cat "$out/dpkg.log"; echo "run.sh: dpkg -i of $(basename "$deb") failed in the arm64 root"; exit 1; }
fi
tail -n 2 "$out/dpkg.log"
umount "$root/proc"
rm "$root/tmp/$(basename "$deb")"
# The VM's devices, loaded at boot: vivid and uinput have no hardware to be autoloaded by, and the
# checks' console (virtio_console) and the display must be there before the checks start.
printf '%s\n' virtio_gpu virtio_console uinput evdev vivid > "$root/etc/modules-load.d/swipe-kiosk-e2e.conf"
echo "options vivid node_types=0x1" > "$root/etc/modprobe.d/swipe-kiosk-e2e.conf"
# The admin's config: Tests/e2e's small mode with vivid's camera behind the first screen, over the
# packaged conffile, without its [power] section (a dark panel would hide what the checks look at).
sed '/^\[power\]$/,/^$/d' "$repo/Tests/e2e/e2e.toml" > "$root/etc/swipe-kiosk/kiosk.toml"
guest=$root/usr/local/lib/swipe-kiosk-e2e
install -D -m 755 "$here/guest/checks.sh" "$guest/checks.sh"
install -m 644 "$systemd_suite/guest/lib.sh" "$repo/Tests/e2e/touchscreen.desc" "$repo/Tests/e2e/swipe-left.events" "$guest/"
cp "$systemd_suite/guest/swipe-kiosk-e2e.service" "$root/etc/systemd/system/"
chroot "$root" systemctl enable -q swipe-kiosk-e2e.service
cp "$root"/boot/vmlinuz-* "$out/vmlinuz"
cp "$root"/boot/initrd.img-* "$out/initrd.img"
# Nothing for the first boot's update units to do (ldconfig, journal catalog): dpkg did it here.
touch "$root/etc/.updated" "$root/var/.updated"
mkfs.ext4 -q -F -L root -d "$root" "$out/disk.img" 2G
rm -rf "$root"
echo "prepared after $(($(date +%s) - started)) s"

echo "== 3. Boot (console in $out/console.log, checks in $out/serial.log)"
rm -f "$out/qmp.sock"
touch "$out/serial.log"
booted=$(date +%s)
# virt has one UART (the kernel's console); the checks write to a virtio console (hvc0).
timeout --kill-after=10 "$timeout" qemu-system-aarch64 \
    -M virt -cpu cortex-a72 -smp 2 -accel tcg -m 1024 -nodefaults -no-reboot -display none \
    -kernel "$out/vmlinuz" -initrd "$out/initrd.img" \
    -append "root=/dev/vda rw console=ttyAMA0 panic=1" \
    -drive "file=$out/disk.img,format=raw,if=none,id=disk" -device virtio-blk-pci,drive=disk \
    -device virtio-gpu-pci,id=gpu \
    -serial "file:$out/console.log" \
    -device virtio-serial-pci -chardev "file,id=checks,path=$out/serial.log" -device virtconsole,chardev=checks \
    -qmp "unix:$out/qmp.sock,server=on,wait=off" \
    -nic none &
qemu=$!
e2e watch "$out/serial.log" "$out/qmp.sock" "$out" --timeout $((timeout + 30)) || true
qemu_status=0
wait $qemu || qemu_status=$?
echo "the VM ran $(($(date +%s) - booted)) s"
for log in journal.log status.log; do
    e2e section "$log" "$out/serial.log" > "$out/$log"
done

echo "== 4. Assertions"
. "$systemd_suite/assert.sh"
# The stop's time against the unit's TimeoutStopSec, as the guest measured them.
stop_within_timeout() {
    local value
    value=$(e2e result stop "$out/serial.log") || { echo "the guest never stopped the unit"; return 1; }
    echo "$value"
    [[ $value =~ ^ms=([0-9]+)\ timeout-ms=([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -lt "${BASH_REMATCH[2]}" ]
}
assert vm-finishes-in-time vm_finished
assert kernel-is-arm64 guest_check kernel-is-arm64
assert daemon-is-arm64 guest_check daemon-is-arm64
assert unit-active-running guest_check unit-active-running
assert unit-ready-by-notify guest_check unit-ready-by-notify
assert drm-display-in-status guest_check drm-display-in-status
assert first-screen-shows-camera e2e expect-colour-bars "$out/01-first-screen.ppm"
assert touchscreen-opened-by-daemon guest_check touchscreen-opened-by-daemon
assert swipe-shows-red-screen e2e expect-colour "$out/02-after-swipe.ppm" d01010 24
assert ctl-screenshot-is-a-png guest_check ctl-screenshot-is-a-png
assert ctl-screenshot-shows-red-screen guest_png_shows ctl-screenshot.png.b64 03-ctl-screenshot.png d01010
assert ctl-reload-keeps-service-active guest_check ctl-reload-keeps-service-active
assert reload-applies-new-colour e2e expect-colour "$out/04-after-reload.ppm" 1010d0 24
assert stop-is-clean guest_check stop-is-clean
assert stop-within-timeout stop_within_timeout

rm -f "$out/disk.img" "$out/vmlinuz" "$out/initrd.img" "$out/qmp.sock"
echo "e2e-arm64: $passed passed, $failed failed in $(($(date +%s) - started)) s (output in $out)"
[ $failed = 0 ]
