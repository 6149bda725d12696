#!/bin/sh
# `make soak`: the real daemon (release build) on the headless display with the pattern camera
# swipes back and forth SWIPES times (default 1000) from a generated recording; with SCREENS=N, a
# deck of N card screens walked end to end and back, so every screen is drawn, let go and drawn
# again. Reports RSS at the start (after warm-up), the middle and the end, and the transitions;
# fails when RSS grew by more than 2 MB after warm-up or a swipe did not complete.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${SWIPE_KIOSK:-$root/.build/release/swipe-kiosk}
swipes=${SWIPES:-1000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

screens=${SCREENS:-}
config="$here/soak.toml"
if [ -n "$screens" ]; then
    config="$out/deck.toml"
    printf '[display]\nbackend = "headless"\nsize = "800x600"\n[camera]\nsource = "pattern"\n[transition]\nstyle = "slide"\nduration = 0.15\n' > "$config"
    n=0
    while [ "$n" -lt "$screens" ]; do
        printf '[[screen]]\nname = "s%d"\nbackground = "#20%02x60"\n  [[screen.element]]\n  type = "card"\n  title = "Screen %d"\n  text = "One of %d screens"\n' \
            "$n" "$((n * 7 % 256))" "$n" "$screens" >> "$config"
        n=$((n + 1))
    done
fi
python3 "$here/generate.py" "$swipes" ${screens:+"$screens"} > "$out/swipes.events"
"$binary" run --display headless --config "$config" --replay "$out/swipes.events" \
    --device "$root/Tests/e2e/touchscreen.desc" --events-log "$out/events.jsonl" > "$out/report.txt" 2> "$out/daemon.log" &
pid=$!
: > "$out/rss"
# One sample a second: seconds since start, VmRSS in kB.
seconds=0
while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$rss" ] && echo "$seconds $rss" >> "$out/rss"
    sleep 1
    seconds=$((seconds + 1))
done
wait "$pid" || { echo "soak: the daemon failed:"; tail -20 "$out/daemon.log"; exit 1; }

python3 - "$out" "$swipes" <<'PY'
import json, sys
out, swipes = sys.argv[1], int(sys.argv[2])
samples = [tuple(map(int, line.split())) for line in open(out + "/rss")]
ended = [json.loads(line) for line in open(out + "/events.jsonl") if '"transition-ended"' in line]
completed = sum(1 for e in ended if e.get("completed"))
# Warm-up: the first tenth of the run (at least 5 s) fills caches, the blur and the camera's buffers.
warm = samples[max(len(samples) // 10, 5)] if len(samples) > 6 else samples[0]
middle, end = samples[len(samples) // 2], samples[-1]
print("soak: %d swipes over %d s; transitions ended %d (completed %d)" % (swipes, samples[-1][0], len(ended), completed))
print("soak: RSS first sample %d kB; after warm-up (%d s) %d kB; middle (%d s) %d kB; end (%d s) %d kB; growth %+d kB"
      % (samples[0][1], warm[0], warm[1], middle[0], middle[1], end[0], end[1], end[1] - warm[1]))
print(open(out + "/report.txt").read().strip())
problems = []
if end[1] - warm[1] > 2048:
    problems.append("RSS grew by %d kB after warm-up (limit 2048)" % (end[1] - warm[1]))
if completed != swipes:
    problems.append("%d of %d swipes completed a transition" % (completed, swipes))
for problem in problems:
    print("soak: FAIL: " + problem)
if not problems:
    print("soak: OK")
sys.exit(1 if problems else 0)
PY
