#!/bin/sh
# `make soak`, no camera: the real daemon (release build) on the headless display at 1920x1080
# with a 1900x300 seconds clock, a `command` value changing every 0.2 s and `ctl set` ten times a
# second, for DURATION seconds (default 600). RSS is sampled every 10 s; fails when it ends more
# than 2 MB above its value at 1 minute, or the daemon stopped answering.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${SWIPE_KIOSK:-$root/.build/release/swipe-kiosk}
duration=${DURATION:-600}
out=$(mktemp -d)
bus_pid=
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null || true
    rm -rf "$out"
}
trap cleanup EXIT

# A private session bus, so `ctl set` needs no system policy.
dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=3 > "$out/bus-address" 3> "$out/bus-pid"
bus_pid=$(cat "$out/bus-pid")
DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$out/bus-address")
export DBUS_SESSION_BUS_ADDRESS

"$binary" run --config "$here/values-soak.toml" > /dev/null 2> "$out/daemon.log" &
pid=$!
until grep -q "ready:" "$out/daemon.log"; do
    kill -0 "$pid" 2>/dev/null || { echo "values-soak: the daemon failed:"; tail -20 "$out/daemon.log"; exit 1; }
    sleep 0.1
done

# One sample every 10 s (seconds since start, VmRSS in kB), `ctl set` ten times a second meanwhile.
: > "$out/rss"
start=$(date +%s)
sets=0
calls=
next_sample=0
while :; do
    elapsed=$(( $(date +%s) - start ))
    if [ "$elapsed" -ge "$next_sample" ]; then
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
        echo "$elapsed $rss" >> "$out/rss"
        next_sample=$((next_sample + 10))
    fi
    [ "$elapsed" -ge "$duration" ] && break
    kill -0 "$pid" 2>/dev/null || { echo "values-soak: the daemon died:"; tail -20 "$out/daemon.log"; exit 1; }
    # Each call in the background, so the calls keep to ten a second whatever one takes to start.
    ( "$binary" ctl set --bus session message "m$sets" > /dev/null 2>&1 || echo "$sets" >> "$out/failed" ) &
    calls="$calls $!"
    sets=$((sets + 1))
    if [ $((sets % 20)) -eq 0 ]; then
        wait $calls
        calls=
    fi
    sleep 0.1
done
[ -n "$calls" ] && wait $calls
failed_sets=$(cat "$out/failed" 2>/dev/null | wc -l)
"$binary" ctl status --bus session > "$out/status" 2>&1 || { echo "values-soak: ctl status failed"; cat "$out/status"; exit 1; }

python3 - "$out" "$sets" "$failed_sets" <<'PY'
import sys
out, sets, failed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
samples = [tuple(map(int, line.split())) for line in open(out + "/rss")]
# The reference is the sample at 1 minute: start-up, fonts and the first layouts are behind it.
reference = next((s for s in samples if s[0] >= 60), samples[0])
end = samples[-1]
largest = max(samples[samples.index(reference):], key=lambda s: s[1])
print("values-soak: %d s, no camera; %d ctl set (%d failed); RSS every 10 s (kB): %s"
      % (end[0], sets, failed, " ".join(str(s[1]) for s in samples)))
print("values-soak: RSS at %d s %d kB; largest after it %d kB (%d s); end (%d s) %d kB; growth %+d kB"
      % (reference[0], reference[1], largest[1], largest[0], end[0], end[1], end[1] - reference[1]))
problems = []
if largest[1] - reference[1] > 2048:
    problems.append("RSS grew by %d kB after 1 minute (limit 2048)" % (largest[1] - reference[1]))
if failed > sets // 100:
    problems.append("%d of %d ctl set calls failed" % (failed, sets))
for problem in problems:
    print("values-soak: FAIL: " + problem)
if not problems:
    print("values-soak: OK")
sys.exit(1 if problems else 0)
PY
