#!/bin/busybox sh
# /init of the vkms VM (busybox sh, PID 1); speaks to the host on the serial console in the lines
# of Tests/e2e/init.sh (E2E-PHASE, E2E-CHECK, E2E-RESULT, E2E-BEGIN/END sections, E2E-DONE).
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin /proc /sys /dev /tmp /run /root
/bin/busybox --install -s
export PATH=/usr/bin:/bin:/usr/sbin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mount -t debugfs debugfs /sys/kernel/debug
echo 1 > /proc/sys/kernel/printk

phase() { echo "E2E-PHASE $1"; }
check() { name=$1; shift; if "$@"; then echo "E2E-CHECK $name pass"; else echo "E2E-CHECK $name fail"; fi; }
wait_for() { tries=$(($1 * 20)); shift; while [ $tries -gt 0 ]; do "$@" && return 0; usleep 50000; tries=$((tries - 1)); done; return 1; }
has_exited() { [ ! -r /proc/$1/status ] || grep -q '^State:.*Z' /proc/$1/status; }
is_ready() { count=$(grep -cs '^READY=1' /run/notify.log); [ "${count:-0}" -ge "$1" ]; }
copy_out() { echo "=== E2E-BEGIN $2 ==="; cat "$1" 2>/dev/null; echo "=== E2E-END $2 ==="; }
# User plus system CPU time of a process, in clock ticks (fields 14 and 15 of /proc/PID/stat).
cpu_ticks() { set -- $(cut -d')' -f2 /proc/$1/stat); echo $((${12} + ${13})); }
# CPU time of a process on all its threads, in nanoseconds (the first field of each task's schedstat):
# ticks of 10 ms are too coarse for a path that costs a few of them in 10 s.
cpu_ns() { total=0; for task in /proc/$1/task/*; do set -- $(cat $task/schedstat); total=$((total + $1)); done; echo $total; }
# Camera frames the daemon took so far (its metrics textfile, written every second).
camera_frames() { grep '^swipe_kiosk_camera_frames_total' /tmp/metrics-$1.prom | cut -d' ' -f2; }
# Each thread of a process: its id, name and CPU ticks so far.
thread_ticks() { for task in /proc/$1/task/*; do echo "${task##*/} $(tr ' ' _ < $task/comm) $(cpu_ticks $1/task/${task##*/})"; done; }

# run_daemon NAME PLANES : the daemon on vkms with [display] planes = PLANES; its CPU time over
# 10 s of live camera once it is ready, and the KMS state (debugfs) while it runs.
run_daemon() {
    run=$1
    sed "s/^planes = .*/planes = \"$2\"/" /e2e.toml > /tmp/$run.toml
    printf '\n[metrics]\ntextfile = "/tmp/metrics-%s.prom"\ninterval = 10\n' $run >> /tmp/$run.toml
    readies=$(($(grep -cs '^READY=1' /run/notify.log) + 1))
    swipe-kiosk run --config /tmp/$run.toml > /tmp/daemon-$run.log 2>&1 &
    pid=$!
    wait_for 180 eval "is_ready $readies || has_exited $pid"
    check $run-ready is_ready $readies
    sleep 3
    # The camera frames the daemon counted between two metrics writes (every 10 s), and its CPU
    # time from just after the first to 0.2 s before the second, so that the writes the test
    # turned on (as much CPU as a few camera frames on the plane path) are not counted.
    written=$(stat -c %Y /tmp/metrics-$run.prom)
    wait_for 12 test "$(stat -c %Y /tmp/metrics-$run.prom)" != "$written"
    first=$(stat -c %Y /tmp/metrics-$run.prom)
    frames_before=$(camera_frames $run)
    ns_before=$(cpu_ns $pid)
    before=$(cpu_ticks $pid)
    thread_ticks $pid > /tmp/threads-before-$run.txt
    usleep 9800000
    after=$(cpu_ticks $pid)
    thread_ticks $pid > /tmp/threads-after-$run.txt
    ns_after=$(cpu_ns $pid)
    wait_for 3 test "$(stat -c %Y /tmp/metrics-$run.prom)" != "$first"
    frames_after=$(camera_frames $run)
    echo "E2E-RESULT cpu-ticks-$run $((after - before))"
    # CPU time over 9.8 s, given for the 10 s the frames were counted in.
    echo "E2E-RESULT cpu-ns-$run $(((ns_after - ns_before) * 50 / 49))"
    echo "E2E-RESULT camera-frames-$run $((frames_after - frames_before))"
    # Where the time went: each thread's ticks over the same 10 s (name, ticks).
    while read -r tid name ticks; do
        previous=$(grep "^$tid " /tmp/threads-before-$run.txt | cut -d' ' -f3)
        echo "$name $((ticks - ${previous:-0}))"
    done < /tmp/threads-after-$run.txt > /tmp/threads-$run.txt
    cat /sys/kernel/debug/dri/0/state > /tmp/state-$run.txt 2>&1
    if [ $run = planes ]; then
        # What the display controller blends, read back through vkms's writeback connector.
        asked=$(cut -d' ' -f1 /proc/uptime)
        swipe-kiosk ctl screenshot --bus session --scanout /tmp/writeback.png > /tmp/ctl-writeback.txt 2>&1
        echo "E2E-RESULT writeback-seconds $(awk -v a=$asked '{ print $1 - a }' /proc/uptime)"
        base64 /tmp/writeback.png > /tmp/writeback.png.b64 2>/dev/null
    fi
    kill -TERM $pid
    wait_for 10 has_exited $pid
    wait $pid
    echo "E2E-RESULT exit-$run $?"
}

# run_fallback NAME FORMAT SIZE : the daemon with planes = "auto" over the camera capturing FORMAT at
# SIZE, for a few seconds once ready; its log and the KMS state then.
run_fallback() {
    sed -e "s/^format = .*/format = \"$2\"/" -e "/^\[camera\]/,/^\[/s/^size = .*/size = \"$3\"/" /e2e.toml > /tmp/$1.toml
    readies=$(($(grep -cs '^READY=1' /run/notify.log) + 1))
    swipe-kiosk run --config /tmp/$1.toml > /tmp/daemon-$1.log 2>&1 &
    pid=$!
    wait_for 180 eval "is_ready $readies || has_exited $pid"
    check $1-ready is_ready $readies
    sleep 4
    cat /sys/kernel/debug/dri/0/state > /tmp/state-$1.txt 2>&1
    kill -TERM $pid
    wait_for 10 has_exited $pid
    wait $pid
    echo "E2E-RESULT exit-$1 $?"
}

phase booted
while read -r module arguments; do
    insmod "$module" $arguments || echo "e2e: insmod $module failed"
done < /e2e/modules.load
check dri-card0 wait_for 10 test -e /dev/dri/card0
check video0 wait_for 10 test -e /dev/video0
swipe-kiosk list-devices > /tmp/list-devices.txt 2>&1

export NOTIFY_SOCKET=/run/notify.sock
# The bus `swipe-kiosk ctl` reaches the daemon on (`[control] bus = "session"`).
export DBUS_SESSION_BUS_ADDRESS=unix:path=/run/bus
dbus-daemon --config-file=/e2e/bus.conf --fork --nopidfile || echo "e2e: dbus-daemon failed"
socat -u UNIX-RECVFROM:$NOTIFY_SOCKET,unlink-early,fork SYSTEM:'cat >> /run/notify.log; echo >> /run/notify.log' &
wait_for 5 test -S $NOTIFY_SOCKET

phase planes-auto
run_daemon planes auto
phase planes-off
run_daemon composed off
# Planes that refuse the camera's buffers: vkms takes no YUYV, and scales no plane (a 1280x720
# capture under a 1920x1080 mode); each frame is then converted into a dumb buffer on the plane.
phase fallback-format
run_fallback fallback-format yuyv 1920x1080
phase fallback-size
run_fallback fallback-size xbgr32 1280x720
# A swipe taken back with planes = "auto": the feed into composition for the transition and back
# onto its plane; the daemon exits once the replay has played and the screen settled.
phase swipe
sed "s/^planes = .*/planes = \"auto\"/" /e2e.toml > /tmp/swipe.toml
timeout 90 swipe-kiosk run --config /tmp/swipe.toml --replay /e2e/swipe-taken-back.events --device /e2e/touchscreen.desc \
    > /tmp/daemon-swipe.log 2>&1
echo "E2E-RESULT exit-swipe $?"

copy_out /tmp/list-devices.txt list-devices.txt
copy_out /tmp/daemon-planes.log daemon-planes.log
copy_out /tmp/daemon-composed.log daemon-composed.log
copy_out /tmp/daemon-swipe.log daemon-swipe.log
copy_out /tmp/daemon-fallback-format.log daemon-fallback-format.log
copy_out /tmp/daemon-fallback-size.log daemon-fallback-size.log
copy_out /tmp/state-fallback-format.txt state-fallback-format.txt
copy_out /tmp/state-fallback-size.txt state-fallback-size.txt
copy_out /tmp/state-planes.txt state-planes.txt
copy_out /tmp/state-composed.txt state-composed.txt
copy_out /tmp/threads-planes.txt threads-planes.txt
copy_out /tmp/threads-composed.txt threads-composed.txt
copy_out /tmp/ctl-writeback.txt ctl-writeback.txt
copy_out /tmp/writeback.png.b64 writeback.png.b64
copy_out /run/notify.log notify.log
dmesg > /tmp/dmesg.log; copy_out /tmp/dmesg.log dmesg.log
echo "E2E-DONE"
sync
poweroff -f
