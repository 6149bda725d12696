#!/bin/bash
# Runs inside the emulated arm64 machine as swipe-kiosk-e2e.service once the system is up, with the
# arm64 package installed by dpkg and its unit started by systemd. It speaks Tests/e2e's line
# protocol (../../e2e-systemd/guest/lib.sh) on the virtio console the host follows, then powers
# the VM off. Few checks, bounded waits: the machine is emulated instruction by instruction.
exec > /dev/hvc0 2>&1
here=/usr/local/lib/swipe-kiosk-e2e
config=/etc/swipe-kiosk/kiosk.toml
. $here/lib.sh

phase booted
result boot-seconds "$(cut -d' ' -f1 /proc/uptime)"
check kernel-is-arm64 sh -c 'uname -rm; uname -m | grep -x aarch64'
check daemon-is-arm64 sh -c 'dpkg-query -W -f="\${Package} \${Version} \${Architecture}\n" swipe-kiosk | grep " arm64$"'

phase service
# Type=notify: systemd calls the unit active only once the daemon sent READY=1.
wait_for 120 test "$(property ActiveState)" = active
check unit-active-running sh -c '[ "$(systemctl show -P ActiveState swipe-kiosk)/$(systemctl show -P SubState swipe-kiosk)" = active/running ] && systemctl status --no-pager swipe-kiosk | grep "Active:"'
check unit-ready-by-notify sh -c 'type=$(systemctl show -P Type swipe-kiosk); start=$(systemctl show -P ExecMainStartTimestampMonotonic swipe-kiosk); active=$(systemctl show -P ActiveEnterTimestampMonotonic swipe-kiosk); echo "Type=$type, process started at ${start} us, READY (active) at ${active} us"; [ "$type" = notify ] && [ "$active" -gt "$start" ]'
check drm-display-in-status sh -c 'status=$(swipe-kiosk ctl status) || exit 1; echo "$status" | grep "^display:"; echo "$status" | grep "^display:" | grep -i drm | grep 800x600 && ls -l /proc/$(systemctl show -P MainPID swipe-kiosk)/fd | grep -o "/dev/dri/card0"'
sleep 3
screendump 01-first-screen

phase touchscreen
# A uinput touchscreen made after boot: the daemon notices it and opens it in its sandbox.
evemu-device $here/touchscreen.desc > /run/touchscreen.dev 2>&1 &
wait_for 20 grep -qs /dev/input/event /run/touchscreen.dev
touchscreen=$(sed -n 's|.*\(/dev/input/event[0-9]*\).*|\1|p' /run/touchscreen.dev)
check touchscreen-opened-by-daemon wait_for 20 sh -c "ls -l /proc/\$(systemctl show -P MainPID swipe-kiosk)/fd | grep -o '${touchscreen:-no touchscreen}'"
evemu-play "$touchscreen" < $here/swipe-left.events
sleep 5
screendump 02-after-swipe

phase screenshot
check ctl-screenshot-is-a-png sh -c 'swipe-kiosk ctl screenshot /run/shot.png && head -c 8 /run/shot.png | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" && ls -l /run/shot.png'
echo "=== E2E-BEGIN ctl-screenshot.png.b64 ==="; base64 /run/shot.png 2>/dev/null; echo "=== E2E-END ctl-screenshot.png.b64 ==="

phase reload
# The second screen (on show now) turns blue in the new config.
sed -i 's/#d01010/#1010d0/' $config
check ctl-reload-keeps-service-active sh -c 'swipe-kiosk ctl reload && systemctl show -P ActiveState swipe-kiosk | grep -x active'
sleep 4
screendump 04-after-reload

phase stop
# SIGTERM from systemd: the daemon exits by itself, well inside TimeoutStopSec, and the unit ends
# inactive with result "success" (no SIGKILL, no failure).
timeout_ms=$(($(microseconds TimeoutStopUSec) / 1000))
before=$(uptime_ms)
systemctl stop swipe-kiosk
after=$(uptime_ms)
result stop "ms=$((after - before)) timeout-ms=$timeout_ms"
check stop-is-clean sh -c 'state="$(systemctl show -P ActiveState swipe-kiosk) result=$(systemctl show -P Result swipe-kiosk) exit=$(systemctl show -P ExecMainCode swipe-kiosk)/$(systemctl show -P ExecMainStatus swipe-kiosk)"; echo "$state"; journalctl -u swipe-kiosk -b --no-pager -o cat | grep -E "timed out|SIGKILL|Failed with result" ; [ "$state" = "inactive result=success exit=1/0" ]'
