#!/bin/bash
# Runs inside the systemd VM as swipe-kiosk-e2e.service once the system is up, with the package
# installed by apt and its unit started by systemd. It speaks the line protocol of Tests/e2e
# (E2E-PHASE, E2E-CHECK, E2E-SCREENDUMP, E2E-RESULT, E2E-BEGIN/END, E2E-DONE) on the second
# serial port, which the host follows (lib.sh); then it powers the VM off.
exec > /dev/ttyS1 2>&1
here=/usr/local/lib/swipe-kiosk-e2e
config=/etc/swipe-kiosk/kiosk.toml

. $here/lib.sh

phase booted
echo "E2E-RESULT boot-seconds $(cut -d' ' -f1 /proc/uptime)"

phase service
# Type=notify: systemd calls the unit active only when the daemon sent READY=1, so "active" after
# a start that took time means READY came; the unit must be the packaged one, without drop-ins
# but the swipe-kiosk-web package's (web.sh).
wait_for 120 test "$(property ActiveState)" = active
check unit-active-running sh -c '[ "$(systemctl show -P ActiveState swipe-kiosk)/$(systemctl show -P SubState swipe-kiosk)" = active/running ] && systemctl status --no-pager swipe-kiosk | grep "Active:"'
check unit-is-notify-type sh -c 'systemctl show -P Type swipe-kiosk | grep -x notify'
check ready-before-active sh -c 'start=$(systemctl show -P ExecMainStartTimestampMonotonic swipe-kiosk); active=$(systemctl show -P ActiveEnterTimestampMonotonic swipe-kiosk); echo "process started at ${start} us, active at ${active} us"; [ "$active" -gt "$start" ]'
check unit-from-package sh -c 'systemctl show -P FragmentPath swipe-kiosk; for d in $(systemctl show -P DropInPaths swipe-kiosk); do dpkg -S "$d" "${d#/usr}" 2>/dev/null | grep "^swipe-kiosk-web:" || exit 1; done; dpkg -S "$(systemctl show -P FragmentPath swipe-kiosk)"'
check unit-enabled-by-package systemctl is-enabled swipe-kiosk
check device-policy-closed sh -c 'systemctl show -P DevicePolicy swipe-kiosk | grep -x closed'
check runs-as-swipe-kiosk-user sh -c 'pid=$(systemctl show -P MainPID swipe-kiosk); id -nG swipe-kiosk; stat -c "%U:%G" /proc/$pid | grep -x swipe-kiosk:swipe-kiosk'
check drm-card0-opened sh -c 'ls -l /proc/$(systemctl show -P MainPID swipe-kiosk)/fd | grep -o "/dev/dri/card0"'
check video0-opened sh -c 'ls -l /proc/$(systemctl show -P MainPID swipe-kiosk)/fd | grep -o "/dev/video0"'
sleep 3
screendump 01-first-screen

phase touchscreen
# Created after boot: the daemon must notice it and open it inside its device sandbox.
evemu-device $here/touchscreen.desc > /run/touchscreen.dev 2>&1 &
wait_for 10 grep -qs /dev/input/event /run/touchscreen.dev
touchscreen=$(sed -n 's|.*\(/dev/input/event[0-9]*\).*|\1|p' /run/touchscreen.dev)
echo "e2e: touchscreen $touchscreen"
check touchscreen-opened-by-daemon wait_for 15 sh -c "ls -l /proc/\$(systemctl show -P MainPID swipe-kiosk)/fd | grep -o '$touchscreen'"
evemu-play "$touchscreen" < $here/swipe-left.events
sleep 4
screendump 02-after-swipe

phase reload
# The second screen (on show now) turns blue in the new config.
sed -i 's/#d01010/#1010d0/' $config
systemctl reload swipe-kiosk
check reload-keeps-service-active sh -c 'systemctl show -P ActiveState swipe-kiosk | grep -x active'
sleep 3
screendump 03-after-reload
# A config that does not parse: rejected, logged with FILE:LINE:COLUMN at warning or above.
cp $config /run/good.toml
printf '\n[transition]\nduration = \n' >> $config
since=$(date '+%Y-%m-%d %H:%M:%S')
sleep 1
systemctl reload swipe-kiosk
sleep 3
check broken-config-keeps-service-active sh -c 'systemctl show -P ActiveState swipe-kiosk | grep -x active'
check broken-config-logged-at-warning sh -c "journalctl -u swipe-kiosk -p warning --since '$since' --no-pager -o cat | grep -E '$config:[0-9]+:[0-9]+'"
cp /run/good.toml $config
screendump 04-after-broken-reload

