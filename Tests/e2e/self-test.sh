#!/usr/bin/env bash
# Self-test of the end-to-end harness (run.sh --self-test). First the pixel and events checks must
# accept synthetic pictures and lines of a working daemon; then three deliberately broken daemons stand
# in for swipe-kiosk, and each must make run.sh fail for the right reason while the harness's own
# assertions (kernel, devices, listener, screendumps) still pass.
#   exits-at-once  ends as soon as it starts: no READY=1, nothing on screen, no transitions
#   never-draws    says READY=1 and stops cleanly on SIGTERM, but never touches the display
#   ignores-sigterm  says READY=1 and then ignores SIGTERM
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${E2E_OUT:-$repo/e2e-out}/self-test
mkdir -p "$out/daemons"

cat > "$out/daemons/exits-at-once" <<'EOF'
#!/bin/sh
exit 0
EOF
cat > "$out/daemons/never-draws" <<'EOF'
#!/bin/sh
[ "$1" = run ] || exit 0
printf 'READY=1\nSTATUS=Pretending' | socat -u - UNIX-SENDTO:$NOTIFY_SOCKET
trap 'exit 0' TERM
sleep 100000 &
wait $!
EOF
cat > "$out/daemons/ignores-sigterm" <<'EOF'
#!/bin/sh
[ "$1" = run ] || exit 0
printf 'READY=1' | socat -u - UNIX-SENDTO:$NOTIFY_SOCKET
trap '' TERM
sleep 100000
EOF
chmod +x "$out/daemons/exits-at-once" "$out/daemons/never-draws" "$out/daemons/ignores-sigterm"

# First the checks alone, on pictures and lines a working daemon would produce: they must pass.
python3 - "$out" <<'PYTHON'
import sys
out = sys.argv[1]
bars = [(191, 191, 191), (191, 191, 0), (0, 191, 191), (0, 191, 0), (191, 0, 191), (191, 0, 0), (0, 0, 191), (0, 0, 0)]
def ppm(path, colour_at):
    with open(path, "wb") as file:
        file.write(b"P6\n800 600\n255\n" + b"".join(bytes(colour_at(x)) for _ in range(600) for x in range(800)))
ppm(f"{out}/colour-bars.ppm", lambda x: bars[x // 100])
ppm(f"{out}/red.ppm", lambda x: (0xd0, 0x10, 0x10))
ppm(f"{out}/held.ppm", lambda x: bars[x // 100] if x < 500 else (0xd0, 0x10, 0x10))
with open(f"{out}/events.jsonl", "w") as file:
    file.write('{"t":10.0,"type":"transition-began","from":0,"to":1,"interactive":true}\n')
    file.write('{"t":350.0,"type":"transition-ended","from":0,"to":1,"completed":true}\n')
PYTHON
failures=0
check() { # check pass|fail COMMAND...
    local wanted=$1 got=pass detail
    shift
    detail=$(python3 "$here/e2e.py" "$@") || got=fail
    if [ $got = "$wanted" ]; then echo "ok: $* -> $got ($detail)"; else echo "NOT OK: $* -> $got ($detail)"; failures=$((failures + 1)); fi
}
check pass expect-colour-bars "$out/colour-bars.ppm"
check fail expect-colour-bars "$out/red.ppm"
check pass expect-colour "$out/red.ppm" d01010 24
check fail expect-colour "$out/colour-bars.ppm" d01010 24
check pass expect-split "$out/held.ppm" d01010 24
check fail expect-split "$out/red.ppm" d01010 24
check fail expect-split "$out/colour-bars.ppm" d01010 24
check pass expect-event "$out/events.jsonl" transition-began from=0 to=1
check pass expect-event "$out/events.jsonl" transition-ended from=0 to=1 completed=true
check fail expect-event "$out/events.jsonl" transition-ended from=1 to=0 completed=true
check fail expect-colour-bars "$out/colour-bars.ppm" column
check pass expect-count "$out/events.jsonl" transition-began 1
check fail expect-count "$out/events.jsonl" transition-began 2

harness_assertions="vm-boots vm-finishes-in-time drm-card0-appears v4l2-video0-appears uinput-appears touchscreen-created-by-evemu
    notify-listener-records-datagrams screendump-shows-console-text config-accepted-by-binary"
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

for daemon in exits-at-once never-draws ignores-sigterm; do
    echo "== self-test: $daemon"
    status=0
    E2E_BINARY="$out/daemons/$daemon" E2E_OUT="$out/$daemon" "$here/run.sh" > "$out/$daemon.log" 2>&1 || status=$?
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
expect never-draws FAIL first-screen-shows-camera held-swipe-shows-red-screen-on-the-right \
    swipe-left-shows-red-screen transition-began-0-to-1
expect ignores-sigterm PASS daemon-notified-ready
expect ignores-sigterm FAIL sigterm-stops-within-1s

if [ $failures -gt 0 ]; then
    echo "self-test: $failures expectation(s) not met (logs in $out)"
    exit 1
fi
echo "self-test: the harness fails broken daemons for the right reasons"
