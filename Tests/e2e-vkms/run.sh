#!/usr/bin/env bash
# The daemon on vkms, a real kernel's KMS driver with overlay planes, in QEMU.
#
# Debian's kernels do not ship vkms: vkms-module.sh builds it out of tree from linux-source-6.1
# against the guest kernel's headers and caches it under $VKMS_CACHE. A busybox initramfs (as in
# Tests/e2e) loads drm, drm_shmem_helper, drm_kms_helper, then `vkms enable_overlay=1
# enable_writeback=1`, and vivid as the camera. The guest (init.sh) lists the devices and runs the
# daemon twice, with [display] planes = "auto" and "off", measuring its CPU time over 10 s of live
# camera each time and saving the KMS state from debugfs; the host asserts on what it reports: the
# camera screen on two planes with "auto" (the feed and the UI above it), one with "off", the
# scan-out screenshot read back through the writeback connector showing the camera with the
# indicator over it, and the plane path's CPU time at most a tenth of the composed one's.
#
#   Tests/e2e-vkms/run.sh
#
# Environment: E2E_BINARY=path   use this binary instead of building a release one
#              VKMS_CACHE=dir    where vkms.ko is kept per kernel version (default /var/cache/swipe-kiosk-e2e/vkms)
#              E2E_OUT=dir       logs (default: e2e-vkms-out)
#              E2E_TIMEOUT=secs  hard limit on the VM's run time (default: 600)
# Output in E2E_OUT: serial.log, list-devices.txt, daemon-planes.log, daemon-composed.log, daemon-swipe.log,
# state-planes.txt, state-composed.txt (debugfs), threads-planes.txt, threads-composed.txt (each thread's
# CPU ticks over the measured 10 s), writeback.png (the scan-out screenshot with the camera on its plane,
# read back through vkms's writeback connector) with ctl-writeback.txt, notify.log, dmesg.log and assertions.txt.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$(mkdir -p "${E2E_OUT:-$repo/e2e-vkms-out}" && cd "${E2E_OUT:-$repo/e2e-vkms-out}" && pwd)
timeout=${E2E_TIMEOUT:-600}
cache=${VKMS_CACHE:-/var/cache/swipe-kiosk-e2e/vkms}
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
e2e() { python3 "$repo/Tests/e2e/e2e.py" "$@"; }

