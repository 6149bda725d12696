#!/usr/bin/env python3
"""The daemon's own CPU a frame with an animated 1280x800 web page at max-fps = 30 (issue 39's goal:
at most 2 ms), docs/web.md. Runs `swipe-kiosk run` on the headless display with one screen that is
the page (the web host beside the binary, as installed), and counts, between two writes of its
[metrics] textfile, the frames it composed (swipe_kiosk_frames_composed_total) and its own CPU time
(utime + stime of /proc/PID/stat: the daemon's threads, not the host or WebKit, its children).

Usage: Tests/web/measure_daemon_web.py [path/to/swipe-kiosk] [runs] [seconds]
       (default .build/release/swipe-kiosk, 3 runs of 10 s; `make release release-web` builds both).
Prints one line per run, then the median.
"""
import os, re, statistics, subprocess, sys, tempfile, time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/swipe-kiosk"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SECONDS = int(sys.argv[3]) if len(sys.argv) > 3 else 10
TICKS = os.sysconf("SC_CLK_TCK")

# The same page as measure_web_host.py's: two gradient boxes moving and turning over the whole page.
ANIMATED = """<!doctype html><html><head><style>html,body{margin:0;overflow:hidden;background:#203040}
.b{position:absolute;width:300px;height:300px;border-radius:40px;background:linear-gradient(45deg,#f80,#08f)}
@keyframes m{from{transform:translate(0,0) rotate(0)}to{transform:translate(900px,420px) rotate(360deg)}}
#a{animation:m 3s linear infinite alternate}#c{animation:m 4s linear infinite alternate-reverse;top:100px}
</style></head><body><div id="a" class="b"></div><div id="c" class="b"></div>
<p style="position:absolute;top:700px;color:white;font:40px sans-serif">animated</p></body></html>"""

# No camera: the default one (a generated pattern, 30 fps) would be counted too; the page is the figure.
CONFIG = """[display]
backend = "headless"
size = "1280x800"

[camera]
source = "none"

[metrics]
textfile = "{folder}/kiosk.prom"
interval = {interval}

[[screen]]
name = "page"
background = "#000000"

  [[screen.element]]
  type = "web"
  x = 0
  y = 0
  width = 1280
  height = 800
  url = "file://{folder}/animated.html"
  max-fps = 30
"""


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)


def frames(path):
    match = re.search(r"^swipe_kiosk_frames_composed_total(?:\{[^}]*\})? ([0-9.e+]+)$", open(path).read(), re.M)
    return float(match.group(1)) if match else None


def next_write(path, after):
    """Waits for the textfile's next write after mtime `after`; returns (mtime, frames, cpu ticks) read at once."""
    while True:
        try:
            mtime = os.stat(path).st_mtime_ns
        except FileNotFoundError:
            mtime = None
        if mtime is not None and mtime != after:
            count = frames(path)
            if count is not None:
                return mtime, count
        time.sleep(0.005)


def run_once(folder):
    prom = os.path.join(folder, "kiosk.prom")
    daemon = subprocess.Popen([BINARY, "run", "--config", os.path.join(folder, "kiosk.toml")],
                              stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "daemon.log"), "w"))
    try:
        # Warm-up: the host started, the page loaded and animating (a few writes).
        mtime = None
        for _ in range(3):
            mtime, _ = next_write(prom, mtime)
        mtime, first = next_write(prom, mtime)
        cpu_first = cpu_ticks(daemon.pid)
        mtime, last = next_write(prom, mtime)
        cpu_last = cpu_ticks(daemon.pid)
    finally:
        daemon.terminate()
        daemon.wait(5)
    count = last - first
    ms = (cpu_last - cpu_first) * 1000 / TICKS
    return count, ms


def main():
    results = []
    with tempfile.TemporaryDirectory() as folder:
        open(os.path.join(folder, "animated.html"), "w").write(ANIMATED)
        open(os.path.join(folder, "kiosk.toml"), "w").write(CONFIG.format(folder=folder, interval=SECONDS))
        for run in range(RUNS):
            count, ms = run_once(folder)
            per_frame = ms / count if count else float("inf")
            results.append(per_frame)
            print(f"run {run + 1}: {count:.0f} frames in {SECONDS} s ({count / SECONDS:.1f}/s), daemon CPU {ms:.0f} ms, "
                  f"{per_frame:.2f} ms a frame", flush=True)
            os.remove(os.path.join(folder, "kiosk.prom"))
    print(f"median: {statistics.median(results):.2f} ms a frame (goal: at most 2 ms); load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
