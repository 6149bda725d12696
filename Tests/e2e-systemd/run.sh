#!/usr/bin/env bash
# End-to-end test of the Debian package under a real systemd on a real kernel.
#
# A bookworm root file system made by debootstrap (cached under $VM_CACHE, see rootfs.sh) gets
# the package installed with apt inside a chroot, Tests/e2e's VM config and swipe as its data,
# and guest/checks.sh as a unit that runs once the system is up. QEMU (TCG) boots Debian's kernel
# and initrd from it with the devices of Tests/e2e but for the display: virtio-gpu with two heads
# (which the host can unplug and plug back through QEMU's D-Bus display; QMP has no command for
# it; the second starts unplugged and is plugged in for the two-outputs phase), uinput,
# evdev and vivid. The guest reports on the second serial port; the host takes QMP screendumps and
# sets the head's state when asked, and asserts.
# Debian's Mosquitto runs in the guest too, and the kiosk's [mqtt] points at it: a goto published
# with mosquitto_pub must show on the display. Last, a reload turns the background into a video
# (GStreamer in the guest) playing a green clip made here: the screendump must show it.
#
#   Tests/e2e-systemd/run.sh swipe-kiosk_VERSION_ARCH.deb [swipe-kiosk-web_VERSION_amd64.deb]
#
# With the web host's package, it is installed too (with its drop-in for the unit) and a last phase
# (guest/web.sh) shows a local page with a JS button on the panel and taps it.
#
# Environment: VM_CACHE=dir      where the base root file system is kept (default /var/cache/swipe-kiosk-e2e)
#              E2E_OUT=dir       screendumps and logs (default: e2e-systemd-out)
#              E2E_TIMEOUT=secs  hard limit on the VM's run time (default: 900)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
e2e() { python3 "$repo/Tests/e2e/e2e.py" "$@"; }
deb=$(realpath "${1:?usage: run.sh swipe-kiosk_VERSION_ARCH.deb}")
web_deb=${2:+$(realpath "$2")}
cache=${VM_CACHE:-/var/cache/swipe-kiosk-e2e}
out=$(mkdir -p "${E2E_OUT:-$repo/e2e-systemd-out}" && cd "${E2E_OUT:-$repo/e2e-systemd-out}" && pwd)
timeout=${E2E_TIMEOUT:-900}
[ "$(id -u)" = 0 ] || exec sudo --preserve-env=VM_CACHE,E2E_OUT,E2E_TIMEOUT "$0" "$@"

echo "== 1. The base root file system ($cache/bookworm)"
started=$(date +%s)
# The libraries the package depends on, so installing the .deb needs no download when they match;
# the [mqtt] phase's broker, and mosquitto_pub/mosquitto_sub to talk to the kiosk through it;
# GStreamer and the plugins that play the video phase's Motion-JPEG AVI clip (avidemux, jpegdec);
# the sound phase's alsasink (gstreamer1.0-alsa), arecord (alsa-utils) and the kernel's ALSA loopback
# card (snd-aloop, kept when the root's unused modules are pruned); with a web package, WPE WebKit
# for it and Mesa's EGL/GL (llvmpipe), which WebKit draws with (a root made without them gets them
# added by rootfs.sh the first time they are asked for).
web_packages=""
[ -z "$web_deb" ] || web_packages="libwpewebkit-1.1-0 libwpebackend-fdo-1.0-1 libwpe-1.0-1 libegl1 libegl-mesa0 libgl1-mesa-dri libgles2"
# shellcheck disable=SC2086 # web_packages is a list of package names
E2E_MODULES=snd-aloop "$here/rootfs.sh" "$cache/bookworm" \
    libdrm2 libevdev2 libpixman-1-0 libpangoft2-1.0-0 libpng16-16 libturbojpeg0 libgif7 fonts-dejavu-core \
    mosquitto mosquitto-clients \
    libgstreamer1.0-0 libgstreamer-plugins-base1.0-0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good \
    gstreamer1.0-alsa alsa-utils $web_packages
echo "ready after $(($(date +%s) - started)) s"