kernel=$(ls /boot/vmlinuz-* | sort -V | tail -n 1)
kernel_version=${kernel#/boot/vmlinuz-}

echo "== 1. vkms.ko for $kernel_version"
vkms=$($sudo "$here/vkms-module.sh" "$kernel_version" "$cache")
echo "$vkms"

echo "== 2. The binary and the initramfs"
if [ -n "${E2E_BINARY:-}" ]; then
    binary=$E2E_BINARY
else
    (cd "$repo" && swift build -c release --static-swift-stdlib --product swipe-kiosk)
    binary=$(cd "$repo" && swift build -c release --static-swift-stdlib --show-bin-path)/swipe-kiosk
fi
root=$out/initramfs
rm -rf "$root" "$out"/*.log "$out"/*.txt
mkdir -p "$root/bin" "$root/usr/bin" "$root/e2e" "$root/etc"
add_program() { # add_program SOURCE DESTINATION: a program with the shared libraries ldd lists
    install -D -m 755 "$1" "$root$2"
    for library in $(ldd "$1" 2>/dev/null | awk '/=> \//{print $3} /^\t\//{print $1}'); do
        cp -L --parents -n "$library" "$root"
    done
}
add_program "$binary" /usr/bin/swipe-kiosk
add_program "$(command -v busybox)" /bin/busybox
add_program "$(command -v socat)" /usr/bin/socat
add_program "$(command -v dbus-daemon)" /usr/bin/dbus-daemon
# The guest's bus for `swipe-kiosk ctl`: anyone may own and call anything (one user, no policy to test).
cat > "$root/e2e/bus.conf" <<'BUS'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=/run/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
BUS
if ldd "$binary" 2>/dev/null | grep -q libfontconfig; then
    cp -r --parents /etc/fonts "$root"
    [ -d /usr/share/fonts/truetype/dejavu ] && cp -r --parents /usr/share/fonts/truetype/dejavu "$root"
fi
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"

# vkms's dependencies from the kernel's modules.dep in load order, then vkms itself, then vivid.
declare -A module_arguments=([vivid]="node_types=0x1")
for module in drm drm_shmem_helper drm_kms_helper vivid; do
    [ $module = vivid ] && echo "/e2e/vkms.ko enable_overlay=1 enable_writeback=1" >> "$root/e2e/modules.load"
    modprobe -S "$kernel_version" --show-depends "$module" | awk '$1 == "insmod" {print $2}' |
    while read -r path; do
        module_file=${path%.xz}; module_file=${module_file%.zst}
        grep -q "^$module_file " "$root/e2e/modules.load" 2>/dev/null && continue
        mkdir -p "$root$(dirname "$module_file")"
        case $path in
            *.xz) xz -dc "$path" > "$root$module_file" ;;
            *.zst) zstd -qdc "$path" > "$root$module_file" ;;
            *) cp "$path" "$root$module_file" ;;
        esac
        name=$(basename "$module_file" .ko)
        echo "$module_file ${module_arguments[$name]:-}" >> "$root/e2e/modules.load"
    done
done
cp "$vkms" "$root/e2e/vkms.ko"
install -m 755 "$here/init.sh" "$root/init"
cp "$here/e2e-vkms.toml" "$root/e2e.toml"
cp "$here/swipe-taken-back.events" "$repo/Tests/e2e/touchscreen.desc" "$root/e2e/"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out/initramfs.cpio.gz"
echo "initramfs: $(du -h "$out/initramfs.cpio.gz" | cut -f1) with $binary on $kernel"

echo "== 3. Boot (serial console in $out/serial.log)"
rm -f "$out/serial.log" "$out/qmp.sock"
touch "$out/serial.log"
timeout --kill-after=10 "$timeout" qemu-system-x86_64 \
    -accel tcg -m 1536 -smp 1 -nodefaults -no-reboot -display none \
    -kernel "$kernel" -initrd "$out/initramfs.cpio.gz" \
    -append "console=ttyS0 panic=1 rdinit=/init" \
    -serial "file:$out/serial.log" \
    -qmp "unix:$out/qmp.sock,server=on,wait=off" \
    -nic none &
qemu=$!
e2e watch "$out/serial.log" "$out/qmp.sock" "$out" --timeout $((timeout + 30)) || true
qemu_status=0
wait $qemu || qemu_status=$?
for file in list-devices.txt daemon-planes.log daemon-composed.log daemon-swipe.log state-planes.txt state-composed.txt \
    threads-planes.txt threads-composed.txt notify.log dmesg.log ctl-writeback.txt \
    daemon-fallback-format.log daemon-fallback-size.log state-fallback-format.txt state-fallback-size.txt; do
    e2e section "$file" "$out/serial.log" > "$out/$file"
done
e2e section writeback.png.b64 "$out/serial.log" | base64 -di > "$out/writeback.png" 2>/dev/null || true

echo "== 4. Assertions"
failures=0
assert() { # assert NAME COMMAND... : the command's output says what it saw
    local name=$1 detail status=0 verdict=PASS
    shift
    detail=$("$@" 2>&1 | tr '\n' ' ') || status=$?
    [ $status = 0 ] || { verdict=FAIL; failures=$((failures + 1)); }
    echo "$verdict $name: $detail" | tee -a "$out/assertions.txt"
}
guest_check() { local line; line=$(grep -a "^E2E-CHECK $1 " "$out/serial.log" | tr -d '\r'); echo "${line:-the guest never checked $1}"; [[ $line == *" pass" ]]; }
vm_finished() { echo "QEMU exit status $qemu_status (124: killed at the ${timeout} s limit)"; [ $qemu_status = 0 ] && grep -aq "^E2E-DONE" "$out/serial.log"; }
lists() { grep -E "$1" "$out/list-devices.txt" || { echo "list-devices shows no line matching $1"; return 1; }; }
result() { local value; value=$(e2e result "$1" "$out/serial.log") || { echo "no $1 result"; return 1; }; echo "$1: $value"; }
exited_cleanly() { result "exit-$1" && [ "$(e2e result "exit-$1" "$out/serial.log")" = 0 ]; }

assert vm-finishes-in-time vm_finished
assert vkms-loaded grep -a "Initialized vkms" "$out/dmesg.log"
assert drm-card0-appears guest_check dri-card0
assert v4l2-video0-appears guest_check video0
assert list-devices-shows-the-primary-plane lists "plane [0-9]+ primary, CRTCs [0-9]+: .*XR24"
assert list-devices-shows-an-overlay-with-alpha lists "plane [0-9]+ overlay, CRTCs [0-9]+: .*AR24"
assert list-devices-shows-the-writeback-connector lists "Writeback-1: writeback, CRTCs [0-9]+, beside Virtual-1: XR24"
assert daemon-ready-with-planes-auto guest_check planes-ready
assert daemon-ready-with-planes-off guest_check composed-ready
assert daemon-stops-cleanly-with-planes-auto exited_cleanly planes
assert daemon-stops-cleanly-with-planes-off exited_cleanly composed
# vkms's debugfs state lists every plane with the framebuffer it shows ("fb=0" when off).
planes_showing() { # planes_showing STATE_FILE EXPECTED
    local count
    count=$(grep -c "fb=[1-9]" "$1" || true)
    echo "$count plane(s) with a framebuffer in $(basename "$1"): $(grep -A2 '^plane\[' "$1" | grep -o '^plane\[[0-9]*\]\|fb=[0-9]*' | paste -d' ' - - | grep -v 'fb=0' | tr '\n' ' ')"
    [ "$count" = "$2" ]
}
assert composed-frames-scanned-out-from-one-plane planes_showing "$out/state-composed.txt" 1
assert camera-screen-scanned-out-from-two-planes planes_showing "$out/state-planes.txt" 2
logs() { grep -a "$1" "$2" || { echo "$(basename "$2") has no line matching $1"; return 1; }; }
assert log-says-the-camera-is-on-its-own-plane logs "camera on its own plane" "$out/daemon-planes.log"
assert camera-buffers-exported-as-dmabuf logs "buffers exported as DMABUF" "$out/daemon-planes.log"
assert log-says-the-feed-plane-is-zero-copy logs "camera on its own plane: .*zero-copy DMABUF" "$out/daemon-planes.log"
# The swipe taken back: on the plane, composed for the transition, on the plane again, in that order.
plane_path_around_the_swipe() {
    local path
    path=$(grep -ao "camera on its own plane\|camera composed on the CPU: a transition is running" "$out/daemon-swipe.log" |
        sed 's/camera on its own plane/plane/; s/camera composed.*/composed/' | tr '\n' ' ')
    echo "paths: ${path:-none}"
    [[ $path == *"plane composed plane"* ]]
}
# ... and back onto the plane from the camera's own buffer, as before the swipe.
zero_copy_after_the_swipe() {
    local last
    last=$(grep -a "camera on its own plane" "$out/daemon-swipe.log" | tail -n 1)
    echo "last plane path: ${last:-none}"
    [[ $last == *"zero-copy DMABUF"* ]]
}
assert swipe-moves-the-feed-into-composition-and-back plane_path_around_the_swipe
assert feed-zero-copy-again-after-the-swipe zero_copy_after_the_swipe
assert daemon-exits-after-the-swipe exited_cleanly swipe
# The fallback where a plane refuses the camera's buffer: its format (YUYV) or its size (no plane
# of vkms scales): each frame converted into a dumb buffer on the same two planes, the log says why.
assert daemon-ready-capturing-yuyv guest_check fallback-format-ready
assert yuyv-feed-converted-because-no-plane-takes-yuyv logs "camera on its own plane: .*(converted into a dumb buffer).*; not zero-copy: no plane under the UI's takes YUYV" "$out/daemon-fallback-format.log"
assert yuyv-camera-screen-scanned-out-from-two-planes planes_showing "$out/state-fallback-format.txt" 2
assert daemon-ready-capturing-1280x720 guest_check fallback-size-ready
assert small-feed-converted-because-no-plane-scales-it logs "camera on its own plane: .*(converted into a dumb buffer).*; not zero-copy: .*scaled.*test only" "$out/daemon-fallback-size.log"
assert small-feed-camera-screen-scanned-out-from-two-planes planes_showing "$out/state-fallback-size.txt" 2
assert daemon-stops-cleanly-capturing-yuyv exited_cleanly fallback-format
assert daemon-stops-cleanly-capturing-1280x720 exited_cleanly fallback-size
# The scan-out screenshot (`ctl screenshot --scanout`) read back through vkms's writeback connector
# while the camera is on its own plane: vkms blended the feed's plane and the UI's above it.
assert scanout-screenshot-taken grep -a "writeback.png: [0-9]* bytes" "$out/ctl-writeback.txt"
assert log-says-screenshots-read-back-through-writeback logs "scan-out screenshots read back through Writeback-1" "$out/daemon-planes.log"
# ... and the picture is the hardware's: the daemon falls back to its own frame (logging why) where the read-back fails.
no_log() { if grep -a "$1" "$2"; then return 1; fi; echo "$(basename "$2") has no line matching $1"; }
assert scanout-screenshot-read-back-not-the-daemons-own-frame no_log "sending the daemon's own frame\|reading the scan-out back failed" "$out/daemon-planes.log"
assert writeback-frame-shows-the-cameras-colour-bars e2e expect-colour-bars "$out/writeback.png"
assert writeback-frame-shows-the-indicator-over-the-camera e2e expect-pixels "$out/writeback.png" ff8000 8 150
primary_shows_the_daemons_frame() { # the primary plane shows a 1920x1080 framebuffer swipe-kiosk allocated
    local primary
    primary=$(grep -o 'plane [0-9]* primary' "$out/list-devices.txt" | cut -d' ' -f2)
    grep -A8 "^plane\[$primary\]" "$1" | grep -A4 "allocated by = swipe-kiosk" | grep "size=1920x1080" \
        || { echo "plane ${primary:-?} in $(basename "$1") shows no 1920x1080 buffer of swipe-kiosk's"; return 1; }
}
assert composed-frame-is-the-daemons-1920x1080-buffer primary_shows_the_daemons_frame "$out/state-composed.txt"
assert planes-auto-frame-is-the-daemons-1920x1080-buffer primary_shows_the_daemons_frame "$out/state-planes.txt"
assert cpu-time-with-planes-auto result cpu-ticks-planes
assert cpu-time-with-planes-off result cpu-ticks-composed
assert camera-frames-counted-with-planes-auto result camera-frames-planes
assert camera-frames-counted-with-planes-off result camera-frames-composed
# The goal is per camera frame: CPU time (schedstat, ns) over the camera frames the daemon took in the same 10 s.
plane_path_cpu_at_most_a_tenth() {
    local planes composed planes_frames composed_frames
    planes=$(e2e result cpu-ns-planes "$out/serial.log") && composed=$(e2e result cpu-ns-composed "$out/serial.log") &&
        planes_frames=$(e2e result camera-frames-planes "$out/serial.log") &&
        composed_frames=$(e2e result camera-frames-composed "$out/serial.log") || { echo "no CPU figures"; return 1; }
    awk -v p="$planes" -v c="$composed" -v pf="$planes_frames" -v cf="$composed_frames" 'BEGIN {
        if (pf < 1 || cf < 1 || c <= 0) { print "no camera frames counted"; exit 1 }
        auto = p / pf / 1e6; off = c / cf / 1e6
        printf "per camera frame: planes auto %.2f ms (%d frames), off %.2f ms (%d frames); auto/off = %.3f (goal: <= 0.1)\n", auto, pf, off, cf, auto / off
        exit (auto <= off / 10 ? 0 : 1) }' || return 1
}
cpu_by_thread() { echo "ticks per thread over the 10 s, auto: $(tr '\n' ' ' < "$out/threads-planes.txt")off: $(tr '\n' ' ' < "$out/threads-composed.txt")"; }
# A goal, not a behaviour: reported with its verdict, it does not fail the suite (TCG's noise is large).
goal=$(plane_path_cpu_at_most_a_tenth) && verdict=met || verdict=missed
echo "GOAL cpu-time-with-planes-auto-at-most-a-tenth-of-off ($verdict): $goal; $(cpu_by_thread)" | tee -a "$out/assertions.txt"

rm -rf "$root" "$out/initramfs.cpio.gz" "$out/qmp.sock"
if [ $failures -gt 0 ]; then
    echo "e2e-vkms: $failures assertion(s) failed"
    exit 1
fi
echo "e2e-vkms: all assertions passed"
