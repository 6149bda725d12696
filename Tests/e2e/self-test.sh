#!/usr/bin/env bash
# Self-test of the end-to-end harness (run.sh --self-test): two deliberately broken daemons stand in
# for swipe-kiosk, and each must make run.sh fail for the right reason while the harness's own
# assertions (kernel, devices, listener, screendumps) still pass.
#   exits-at-once  ends as soon as it starts: no READY=1, nothing on screen, no transitions
#   never-draws    says READY=1 and stops cleanly on SIGTERM, but never touches the display
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${E2E_OUT:-$repo/e2e-out}/self-test
mkdir -p "$out"

cat > "$out/exits-at-once" <<'EOF'
#!/bin/sh
exit 0
EOF
cat > "$out/never-draws" <<'EOF'
#!/bin/sh
[ "$1" = run ] || exit 0
printf 'READY=1\nSTATUS=Pretending' | socat -u - UNIX-SENDTO:$NOTIFY_SOCKET
trap 'exit 0' TERM
sleep 100000 &
wait $!
EOF
chmod +x "$out/exits-at-once" "$out/never-draws"

harness_assertions="vm-boots drm-card0-appears v4l2-video0-appears uinput-appears touchscreen-created-by-evemu
    notify-listener-records-datagrams screendump-returns-an-image binary-runs-in-guest"
failures=0
expect() { # expect DAEMON PASS|FAIL ASSERTION...
    local daemon=$1 verdict=$2 assertion
    shift 2
    for assertion in "$@"; do
        if grep -q "^$verdict $assertion:" "$out/$daemon/assertions.txt"; then
            echo "ok: with $daemon, $assertion is $verdict"
        else
            echo "NOT OK: with $daemon, $assertion should be $verdict"
            failures=$((failures + 1))
        fi
    done
}

for daemon in exits-at-once never-draws; do
    echo "== self-test: $daemon"
    status=0
    E2E_BINARY="$out/$daemon" E2E_OUT="$out/$daemon" "$here/run.sh" > "$out/$daemon.log" 2>&1 || status=$?
    if [ $status = 0 ]; then
        echo "NOT OK: run.sh passed with the $daemon daemon"
        failures=$((failures + 1))
    else
        echo "ok: run.sh failed (exit $status) with the $daemon daemon"
    fi
    # shellcheck disable=SC2086
    expect "$daemon" PASS $harness_assertions
done
expect exits-at-once FAIL daemon-notified-ready first-screen-shows-camera swipe-left-shows-red-screen \
    transition-began-0-to-1 sigterm-stops-within-1s
expect never-draws PASS daemon-notified-ready sigterm-stops-within-1s
expect never-draws FAIL first-screen-shows-camera swipe-left-shows-red-screen transition-began-0-to-1

if [ $failures -gt 0 ]; then
    echo "self-test: $failures expectation(s) not met (logs in $out)"
    exit 1
fi
echo "self-test: the harness fails broken daemons for the right reasons"