echo "== 2. This run's root file system: the package installed by apt, the checks"
root=$out/root
rm -rf "$root" "$out"/*.ppm "$out"/*.png "$out"/*.log "$out/assertions.txt" "$out/disk.img"
cp -a "$cache/bookworm" "$root"
cp "$deb" ${web_deb:+"$web_deb"} "$root/tmp/"
mount --bind /proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends "./tmp/$(basename "$deb")" \
    ${web_deb:+"./tmp/$(basename "$web_deb")"} \
    > "$out/apt.log" 2>&1 || { cat "$out/apt.log"; exit 1; }
tail -n 3 "$out/apt.log"
# Debian's node_exporter, which reads the kiosk's [metrics] textfile as user prometheus under the
# shipped unit, and acl (recommended by the package), whose setfacl the unit runs to let the
# service write into node_exporter's textfile directory.
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --no-install-recommends prometheus-node-exporter acl \
    > "$out/apt-node-exporter.log" 2>&1 || { cat "$out/apt-node-exporter.log"; exit 1; }
umount "$root/proc"
rm "$root/tmp/$(basename "$deb")" ${web_deb:+"$root/tmp/$(basename "$web_deb")"}
# The VM's devices: loaded at boot (vivid, uinput and the ALSA loopback card have no hardware to be
# autoloaded by).
printf '%s\n' virtio_gpu uinput evdev vivid snd-aloop > "$root/etc/modules-load.d/swipe-kiosk-e2e.conf"
echo "options vivid node_types=0x1" > "$root/etc/modprobe.d/swipe-kiosk-e2e.conf"
# The packaged default config, kept for the guest's `check-config --deep` before it is replaced.
install -D -m 644 "$root/etc/swipe-kiosk/kiosk.toml" "$root/usr/local/lib/swipe-kiosk-e2e/packaged-kiosk.toml"
# With the picture it names beside it (a relative path in a config is read from its folder).
install -D -m 644 "$root/etc/swipe-kiosk/logo.png" "$root/usr/local/lib/swipe-kiosk-e2e/logo.png"
# The admin's config: Tests/e2e's small mode with vivid's camera, over the packaged conffile.
# The busybox VM's config without its [power] section: this run's phases pause longer than its
# blank-after, and a dark panel would hide what they check.
sed '/^\[power\]$/,/^$/d' "$repo/Tests/e2e/e2e.toml" > "$root/etc/swipe-kiosk/kiosk.toml"
# And an exec button in the red screen's top-left corner, clear of the points the colour checks
# read: a tap on it runs its command as a child of the daemon, inside the unit's sandbox.
cat >> "$root/etc/swipe-kiosk/kiosk.toml" <<'TOML'

  [[screen.element]]
  type = "button"
  name = "door"
  title = "Door"
  x = 20
  y = 20
  width = 160
  height = 60
  action = "exec"
  command = ["/usr/bin/true"]

[metrics]
textfile = "/var/lib/prometheus/node-exporter/swipe_kiosk.prom"
interval = 2

# The guest's own Mosquitto, as an integrator points a panel at a broker on the same machine
# (the unit lets IP reach the loopback only). The topic prefix is the default: swipe-kiosk/e2e-panel.
[mqtt]
broker = "mqtt://127.0.0.1:1883"
client-id = "e2e-panel"

# A tap's sound into the kernel's ALSA loopback card (snd-aloop): what its playback side is given,
# its capture side (hw:Loopback,1,0) records, where the sound phase reads it.
[sound]
device = "plughw:Loopback,0,0"
volume = 0.8
tap = "/usr/local/lib/swipe-kiosk-e2e/tap.wav"
TOML
# Debian's Mosquitto (from rootfs.sh), started by its own unit at boot: made explicit here that it
# listens on the loopback only and takes clients without an account.
printf '%s\n' "listener 1883 127.0.0.1" "allow_anonymous true" > "$root/etc/mosquitto/conf.d/swipe-kiosk-e2e.conf"
install -D -m 755 "$here/guest/checks.sh" "$root/usr/local/lib/swipe-kiosk-e2e/checks.sh"
install -m 644 "$here/guest/lib.sh" "$here/guest/web.sh" "$here/guest/web.html" "$here/guest/tap-middle.events" \
    "$root/usr/local/lib/swipe-kiosk-e2e/"
cp "$repo/Tests/e2e/touchscreen.desc" "$repo/Tests/e2e/swipe-left.events" "$here/guest/tap-door.events" \
    "$root/usr/local/lib/swipe-kiosk-e2e/"
# The video phase's clip, made here with the host's GStreamer: a solid green Motion-JPEG AVI, small
# and slow (the guest decodes it emulated), 2 s long so the guest plays it through and loops it.
gst-launch-1.0 -q videotestsrc pattern=solid-color foreground-color=0xff10d010 num-buffers=10 \
    ! video/x-raw,format=I420,width=320,height=240,framerate=5/1 ! jpegenc ! avimux \
    ! filesink location="$root/usr/local/lib/swipe-kiosk-e2e/green.avi"
# The tap's sound: 0.2 s of a 1 kHz sine at half scale, 48 kHz stereo (the player's own format).
gst-launch-1.0 -q audiotestsrc wave=sine freq=1000 volume=0.5 samplesperbuffer=960 num-buffers=10 \
    ! audio/x-raw,format=S16LE,rate=48000,channels=2 ! wavenc \
    ! filesink location="$root/usr/local/lib/swipe-kiosk-e2e/tap.wav"
cp "$here/guest/swipe-kiosk-e2e.service" "$root/etc/systemd/system/"
chroot "$root" systemctl enable -q swipe-kiosk-e2e.service
cp "$root"/boot/vmlinuz-* "$out/vmlinuz"
cp "$root"/boot/initrd.img-* "$out/initrd.img"
# The package's unit as installed: it must be the repository's, paths aside.
sed 's|/usr/local/|/usr/|g' "$repo/systemd/swipe-kiosk.service" > "$out/unit.expected"
cp "$root/lib/systemd/system/swipe-kiosk.service" "$out/unit.installed"
mkfs.ext4 -q -F -L root -d "$root" "$out/disk.img" 2G
rm -rf "$root"
echo "prepared after $(($(date +%s) - started)) s"

echo "== 3. Boot (console in $out/console.log, checks in $out/serial.log)"
rm -f "$out/qmp.sock" "$out/display.bus"
touch "$out/serial.log"
# QEMU's D-Bus display on a private bus: its Console.SetUIInfo with a 0x0 size disables the
# virtio-gpu head (the guest sees its only connector disconnected), a real size enables it again.
dbus-daemon --session --address="unix:path=$out/display.bus" --nofork --nopidfile > "$out/display-bus.log" 2>&1 &
display_bus=$!
for _ in $(seq 100); do [ -S "$out/display.bus" ] && break; sleep 0.1; done
booted=$(date +%s)
timeout --kill-after=10 "$timeout" qemu-system-x86_64 \
    -accel tcg -m 1024 -smp 1 -nodefaults -no-reboot \
    -display "dbus,p2p=no,addr=unix:path=$out/display.bus" \
    -kernel "$out/vmlinuz" -initrd "$out/initrd.img" \
    -append "root=/dev/vda rw console=ttyS0 quiet panic=1" \
    -drive "file=$out/disk.img,format=raw,if=virtio" \
    -vga none -device virtio-gpu-pci,max_outputs=2,id=gpu \
    -serial "file:$out/console.log" -serial "file:$out/serial.log" \
    -qmp "unix:$out/qmp.sock,server=on,wait=off" \
    -nic none &
qemu=$!
E2E_DISPLAY_BUS="unix:path=$out/display.bus" e2e watch "$out/serial.log" "$out/qmp.sock" "$out" --timeout $((timeout + 30)) || true
qemu_status=0
wait $qemu || qemu_status=$?
kill $display_bus 2>/dev/null || true
echo "the VM ran $(($(date +%s) - booted)) s"
for log in journal.log status.log security.log mqtt.log video.log drm-state.log web.log; do
    e2e section "$log" "$out/serial.log" > "$out/$log"
done

echo "== 4. Assertions"
. "$here/assert.sh"
# STOP to the new process within WatchdogSec + RestartSec, plus 2 s: the guest runs emulated
# (TCG) and starting a process there takes up to a second or two on a loaded host.
watchdog_within_limit() {
    local value
    value=$(e2e result watchdog-restart "$out/serial.log") || { echo "no watchdog result"; return 1; }
    echo "$value (slack 2000 ms)"
    [[ $value =~ ^ms=([0-9]+)\ limit-ms=([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -le $((BASH_REMATCH[2] + 2000)) ]
}
security_exposure_at_most() {
    local value
    value=$(e2e result security-exposure "$out/serial.log") || { echo "no security result"; return 1; }
    echo "online exposure ${value:-unknown}, limit $1"
    [ -n "$value" ] && awk -v v="$value" -v limit="$1" 'BEGIN { exit !(v <= limit) }'
}

assert vm-finishes-in-time vm_finished
assert unit-installed-unchanged diff "$out/unit.expected" "$out/unit.installed"
assert unit-active-running guest_check unit-active-running
assert unit-is-notify-type guest_check unit-is-notify-type
assert ready-before-active guest_check ready-before-active
assert unit-from-package guest_check unit-from-package
assert unit-enabled-by-package guest_check unit-enabled-by-package
assert device-policy-closed guest_check device-policy-closed
assert runs-as-swipe-kiosk-user guest_check runs-as-swipe-kiosk-user
assert drm-card0-opened guest_check drm-card0-opened
assert video0-opened guest_check video0-opened
assert first-screen-shows-camera e2e expect-colour-bars "$out/01-first-screen.ppm"
assert hotplugged-touchscreen-opened guest_check touchscreen-opened-by-daemon
assert swipe-shows-red-screen e2e expect-colour "$out/02-after-swipe.ppm" d01010 24
assert reload-keeps-service-active guest_check reload-keeps-service-active
assert reload-applies-new-colour e2e expect-colour "$out/03-after-reload.ppm" 1010d0 24
assert broken-config-keeps-service-active guest_check broken-config-keeps-service-active
assert broken-config-logged-with-position guest_check broken-config-logged-at-warning
assert broken-config-keeps-screen e2e expect-colour "$out/04-after-broken-reload.ppm" 1010d0 24
assert watchdog-restarts-stopped-daemon guest_check restarted-by-watchdog
assert watchdog-restart-within-limit watchdog_within_limit
assert active-again-after-watchdog guest_check active-again-after-watchdog
assert screen-back-after-watchdog e2e expect-colour-bars "$out/05-after-watchdog.ppm"
assert ctl-status-as-group-member guest_check ctl-status-as-group-member
assert ctl-status-denied-to-others guest_check ctl-status-denied-to-others
assert ctl-goto-second-screen guest_check ctl-goto-second-screen
assert ctl-goto-shows-second-screen e2e expect-colour "$out/06-after-ctl-goto.ppm" 1010d0 24
assert ctl-screenshot-is-a-png guest_check ctl-screenshot-is-a-png
assert ctl-screenshot-shows-second-screen guest_png_shows ctl-screenshot.png.b64 07-ctl-screenshot.png 1010d0
assert exec-button-runs-in-sandbox guest_check exec-button-runs-in-sandbox
assert sound-loopback-card-present guest_check sound-loopback-card
assert sound-device-opened guest_check sound-device-opened
assert sound guest_check sound-tap-recorded
assert mqtt-broker-runs-in-guest guest_check mqtt-broker-active
assert mqtt-kiosk-online guest_check mqtt-kiosk-online
assert mqtt-goto-answered-on-result guest_check mqtt-goto-result
assert mqtt-goto-shows-second-screen e2e expect-colour "$out/08-after-mqtt-goto.ppm" 1010d0 24
assert mqtt-state-screen-retained guest_check mqtt-state-screen-retained
assert mqtt-json-goto-answered-on-result guest_check mqtt-json-goto-result
assert mqtt-json-goto-shows-camera e2e expect-colour-bars "$out/09-after-mqtt-json-goto.ppm"
assert mqtt-unknown-screen-refused-on-result guest_check mqtt-unknown-screen-result
assert video-config-passes-check guest_check video-config-passes-check
assert video-background-plays guest_check video-background-plays
assert video-background-shows-clip e2e expect-colour "$out/10-video-background.ppm" 10d010 24
assert video-background-loops guest_check video-background-loops
assert unplug-keeps-service-active guest_check unplug-keeps-service-active
assert unplug-status-says-no-display guest_check unplug-status-no-display
assert unplugged-goto-works guest_check unplugged-goto
assert replug-keeps-service-active guest_check replug-keeps-service-active
assert replug-shows-picture e2e expect-colour "$out/10-after-replug.ppm" 1010d0 24
assert second-head-connected guest_check second-head-connected
assert two-outputs-service-active guest_check two-outputs-service-active
assert two-outputs-both-opened guest_check two-outputs-both-opened
assert second-output-screenshot-shows-own-deck guest_png_shows ctl-screenshot-output-2.png.b64 11-ctl-screenshot-output-2.png d0d010
assert second-head-shows-own-deck e2e expect-colour "$out/11-head1-two-outputs.ppm" d0d010 24
assert swipe-moves-first-output-only guest_check swipe-moves-first-output-only
assert swipe-changes-first-head e2e expect-colour "$out/12-head0-after-swipe.ppm" 1010d0 24
assert swipe-leaves-second-head e2e expect-colour "$out/12-head1-after-swipe.ppm" d0d010 24
assert security-exposure-at-most-2.0 security_exposure_at_most 2.0
assert packaged-config-passes-deep-check guest_check packaged-config-passes-deep-check
assert metrics-textfile-readable-by-others guest_check metrics-textfile-0644
assert node-exporter-reads-metrics guest_check node-exporter-scrape-error-0
assert node-exporter-sees-counter-move guest_check node-exporter-counter-moves
if [ -n "$web_deb" ]; then
    assert web-drop-in-from-package guest_check web-drop-in-from-package
    assert web-config-passes-check guest_check web-config-passes-check
    assert web-host-started guest_check web-host-started
    assert web-status-names-host guest_check web-status-names-host
    assert web-drawn-with-llvmpipe guest_check web-drawn-with-llvmpipe
    assert web-page-on-panel e2e expect-colour "$out/13-web-page.ppm" 10d0d0 24
    assert web-tap-changes-page e2e expect-colour "$out/14-web-page-tapped.ppm" d010d0 24
fi

rm -f "$out/disk.img" "$out/vmlinuz" "$out/initrd.img" "$out/qmp.sock" "$out/display.bus"
echo "e2e-systemd: $passed passed, $failed failed (output in $out)"
[ $failed = 0 ]