phase watchdog
pid=$(main_pid)
restarts=$(property NRestarts)
watchdog_ms=$(($(microseconds WatchdogUSec) / 1000))
restart_ms=$(($(microseconds RestartUSec) / 1000))
stopped=$(uptime_ms)
kill -STOP "$pid"
wait_for 60 sh -c "[ \"\$(systemctl show -P MainPID swipe-kiosk)\" != $pid ] && [ \"\$(systemctl show -P MainPID swipe-kiosk)\" != 0 ]"
# When systemd started the new process (CLOCK_MONOTONIC, which /proc/uptime follows in a VM).
restarted=$(($(property ExecMainStartTimestampMonotonic) / 1000))
result watchdog-restart "ms=$((restarted - stopped)) limit-ms=$((watchdog_ms + restart_ms)) restarts-before=$restarts restarts-after=$(property NRestarts)"
check restarted-by-watchdog sh -c "journalctl -u swipe-kiosk -b --no-pager -o cat | grep -i 'watchdog timeout'"
wait_for 120 test "$(property ActiveState)" = active
check active-again-after-watchdog sh -c 'systemctl show -P ActiveState swipe-kiosk | grep -x active'
sleep 3
screendump 05-after-watchdog

phase ctl
# The D-Bus policy: members of group swipe-kiosk may call the kiosk, other users may not.
# The root file system is debootstrap's minbase, without useradd: the accounts are written directly.
add_user() { # add_user NAME UID [GROUP]: a login with a home, in GROUP too when given
    echo "$1:x:$2:$2::/home/$1:/bin/sh" >> /etc/passwd
    echo "$1:x:$2:" >> /etc/group
    [ -z "${3:-}" ] || sed -i "/^$3:/{s/:\$/:$1/;t;s/\$/,$1/}" /etc/group
    mkdir -p "/home/$1" && chown "$1:$1" "/home/$1"
}
add_user operator 1500 swipe-kiosk
add_user visitor 1501
grep -E '^(swipe-kiosk|operator|visitor):' /etc/group
check ctl-status-as-group-member runuser -u operator -- swipe-kiosk ctl status
# Refused by the bus policy, not failing for another reason.
check ctl-status-denied-to-others sh -c 'if out=$(runuser -u visitor -- swipe-kiosk ctl status 2>&1); then echo "allowed: $out"; exit 1; fi; echo "$out" | grep -i denied'
# The second screen ("red", blue since the reload) through the bus, then what the display shows.
check ctl-goto-second-screen sh -c 'runuser -u operator -- swipe-kiosk ctl goto red && sleep 3 && runuser -u operator -- swipe-kiosk ctl status | grep -E "^screen: +red$"'
screendump 06-after-ctl-goto
check ctl-screenshot-is-a-png sh -c 'runuser -u operator -- swipe-kiosk ctl screenshot /home/operator/shot.png && head -c 8 /home/operator/shot.png | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" && ls -l /home/operator/shot.png'
echo "=== E2E-BEGIN ctl-screenshot.png.b64 ==="; base64 /home/operator/shot.png 2>/dev/null; echo "=== E2E-END ctl-screenshot.png.b64 ==="

phase exec-button
# A tap on the red screen's exec button: the daemon runs its command inside the unit's sandbox
# (no new privileges, the system-service syscall set) and logs that it exited 0. The tap lands
# where the swipe lifted (x = 100), so the kernel sends no x for it: the daemon, restarted by the
# watchdog since, has that x only from the device's state when it opened it.
since=$(date '+%Y-%m-%d %H:%M:%S')
sleep 1
evemu-play "$touchscreen" < $here/tap-door.events
check exec-button-runs-in-sandbox wait_for 15 sh -c "journalctl -u swipe-kiosk --since '$since' --no-pager -o cat | grep 'button \"door\": /usr/bin/true exited with status 0'"

