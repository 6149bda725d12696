#!/usr/bin/env python3
"""`make memory`: the real daemon (release build) on the headless display at 1920x1080 with the
pattern camera, for kiosks of 1, 3, 10, 30 and 100 screens (each a card with a title and a text,
and an 800x600 picture). After start and after ten swipes it reads RSS (anonymous and file-backed)
from /proc; from the events log it takes the composition time of the first frame of each swipe onto
a screen never shown before (their median, and the worst), against the median transition frame
and the memcpy floor of `swipe-kiosk bench`. Prints a Markdown table and one JSON line; exits 1 when a goal is missed
(RSS at most 64 MB with 3 screens and 80 MB with 100; the first frames' median at most 2x the
median transition frame)."""
import json, os, signal, statistics, struct, subprocess, sys, tempfile, time, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests/soak"))
import generate  # noqa: E402  (the soak's swipe writer)
BINARY = os.environ.get("SWIPE_KIOSK", os.path.join(ROOT, ".build/release/swipe-kiosk"))
DEVICE = os.path.join(ROOT, "Tests/e2e/touchscreen.desc")
COUNTS = [int(n) for n in os.environ.get("SCREENS", "1 3 10 30 100").split()]
SWIPES = 10


def picture(path, width=800, height=600):
    """An opaque 800x600 PNG with a gradient, so it compresses like a photo would not, but decodes for real."""
    rows = b"".join(b"\0" + bytes(v for x in range(width) for v in (x * 255 // width, y * 255 // height, (x ^ y) & 255))
                    for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def config(screens, picture_path):
    text = ['[display]\nbackend = "headless"\nsize = "1920x1080"\n[camera]\nsource = "pattern"\n[control]\nbus = "none"\n']
    for n in range(screens):
        text.append('[[screen]]\nname = "s%d"\nbackground = "#%02x3050"\n' % (n, (n * 37) % 256))
        text.append('  [[screen.element]]\n  type = "card"\n  x = 200\n  y = 120\n  width = 900\n  height = 600\n'
                    '  title = "Screen %d"\n  text = "A card with a title and a text on screen number %d"\n' % (n, n))
        text.append('  [[screen.element]]\n  type = "image"\n  path = "%s"\n  x = 1100\n  y = 300\n  width = 800\n  height = 600\n'
                    % picture_path)
    return "".join(text)


def recording(screens):
    """Ten swipes that go on to screens never shown while there are any, then back and forth."""
    # A second between swipes: each transition is over before the next finger lands.
    return "# EVEMU 1.3\n" + generate.swipes(generate.deck(SWIPES, screens), pause=1.0, start_time=1.0)


def replay_seconds(path):
    times = [float(line.split()[1]) for line in open(path) if line.startswith("E: ")]
    return times[-1] - times[0]


def rss(pid):
    fields = {}
    for line in open("/proc/%d/status" % pid):
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
            fields[key] = int(value.split()[0]) / 1024
    return fields


def wait_for(path, text, limit, pid):
    deadline = time.time() + limit
    while time.time() < deadline:
        if text in open(path).read():
            return True
        if subprocess.call(["kill", "-0", str(pid)], stderr=subprocess.DEVNULL) != 0:
            return False
        time.sleep(0.05)
    return False


def measure(screens, folder, picture_path):
    config_path = os.path.join(folder, "kiosk-%d.toml" % screens)
    open(config_path, "w").write(config(screens, picture_path))
    replay = os.path.join(folder, "swipes-%d.events" % screens)
    open(replay, "w").write(recording(screens))
    events = os.path.join(folder, "events-%d.jsonl" % screens)
    log_path = os.path.join(folder, "daemon-%d.log" % screens)
    with open(log_path, "w") as log:
        daemon = subprocess.Popen([BINARY, "run", "--display", "headless", "--config", config_path, "--replay", replay,
                                   "--device", DEVICE, "--events-log", events, "--keep-running"],
                                  stdout=subprocess.DEVNULL, stderr=log)
    try:
        if not wait_for(log_path, "ready:", 60, daemon.pid):
            sys.exit("memory: the daemon did not start:\n" + open(log_path).read()[-2000:])
        time.sleep(0.4)
        started = rss(daemon.pid)
        # The replay starts 0.5 s after the daemon is ready; the last swipe's transition ends within a second.
        time.sleep(0.5 + replay_seconds(replay) + 1.5)
        swiped = rss(daemon.pid)
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(10)
    lines = [json.loads(line) for line in open(events)]
    shown, first_frames, seen_first_frames, transition_frames, waiting = {0}, [], [], [], None
    for line in lines:
        if line["type"] == "transition-began":
            waiting = line["to"]
        elif line["type"] == "frame" and "progress" in line and "compose_ms" in line:
            transition_frames.append(line["compose_ms"])
            if waiting is not None:
                (seen_first_frames if waiting in shown else first_frames).append(line["compose_ms"])
                shown.add(waiting)
                waiting = None
    return {"screens": screens, "start": started, "swiped": swiped,
            "first_frame_ms": statistics.median(first_frames) if first_frames else None,
            "worst_first_frame_ms": max(first_frames) if first_frames else None, "first_frames_ms": first_frames, "seen_first_frames_ms": seen_first_frames,
            "transition_median_ms": statistics.median(transition_frames) if transition_frames else None,
            "new_screens": len(first_frames)}


def main():
    bench = json.loads(subprocess.check_output([BINARY, "bench", "--json", "--style", "overlap"]).decode())
    floor = bench["memcpy_ms"]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        picture_path = os.path.join(folder, "picture.png")
        picture(picture_path)
        for screens in COUNTS:
            rows.append(measure(screens, folder, picture_path))
    print("| screens | RSS after start (anon + file) MB | RSS after %d swipes (anon + file) MB | first frame onto a new screen, median (worst) ms | median transition frame ms | first / median | first / memcpy |"
          % SWIPES)
    print("|---|---|---|---|---|---|---|")
    problems = []
    for row in rows:
        s, w = row["start"], row["swiped"]
        first, median = row["first_frame_ms"], row["transition_median_ms"]
        ratio = first / median if first and median else None
        print("| %d | %.1f (%.1f + %.1f) | %.1f (%.1f + %.1f) | %s | %s | %s | %s |" % (
            row["screens"], s["VmRSS"], s["RssAnon"], s["RssFile"], w["VmRSS"], w["RssAnon"], w["RssFile"],
            "%.2f (%.2f)" % (first, row["worst_first_frame_ms"]) if first else "-", "%.2f" % median if median else "-",
            "%.2f" % ratio if ratio else "-", "%.1f" % (first / floor) if first else "-"))
        limit = {3: 64, 100: 80}.get(row["screens"])
        if limit and w["VmRSS"] > limit:
            problems.append("%d screens: RSS %.1f MB after the swipes (goal %d MB)" % (row["screens"], w["VmRSS"], limit))
        if ratio and ratio > 2:
            problems.append("%d screens: a first frame took %.2fx the median transition frame (goal 2x)" % (row["screens"], ratio))
    print("memcpy floor (bench --style overlap): %.3f ms" % floor)
    print(json.dumps({"memcpy_ms": floor, "runs": rows}))
    for problem in problems:
        print("memory: MISSED: " + problem)
    sys.exit(1 if problems else 0)


main()
