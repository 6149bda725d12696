#!/usr/bin/env bash
# End-to-end test of swipe-kiosk on a real Linux kernel in QEMU.
#
# Boots the installed Debian kernel with a busybox initramfs that holds the release binary, bochs
# (DRM/KMS) as the display, vivid (V4L2) as the camera and uinput touchscreens driven by evemu.
# The guest's /init (init.sh) runs the daemon, swipes, and reports on the serial console; this
# script takes QMP screendumps when the guest asks for them and then asserts on pixels, the events
# log, the sd_notify messages and the SIGTERM exit.
#
#   Tests/e2e/run.sh               build, boot, assert; exits non-zero when an assertion fails
#   Tests/e2e/run.sh --self-test   shows that broken daemons make this harness fail
#
# Environment: E2E_BINARY=path   use this binary instead of building one
#              E2E_OUT=dir       where screendumps and logs go (default: e2e-out)
#              E2E_TIMEOUT=secs  hard limit on the VM's run time (default: 480)
# Output: screendumps NN-<phase>.ppm and .png, serial.log, daemon.log, events.jsonl, notify.log,
# dmesg.log, the rotated phase's daemon-rotated.log and events-rotated.jsonl, and assertions.txt.
# Building needs the -dev packages `make deps` installs.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$(mkdir -p "${E2E_OUT:-$repo/e2e-out}" && cd "${E2E_OUT:-$repo/e2e-out}" && pwd)
timeout=${E2E_TIMEOUT:-480}
sudo=$([ "$(id -u)" = 0 ] || echo sudo)

if [ "${1:-}" = --self-test ]; then
    exec "$here/self-test.sh"
fi