phase sound
# [sound] tap plays into snd-aloop's playback side (plughw:Loopback,0,0) through the unit's
# sandbox (group audio, DeviceAllow=char-alsa); its capture side records it. A tap on the door
# button again, with arecord running since before it: the recording must hold the sound (its peak
# amplitude: 0.5 of full scale in the file times the volume 0.8, about 13100 of 32767), and where it
# starts in the recording says the delay from the tap: the recording's first frame is the capture's
# start, dated on /proc/uptime's clock from the PCM's status (hw_ptr: the frames captured so far,
# at 48 kHz in real time; its tstamp reads 0 in this kernel).
check sound-loopback-card sh -c 'grep Loopback /proc/asound/cards && ls -l /dev/snd/'
# alsasink keeps the device open between sounds (READY).
check sound-device-opened wait_for 30 sh -c "ls -l /proc/\$(systemctl show -P MainPID swipe-kiosk)/fd | grep -o '/dev/snd/pcmC[0-9]*D0p'"
rate=48000
arecord -q -D hw:Loopback,1,0 -t raw -f S16_LE -c 2 -r $rate -d 8 /run/sound.raw &
recorder=$!
sleep 3
pcm_status=$(cat /proc/asound/Loopback/pcm1c/sub0/status)
read_ms=$(uptime_ms)
echo "$pcm_status"
# uptime_ms at the capture's start: now less the time the PCM has run.
recorded=$(echo "$pcm_status" | awk -v now="$read_ms" -v rate=$rate '/^hw_ptr / { p = $3 } END { if (p) printf "%d", now - p * 1000 / rate }')
tapped=$(uptime_ms)
evemu-play "$touchscreen" < $here/tap-door.events
wait $recorder
sound_onset() { # the recording's peak, and its first loud frame (above 1000) after the tap
    od -An -v -td2 -w4 /run/sound.raw | awk -v rate=$rate -v recorded="$recorded" -v tapped="$tapped" '
        { for (i = 1; i <= 2; i++) { a = $i < 0 ? -$i : $i; if (a > peak) peak = a; if (a > 1000 && !onset) onset = NR } }
        END {
            printf "peak %d of 32767 in %d frames recorded from the loopback", peak, NR
            if (onset && recorded != "") printf "; the sound starts %d ms after the tap", recorded + (onset - 1) * 1000 / rate - tapped
            exit !(peak > 1000 && onset)
        }'
}
check sound-tap-recorded sound_onset
journalctl -u swipe-kiosk -b --no-pager -o cat | grep -i "sound" | tail -n 5

