#!/bin/sh
# A reload that lands during a swipe's completion: exactly one transition-ended, then, 10 s
# later, no CPU at all (0 clock ticks over 4 s in /proc/PID/stat) and no frame composed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${SWIPE_KIOSK:-$root/.build/release/swipe-kiosk}
out=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$out"' EXIT

# A slow transition, so the completion after the swipe's release lasts about two seconds.
config() {
    cat <<TOML
[display]
backend = "headless"
size = "1280x800"
[camera]
source = "none"
[transition]
duration = 8
[[screen]]
name = "first"
background = "$1"
[[screen]]
name = "second"
background = "#204060"
TOML
}
config "#102030" > "$out/kiosk.toml"
"$binary" run --config "$out/kiosk.toml" --replay "$root/Tests/e2e/swipe-left.events" \
    --device "$root/Tests/e2e/touchscreen.desc" --keep-running --events-log "$out/events.jsonl" \
    > /dev/null 2> "$out/daemon.log" &
pid=$!
until grep -q "ready:" "$out/daemon.log"; do sleep 0.05; done
# The replay starts 0.5 s after the first frame and lifts the finger 0.3 s later.
sleep 1.3
config "#301020" > "$out/kiosk.toml"
kill -HUP "$pid"
until grep -q "reloaded" "$out/daemon.log"; do sleep 0.05; done
sleep 10
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
before=$(ticks)
sleep 4
after=$(ticks)
kill -TERM "$pid"
wait "$pid" || true
grep -E "reloaded" "$out/daemon.log" || true

python3 - "$out/events.jsonl" "$((after - before))" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1])]
ticks = int(sys.argv[2])
began = [e for e in events if e["type"] == "transition-began"]
ended = [e for e in events if e["type"] == "transition-ended"]
# The reload's own redraw follows the transition's end at once; nothing may follow it.
late = [e for e in events if e["type"] == "frame" and ended and e["t"] > ended[-1]["t"] + 1000]
print("reload-at-rest: transitions began %d, ended %d: %s" % (len(began), len(ended), [json.dumps(e) for e in ended]))
print("reload-at-rest: 10 s after the reload, over 4 s: %d CPU ticks; frames composed from 1 s after the reload "
      "to the shutdown: %d" % (ticks, len(late)))
ok = len(began) == 1 and len(ended) == 1 and ticks == 0 and not late
print("reload-at-rest: " + ("OK" if ok else "FAIL"))
sys.exit(0 if ok else 1)
PY