echo "== 1. Host packages"
packages="qemu-system-x86 linux-image-amd64 busybox-static evemu-tools socat cpio kmod python3"
missing=$(for p in $packages; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' || echo "$p"
done)
if [ -n "$missing" ]; then
    echo "Installing Debian packages:" $missing
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
kernel=$(ls /boot/vmlinuz-* | sort -V | tail -n 1)
kernel_version=${kernel#/boot/vmlinuz-}

echo "== 2. The binary and the initramfs"
if [ -n "${E2E_BINARY:-}" ]; then
    binary=$E2E_BINARY
else
    (cd "$repo" && swift build -c release --static-swift-stdlib --product swipe-kiosk)
    binary=$(cd "$repo" && swift build -c release --static-swift-stdlib --show-bin-path)/swipe-kiosk
fi
root=$out/initramfs
rm -rf "$root" "$out"/*.ppm "$out"/*.png "$out"/*.log "$out"/*.jsonl "$out/assertions.txt"
mkdir -p "$root/bin" "$root/usr/bin" "$root/e2e" "$root/etc"

# A program and the shared libraries ldd lists for it (the dynamic loader included), at their own paths.
add_program() { # add_program SOURCE DESTINATION
    install -D -m 755 "$1" "$root$2"
    for library in $(ldd "$1" 2>/dev/null | awk '/=> \//{print $3} /^\t\//{print $1}'); do
        cp -L --parents -n "$library" "$root"
    done
}
add_program "$binary" /usr/bin/swipe-kiosk
add_program "$(command -v busybox)" /bin/busybox
for program in evemu-device evemu-play socat; do
    add_program "$(command -v $program)" /usr/bin/$program
done
if ldd "$binary" 2>/dev/null | grep -q libfontconfig; then
    cp -r --parents /etc/fonts "$root"
    [ -d /usr/share/fonts/truetype/dejavu ] && cp -r --parents /usr/share/fonts/truetype/dejavu "$root"
fi
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"

# Kernel modules with their dependencies in load order, as modules.dep of that kernel gives them.
declare -A module_arguments=([vivid]="node_types=0x1") # only vivid's capture node: /dev/video0
for module in bochs uinput evdev vivid; do
    modprobe -S "$kernel_version" --show-depends "$module" | awk '$1 == "insmod" {print $2}' |
    while read -r path; do
        # busybox insmod takes plain .ko files; newer Debian kernels ship them compressed.
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

install -m 755 "$here/init.sh" "$root/init"
cp "$here/e2e.toml" "$root/e2e.toml"
cp "$here/touchscreen.desc" "$here"/swipe-*.events "$root/e2e/"
# A real panel's recording, replayed when ../shared is there: a rightward swipe along the top.
recordings=$repo/../shared/recordings
if [ -f "$recordings/wacom-isdv4-e6-finger.single-top-swipe.events" ]; then
    cp "$recordings/wacom-isdv4-e6-finger.desc" "$root/e2e/recording.desc"
    cp "$recordings/wacom-isdv4-e6-finger.single-top-swipe.events" "$root/e2e/recording.events"
else
    echo "No $recordings: the recording replay and its assertions are skipped"
fi
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out/initramfs.cpio.gz"
echo "initramfs: $(du -h "$out/initramfs.cpio.gz" | cut -f1) with $binary on $kernel"

echo "== 3. Boot (serial console in $out/serial.log)"
rm -f "$out/serial.log" "$out/qmp.sock"
touch "$out/serial.log"
timeout --kill-after=10 "$timeout" qemu-system-x86_64 \
    -accel tcg -m 1024 -smp 1 -nodefaults -no-reboot -display none \
    -kernel "$kernel" -initrd "$out/initramfs.cpio.gz" \
    -append "console=ttyS0 panic=1 rdinit=/init" \
    -vga none -device bochs-display \
    -serial "file:$out/serial.log" \
    -qmp "unix:$out/qmp.sock,server=on,wait=off" \
    -nic none &
qemu=$!

echo "== 4. The guest runs init.sh; screendumps as it asks for them"
python3 "$here/e2e.py" watch "$out/serial.log" "$out/qmp.sock" "$out" --timeout $((timeout + 30)) || true
qemu_status=0
wait $qemu || qemu_status=$?

for log in daemon.log events.jsonl notify.log dmesg.log daemon-rotated.log events-rotated.jsonl; do
    python3 "$here/e2e.py" section "$log" "$out/serial.log" > "$out/$log"
done

echo "== 5. Assertions"
failures=0
assert() { # assert NAME COMMAND... : the command's output says what it saw
    local name=$1 detail status=0 verdict=PASS
    shift
    detail=$("$@" 2>&1 | tr '\n' ' ') || status=$?
    [ $status = 0 ] || { verdict=FAIL; failures=$((failures + 1)); }
    echo "$verdict $name: $detail" | tee -a "$out/assertions.txt"
}
guest_check() { # guest_check NAME : the guest's own "E2E-CHECK NAME pass|fail" line
    local line
    line=$(grep -a "^E2E-CHECK $1 " "$out/serial.log" | tr -d '\r')
    echo "${line:-the guest never checked $1}"
    [[ $line == *" pass" ]]
}
sigterm_stopped_within_a_second() {
    local result
    result=$(python3 "$here/e2e.py" result sigterm "$out/serial.log") || { echo "no SIGTERM result"; return 1; }
    echo "$result"
    [[ $result =~ ^exit-status=0\ ms=([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -le 1000 ]
}
e2e() { python3 "$here/e2e.py" "$@"; }

# The harness itself: the kernel, the devices, the listener, screendumps.
vm_finished() { # the guest got to the end and powered off before the time limit
    echo "QEMU exit status $qemu_status (124: killed at the ${timeout} s limit)"
    [ $qemu_status = 0 ] && grep -aq "^E2E-DONE" "$out/serial.log"
}
assert vm-boots grep -a -m1 "^E2E-PHASE booted" "$out/serial.log"
assert vm-finishes-in-time vm_finished
assert drm-card0-appears guest_check dri-card0
assert v4l2-video0-appears guest_check video0
assert uinput-appears guest_check uinput
assert touchscreen-created-by-evemu guest_check touchscreen-created
assert notify-listener-records-datagrams guest_check notify-listener
assert screendump-shows-console-text e2e expect-not-blank "$out/00-before-daemon.ppm"
assert config-accepted-by-binary guest_check config-accepted-by-binary
# The daemon.
assert daemon-notified-ready grep -m1 '^READY=1' "$out/notify.log"
assert first-screen-shows-camera e2e expect-colour-bars "$out/01-first-screen.ppm"
assert held-swipe-shows-red-screen-on-the-right e2e expect-split "$out/02-held-swipe.ppm" d01010 24
assert swipe-taken-back-cancels e2e expect-event "$out/events.jsonl" transition-ended from=0 to=1 completed=false
assert swipe-taken-back-shows-camera e2e expect-colour-bars "$out/03-swipe-taken-back.ppm"
assert swipe-left-shows-red-screen e2e expect-colour "$out/04-after-swipe.ppm" d01010 24
assert transition-began-0-to-1 e2e expect-event "$out/events.jsonl" transition-began from=0 to=1
assert transition-ended-completed e2e expect-event "$out/events.jsonl" transition-ended from=0 to=1 completed=true
# [power] blank-after = 15: dark through DPMS, black on screen; the waking swipe changes nothing.
guest_result() { # guest_result NAME EXPECTED : the guest's "E2E-RESULT NAME value" line
    local value
    value=$(python3 "$here/e2e.py" result "$1" "$out/serial.log") || { echo "no $1 result"; return 1; }
    echo "$1: $value (expected $2)"
    [ "$value" = "$2" ]
}
assert dpms-on-before-blank guest_result dpms-before-blank On
assert blank-after-turns-dpms-off guest_result dpms-blanked Off
assert blanked-screendump-is-black e2e expect-black "$out/04b-blanked.ppm"
assert touch-turns-dpms-on guest_result dpms-woken On
assert waking-touch-did-not-change-the-screen e2e expect-colour "$out/04c-woken.ppm" d01010 24
assert waking-touch-started-no-transition e2e expect-count "$out/events.jsonl" transition-began $([ -f "$root/e2e/recording.events" ] && echo 3 || echo 2)
if [ -f "$root/e2e/recording.events" ]; then
    assert recording-swipes-back-to-0 e2e expect-event "$out/events.jsonl" transition-ended from=1 to=0 completed=true
    assert recording-shows-camera-again e2e expect-colour-bars "$out/05-after-recording.ppm"
fi
assert sigterm-stops-within-1s sigterm_stopped_within_a_second
# The picture turned 90°: touch follows it.
# The picture turned 90° on the same panel: touch follows it (init.sh, phase rotated).
ready_twice() { local count; count=$(grep -c '^READY=1' "$out/notify.log"); echo "$count READY=1 lines"; [ "$count" -ge 2 ]; }
assert rotated-daemon-notified-ready ready_twice
assert rotated-first-screen-shows-turned-camera e2e expect-colour-bars "$out/06-rotated-first-screen.ppm" column
assert rotated-x-axis-swipe-keeps-the-camera e2e expect-colour-bars "$out/07-rotated-x-swipe.ppm" column
assert rotated-y-axis-swipe-shows-red-screen e2e expect-colour "$out/08-rotated-y-swipe.ppm" d01010 24
assert rotated-y-axis-swipe-completes e2e expect-event "$out/events-rotated.jsonl" transition-ended from=0 to=1 completed=true
assert rotated-only-the-y-axis-swipe-transitions e2e expect-count "$out/events-rotated.jsonl" transition-began 1

echo "== 6. Output in $out: screendumps (.ppm, .png), serial.log, daemon.log, events.jsonl, notify.log, dmesg.log"
rm -rf "$root" "$out/initramfs.cpio.gz" "$out/qmp.sock"
if [ $failures -gt 0 ]; then
    echo "e2e: $failures assertion(s) failed"
    exit 1
fi
echo "e2e: all assertions passed"