phase metrics
# The packaged default config as shipped, with the picture it names decoded whole.
check packaged-config-passes-deep-check swipe-kiosk check-config --deep $here/packaged-kiosk.toml
# Debian's node_exporter (user prometheus) scraping [metrics] textfile, written by the sandboxed
# service into its textfile directory: no scrape error, and a kiosk counter that moves.
textfile=/var/lib/prometheus/node-exporter/swipe_kiosk.prom
scrape() { # node_exporter's /metrics, over bash's /dev/tcp (the root has no HTTP client)
    exec 3<>/dev/tcp/127.0.0.1/9100 || return 1
    printf 'GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
    cat <&3
    exec 3<&-
}
frames() { scrape | sed -n 's/^swipe_kiosk_frames_composed_total \([0-9.e+]*\)$/\1/p'; }
wait_for 60 test -s $textfile
check metrics-textfile-0644 sh -c "stat -c '%a %U:%G %n' $textfile; getfacl -p /var/lib/prometheus/node-exporter 2>/dev/null; stat -c %a $textfile | grep -x 644"
wait_for 60 sh -c 'systemctl is-active -q prometheus-node-exporter'
wait_for 60 bash -c "$(declare -f scrape); scrape | grep -q '^swipe_kiosk_frames_composed_total '"
check node-exporter-scrape-error-0 bash -c "$(declare -f scrape); scrape | grep -E '^(node_textfile_scrape_error|node_textfile_mtime_seconds)' ; scrape | grep -qx 'node_textfile_scrape_error 0'"
before=$(frames)
runuser -u operator -- swipe-kiosk ctl goto "$(runuser -u operator -- swipe-kiosk ctl status --json | sed -n 's/.*"screens":\["\([^"]*\)".*/\1/p')"
sleep 6
after=$(frames)
check node-exporter-counter-moves sh -c "echo 'swipe_kiosk_frames_composed_total $before then $after'; awk -v a='$before' -v b='$after' 'BEGIN { exit !(b + 0 > a + 0 && a != \"\") }'"

phase mqtt
# Debian's Mosquitto in this guest and the kiosk on it ([mqtt] in the admin's config): a goto
# published as an automation would, answered on P/result, shown on the display and kept retained.
# The screen is the camera's now (the metrics phase went there).
prefix=swipe-kiosk/e2e-panel
check mqtt-broker-active wait_for 60 systemctl is-active mosquitto
# The kiosk was restarted by the watchdog phase: its reconnect back-off started again with it.
check mqtt-kiosk-online wait_for 90 sh -c "mosquitto_sub -h 127.0.0.1 -t $prefix/availability -C 1 -W 5 | grep -x online"
mosquitto_sub -h 127.0.0.1 -q 1 -v -t "$prefix/#" > /run/mqtt.log 2>&1 &
subscriber=$!
# Subscribed once the retained availability has arrived: no result can be missed after that.
wait_for 30 grep -qx "$prefix/availability online" /run/mqtt.log
mqtt_result() { # mqtt_result N: waits for the Nth message on P/result and prints it
    wait_for 30 sh -c "[ \$(grep -ac '^$prefix/result ' /run/mqtt.log) -ge $1 ]" || { echo "no result $1 in:"; cat /run/mqtt.log; return 1; }
    grep -a "^$prefix/result " /run/mqtt.log | sed -n "$1{s|^$prefix/result ||;p}"
}
expect_result() { # expect_result N EXPECTED: the Nth result is EXPECTED, exactly
    local got
    got=$(mqtt_result "$1") || { echo "$got"; return 1; }
    echo "$got"
    [ "$got" = "$2" ]
}
mosquitto_pub -h 127.0.0.1 -q 1 -t $prefix/command/goto -m red
check mqtt-goto-result expect_result 1 '{"command":"goto","error":null,"ok":true}'
sleep 3
screendump 08-after-mqtt-goto
check mqtt-state-screen-retained sh -c "screen=\$(mosquitto_sub -h 127.0.0.1 -t $prefix/state/screen -C 1 -W 10); echo \"retained: \$screen\"; [ \"\$screen\" = red ]"
mosquitto_pub -h 127.0.0.1 -q 1 -t $prefix/command/goto -m '{"screen": "camera", "animated": false}'
check mqtt-json-goto-result expect_result 2 '{"command":"goto","error":null,"ok":true}'
sleep 3
screendump 09-after-mqtt-json-goto
mosquitto_pub -h 127.0.0.1 -q 1 -t $prefix/command/goto -m nowhere
check mqtt-unknown-screen-result expect_result 3 '{"command":"goto","error":"no screen named \"nowhere\"; screens: \"camera\", \"red\"","ok":false}'
kill $subscriber
echo "=== E2E-BEGIN mqtt.log ==="; cat /run/mqtt.log; echo "=== E2E-END mqtt.log ==="

phase video
# [camera] becomes a video background by reload: the green clip run.sh made, played by GStreamer
# inside the unit's sandbox behind the transparent camera screen (on show since the mqtt phase).
clip=$here/green.avi
sed -i -e 's|^source = "v4l2"$|source = "video"\npath = "'"$clip"'"|' -e '/^device = "\/dev\/video0"$/d' -e '/^size = "640x480"$/d' $config
check video-config-passes-check swipe-kiosk check-config $config
since=$(date '+%Y-%m-%d %H:%M:%S')
sleep 1
systemctl reload swipe-kiosk
# GStreamer's first start in the guest scans its plugins, slow under emulation: the feed retries meanwhile.
check video-background-plays wait_for 180 sh -c "runuser -u operator -- swipe-kiosk ctl status | grep -E 'camera:.*green.avi: 320x240'"
playing=$(date '+%Y-%m-%d %H:%M:%S')
sleep 3
screendump 10-video-background
# The 2 s clip has ended and started again since, with no fault logged (a failed pipeline, a stall).
sleep 4
check video-background-loops sh -c "runuser -u operator -- swipe-kiosk ctl status | grep -E 'camera:.*green.avi: 320x240' && ! journalctl -u swipe-kiosk --since '$playing' --no-pager -o cat | grep -E 'green.avi: .*(showing the fallback|no frame for)'"
echo "=== E2E-BEGIN video.log ==="; journalctl -u swipe-kiosk --since "$since" --no-pager -o cat; echo "=== E2E-END video.log ==="

phase security
systemd-analyze security --no-pager swipe-kiosk.service > /run/security.log 2>&1
result security-exposure "$(sed -n 's/.*Overall exposure level for swipe-kiosk.service: \([0-9.]*\).*/\1/p' /run/security.log)"
echo "=== E2E-BEGIN security.log ==="; cat /run/security.log; echo "=== E2E-END security.log ==="

phase hotplug
# The only output unplugged (the host disables the virtio-gpu head): the service stays active with
# no display connected and still takes commands; plugged back in, the panel shows the screen the
# kiosk is on (moved to while unplugged) at once.
kiosk_log() { journalctl -u swipe-kiosk --no-pager -o cat; }
connector_state() { for c in /sys/class/drm/card*-*/; do echo "$(basename "$c"): $(cat "$c/status") $(cat "$c/enabled")"; done; }
pid_before=$(main_pid)
udevadm monitor --kernel --subsystem-match=drm > /run/drm-uevents.log 2>&1 &
monitor=$!
sleep 1
connector_state
echo "E2E-HEAD 0 0"
wait_for 90 sh -c 'journalctl -u swipe-kiosk --no-pager -o cat | grep -q "unplugged; running on"'
connector_state
echo "drm uevents:"; cat /run/drm-uevents.log
kiosk_log | grep -E "unplugged|connected|showing" | tail -n 3
check unplug-keeps-service-active sh -c "systemctl is-active swipe-kiosk && echo \"pid \$(systemctl show -P MainPID swipe-kiosk), was $pid_before\" && [ \$(systemctl show -P MainPID swipe-kiosk) = $pid_before ]"
check unplug-status-no-display sh -c 'runuser -u operator -- swipe-kiosk ctl status | grep "no display connected"'
check unplugged-goto sh -c 'runuser -u operator -- swipe-kiosk ctl goto red && runuser -u operator -- swipe-kiosk ctl status | grep -E "^screen: +red$"'
echo "E2E-HEAD 1280 800"
wait_for 90 sh -c 'journalctl -u swipe-kiosk --no-pager -o cat | grep -q "showing again"'
kiosk_log | grep -E "unplugged|connected|showing" | tail -n 3
connector_state
kill $monitor
echo "drm uevents:"; cat /run/drm-uevents.log
sleep 3
check replug-keeps-service-active sh -c 'systemctl is-active swipe-kiosk && runuser -u operator -- swipe-kiosk ctl status | grep "^display:"'
screendump 10-after-replug

phase two-outputs
# The host plugs in virtio-gpu's second head; the config gets two [[display.output]]: the touch
# deck on Virtual-1 and a deck of its own (a yellow "board") on any other connector, which opens
# on the same card with its own CRTC at the restart. A swipe moves the first output's deck only.
echo "E2E-HEAD 1 800 600"
# sysfs' status is the last probe's: "detect" probes the connector again.
check second-head-connected wait_for 90 sh -c 'echo detect > /sys/class/drm/card0-Virtual-2/status; grep -x connected /sys/class/drm/card0-Virtual-2/status'
connector_state
cat >> $config <<'TOML'

[[display.output]]
connector = "Virtual-1"
mode = "800x600"

[[display.output]]
connector = "*"
mode = "800x600"
screens = ["board"]

[[screen]]
name = "board"
background = "#d0d010"
TOML
swipe-kiosk check-config $config
since=$(date '+%Y-%m-%d %H:%M:%S')
systemctl restart swipe-kiosk
wait_for 120 test "$(property ActiveState)" = active
check two-outputs-service-active sh -c 'systemctl show -P ActiveState swipe-kiosk | grep -x active'
wait_for 60 sh -c "ls -l /proc/\$(systemctl show -P MainPID swipe-kiosk)/fd | grep -q '$touchscreen'"
check two-outputs-both-opened sh -c "journalctl -u swipe-kiosk --since '$since' --no-pager -o cat | grep -E 'Virtual-2 at|beside the first' ; runuser -u operator -- swipe-kiosk ctl status | grep -A3 '^outputs:' && runuser -u operator -- swipe-kiosk ctl status | grep '\"board\"' | grep -v disconnected"
sleep 3
screendump 11-head0-two-outputs 0
screendump 11-head1-two-outputs 1
# The second output's own frame, as the daemon composed and flipped it (D-Bus ScreenshotOutput).
runuser -u operator -- swipe-kiosk ctl screenshot --output output-2 /home/operator/shot2.png
echo "=== E2E-BEGIN ctl-screenshot-output-2.png.b64 ==="; base64 /home/operator/shot2.png 2>/dev/null; echo "=== E2E-END ctl-screenshot-output-2.png.b64 ==="
# Which framebuffer each plane and CRTC scans out, as the kernel sees it.
mount -t debugfs none /sys/kernel/debug 2>/dev/null
echo "=== E2E-BEGIN drm-state.log ==="; cat /sys/kernel/debug/dri/0/state 2>&1; echo "=== E2E-END drm-state.log ==="
evemu-play "$touchscreen" < $here/swipe-left.events
sleep 4
check swipe-moves-first-output-only sh -c 'status=$(runuser -u operator -- swipe-kiosk ctl status); echo "$status" | grep -E "^screen: +red$" && echo "$status" | grep "\"board\""'
screendump 12-head0-after-swipe 0
screendump 12-head1-after-swipe 1

# The web phase only where run.sh installed the web host's package (E2E_WEB=1).
if dpkg-query -W -f='${Status}' swipe-kiosk-web 2>/dev/null | grep -q 'install ok installed'; then
    . $here/web.sh
fi
