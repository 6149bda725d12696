#!/bin/bash
# The guest side of the systemd VM suites' line protocol (Tests/e2e-systemd, Tests/e2e-arm64), sourced
# by a guest's checks.sh once its output goes to the serial port the host follows: E2E-PHASE,
# E2E-CHECK, E2E-SCREENDUMP, E2E-RESULT, E2E-BEGIN/END sections and E2E-DONE, then power-off at exit.
phase() { echo "E2E-PHASE $1"; }
check() { # check NAME COMMAND... : pass or fail, with the command's output as the detail
    local name=$1 output
    shift
    if output=$("$@" 2>&1); then echo "E2E-CHECK $name pass $output"; else echo "E2E-CHECK $name fail $output"; fi | tr '\n' ' '
    echo
}
result() { echo "E2E-RESULT $1 $2"; }
screendump() { echo "E2E-SCREENDUMP $*"; sleep 2; }  # a name, and the head when not the first
wait_for() { # wait_for SECONDS COMMAND... : polls every 200 ms (each poll is slow under emulation)
    local deadline=$((SECONDS + $1))
    shift
    until "$@"; do
        [ $SECONDS -lt $deadline ] || return 1
        sleep 0.2
    done
}
property() { systemctl show -P "$1" swipe-kiosk.service; }
microseconds() { # a time span property in microseconds (systemctl show prints "10s")
    busctl get-property org.freedesktop.systemd1 /org/freedesktop/systemd1/unit/swipe_2dkiosk_2eservice \
        org.freedesktop.systemd1.Service "$1" | cut -d' ' -f2
}
main_pid() { property MainPID; }
uptime_ms() { local up; read -r up _ < /proc/uptime; echo $((${up%.*} * 1000 + 10#${up#*.} * 10)); }
finish() {
    echo "=== E2E-BEGIN journal.log ==="; journalctl -b --no-pager -o short-monotonic; echo "=== E2E-END journal.log ==="
    echo "=== E2E-BEGIN status.log ==="; systemctl status --no-pager -l swipe-kiosk; echo "=== E2E-END status.log ==="
    echo "E2E-DONE"
    sync
    systemctl poweroff --force --force
}
trap finish EXIT
