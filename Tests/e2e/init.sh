#!/bin/busybox sh
# /init of the end-to-end VM (busybox sh, PID 1). It talks to the host only through the serial
# console, in lines the host reads as the log grows:
#   E2E-PHASE <name>            where the run is
#   E2E-CHECK <name> pass|fail  a fact about the guest (devices, listener), with details after it
#   E2E-SCREENDUMP <name>       "take a screendump now": the guest then holds still for a moment
#   E2E-RESULT <name> <value>   a measurement the host asserts on
#   === E2E-BEGIN <file> === / === E2E-END <file> ===   a log file copied out
#   E2E-DONE                    the end; then the VM powers off
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin /proc /sys /dev /tmp /run /root
/bin/busybox --install -s
export PATH=/usr/bin:/bin:/usr/sbin:/sbin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
# Kernel messages would interleave with our lines; they are copied out at the end instead.
echo 1 > /proc/sys/kernel/printk

phase() { echo "E2E-PHASE $1"; }
check() { # check NAME CONDITION... : prints pass or fail for a shell condition
    name=$1; shift
    if "$@"; then echo "E2E-CHECK $name pass"; else echo "E2E-CHECK $name fail"; fi
}
screendump() { echo "E2E-SCREENDUMP $1"; sleep 2; }
wait_for() { # wait_for SECONDS CONDITION... : polls a condition every 50 ms
    tries=$(($1 * 20)); shift
    while [ $tries -gt 0 ]; do
        "$@" && return 0
        usleep 50000
        tries=$((tries - 1))
    done
    return 1
}
is_running() { # a zombie has exited: only its exit status is left to collect
    [ -r /proc/$1/status ] || return 1
    while read -r key value _; do
        [ "$key" = State: ] && { [ "$value" != Z ]; return; }
    done < /proc/$1/status
    return 1
}
has_exited() { ! is_running $1; }
is_ready() { count=$(grep -cs '^READY=1' /run/notify.log); [ "${count:-0}" -ge "${1:-1}" ]; }
transitions_ended() { count=$(grep -cs transition-ended "${2:-/tmp/events.jsonl}"); [ "${count:-0}" -ge "$1" ]; }
uptime_ms() { read -r up _ < /proc/uptime; echo $(( ${up%.*} * 1000 + 10 * 1${up#*.} - 1000 )); }
copy_out() { echo "=== E2E-BEGIN $2 ==="; cat "$1" 2>/dev/null; echo "=== E2E-END $2 ==="; }
finish() {
    copy_out /tmp/daemon.log daemon.log
    copy_out /tmp/events.jsonl events.jsonl
    copy_out /run/notify.log notify.log
    copy_out /tmp/daemon-rotated.log daemon-rotated.log
    copy_out /tmp/events-rotated.jsonl events-rotated.jsonl
    dmesg > /tmp/dmesg.log; copy_out /tmp/dmesg.log dmesg.log
    echo "E2E-DONE"
    sync
    poweroff -f
}

phase booted
while read -r module arguments; do
    insmod "$module" $arguments || echo "e2e: insmod $module failed"
done < /e2e/modules.load
check dri-card0 wait_for 10 test -e /dev/dri/card0
check video0 wait_for 10 test -e /dev/video0
check uinput wait_for 10 test -e /dev/uinput
check config-accepted-by-binary sh -c 'swipe-kiosk check-config /e2e.toml > /tmp/check-config.log 2>&1'
cat /tmp/check-config.log
# Text on the framebuffer console, so the first screendump shows that pixels come through.
printf '\n\n   SwipeKiosk end-to-end test: devices ready, starting the daemon\n' > /dev/tty1
screendump 00-before-daemon

# The notify listener: every datagram sent to NOTIFY_SOCKET becomes one line of notify.log.
export NOTIFY_SOCKET=/run/notify.sock
socat -u UNIX-RECVFROM:$NOTIFY_SOCKET,unlink-early,fork SYSTEM:'cat >> /run/notify.log; echo >> /run/notify.log' &
wait_for 5 test -S $NOTIFY_SOCKET
printf 'E2E-PROBE=1' | socat -u - UNIX-SENDTO:$NOTIFY_SOCKET
check notify-listener wait_for 5 grep -qs '^E2E-PROBE=1$' /run/notify.log

phase daemon-start
swipe-kiosk run --config /e2e.toml --events-log /tmp/events.jsonl > /tmp/daemon.log 2>&1 &
daemon=$!
wait_for 120 eval 'is_ready || has_exited $daemon'
if has_exited $daemon; then
    echo "e2e: the daemon exited before the first screen"
fi
# A few frames of the camera so the first screen shows a live picture, not the first one.
sleep 3
screendump 01-first-screen

# The touchscreen appears only now, so the daemon has to pick it up by hotplug.
phase touchscreen
evemu-device /e2e/touchscreen.desc > /tmp/touchscreen.dev 2>&1 &
wait_for 10 grep -qs /dev/input/event /tmp/touchscreen.dev
touchscreen=$(sed -n 's|.*\(/dev/input/event[0-9]*\).*|\1|p' /tmp/touchscreen.dev)
check touchscreen-created test -c "$touchscreen"
echo "e2e: touchscreen $touchscreen"
sleep 2

# The daemon may write its events log only at exit, so the waits for transitions to end are capped
# a little above the transition's 0.33 s plus emulation's slowness.
phase held-swipe
evemu-play "$touchscreen" < /e2e/swipe-hold.events
sleep 1
screendump 02-held-swipe
evemu-play "$touchscreen" < /e2e/swipe-back.events
wait_for 6 eval 'transitions_ended 1 || has_exited $daemon'
sleep 2
screendump 03-swipe-taken-back

phase swipe-left
evemu-play "$touchscreen" < /e2e/swipe-left.events
wait_for 6 eval 'transitions_ended 2 || has_exited $daemon'
sleep 2
screendump 04-after-swipe

# [power] blank-after: the panel goes dark through DPMS (the connector's sysfs dpms reads Off), and
# the rightward swipe that wakes it only wakes it: the red screen stays.
phase blank
dpms() { cat /sys/class/drm/card0-*/dpms 2>/dev/null | head -n 1; }
echo "E2E-RESULT dpms-before-blank $(dpms)"
wait_for 40 eval '[ "$(dpms)" = Off ] || has_exited $daemon'
echo "E2E-RESULT dpms-blanked $(dpms)"
screendump 04b-blanked
evemu-play "$touchscreen" < /e2e/swipe-right.events
wait_for 10 eval '[ "$(dpms)" = On ] || has_exited $daemon'
echo "E2E-RESULT dpms-woken $(dpms)"
sleep 2
screendump 04c-woken

if [ -f /e2e/recording.events ]; then
    phase recording
    evemu-device /e2e/recording.desc > /tmp/recording.dev 2>&1 &
    wait_for 10 grep -qs /dev/input/event /tmp/recording.dev
    recording=$(sed -n 's|.*\(/dev/input/event[0-9]*\).*|\1|p' /tmp/recording.dev)
    check recording-device-created test -c "$recording"
    sleep 2
    evemu-play "$recording" < /e2e/recording.events
    wait_for 6 eval 'transitions_ended 3 || has_exited $daemon'
    sleep 2
    screendump 05-after-recording
fi

phase sigterm
if is_running $daemon; then
    started=$(uptime_ms)
    kill -TERM $daemon
    wait_for 10 has_exited $daemon
    stopped=$(uptime_ms)
    if is_running $daemon; then
        echo "E2E-RESULT sigterm still-running"
        kill -KILL $daemon
    else
        wait $daemon
        echo "E2E-RESULT sigterm exit-status=$? ms=$((stopped - started))"
    fi
else
    wait $daemon
    echo "E2E-RESULT sigterm not-running exit-status=$?"
fi

# The same panel and digitizer with the picture turned a quarter (portrait): touch follows the
# picture, so the user's leftward swipe runs up the digitizer's y axis, and a swipe along its x
# axis is the user's vertical, which changes nothing.
phase rotated
awk '{ print } /^mode = / { print "rotation = 90" }' /e2e.toml > /tmp/rotated.toml
swipe-kiosk run --config /tmp/rotated.toml --events-log /tmp/events-rotated.jsonl > /tmp/daemon-rotated.log 2>&1 &
rotated=$!
wait_for 120 eval 'is_ready 2 || has_exited $rotated'
sleep 3
screendump 06-rotated-first-screen
evemu-play "$touchscreen" < /e2e/swipe-left.events
sleep 3
screendump 07-rotated-x-swipe
evemu-play "$touchscreen" < /e2e/swipe-up.events
wait_for 6 eval 'transitions_ended 1 /tmp/events-rotated.jsonl || has_exited $rotated'
sleep 2
screendump 08-rotated-y-swipe
if is_running $rotated; then
    kill -TERM $rotated
    wait_for 10 has_exited $rotated
fi
finish
