#!/usr/bin/env python3
"""Figures of the web host (docs/web.md): first frame, an animated page's frames/s and CPU a frame
at 30 fps pacing, PSS per page, CPU with a static page. Speaks the wire protocol of
Sources/KioskWebProtocol as the daemon does (frameDone on a 30 Hz tick for the slot it stopped showing).

Usage: Tests/web/measure_web_host.py [path/to/swipe-kiosk-web]   (default .build/release/swipe-kiosk-web;
make release-web builds it). Prints one line per figure.
"""
import os, select, socket, struct, subprocess, sys, tempfile, time

HOST = sys.argv[1] if len(sys.argv) > 1 else ".build/release/swipe-kiosk-web"
TICKS = os.sysconf("SC_CLK_TCK")

ANIMATED = """<!doctype html><html><head><style>html,body{margin:0;overflow:hidden;background:#203040}
.b{position:absolute;width:300px;height:300px;border-radius:40px;background:linear-gradient(45deg,#f80,#08f)}
@keyframes m{from{transform:translate(0,0) rotate(0)}to{transform:translate(900px,420px) rotate(360deg)}}
#a{animation:m 3s linear infinite alternate}#c{animation:m 4s linear infinite alternate-reverse;top:100px}
</style></head><body><div id="a" class="b"></div><div id="c" class="b"></div>
<p style="position:absolute;top:700px;color:white;font:40px sans-serif">animated</p></body></html>"""
STATIC = """<!doctype html><html><head><style>html,body{margin:0;overflow:hidden;background:#fff}</style></head>
<body><h1 style="font:60px sans-serif">A static page</h1><p>Text and a <button>button</button>.</p></body></html>"""


class Host:
    def __init__(self):
        self.sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.proc = subprocess.Popen([HOST, "--socket-fd", str(theirs.fileno())], pass_fds=[theirs.fileno()],
                                     stderr=subprocess.DEVNULL)
        theirs.close()
        self.frames = 0
        self.pending = {}  # view -> slot to answer on the next tick

    def send(self, kind, view, payload=b""):
        self.sock.send(struct.pack("<BI", kind, view) + payload)

    def open(self, view, width, height, url):
        data = url.encode()
        self.send(1, view, struct.pack("<II", width, height) + struct.pack("<I", len(data)) + data + struct.pack("<II", 0, 30))

    def events(self, seconds, tick=1 / 30):
        """Yields (time, type, view) for `seconds`, answering frames on a `tick` clock."""
        end = time.monotonic() + seconds
        next_tick = time.monotonic() + tick
        while True:
            now = time.monotonic()
            if now >= end:
                return
            if now >= next_tick:
                for view, slot in self.pending.items():
                    self.send(4, view, bytes([1 - slot]))
                self.pending = {}
                next_tick += tick
            ready, _, _ = select.select([self.sock], [], [], max(0, min(end, next_tick) - now))
            if not ready:
                continue
            msg, anc, _, _ = self.sock.recvmsg(65536, socket.CMSG_SPACE(16))
            for _, _, data in anc:
                for fd in struct.unpack("<%di" % (len(data) // 4), data[: len(data) // 4 * 4]):
                    os.close(fd)
            kind, view = struct.unpack("<BI", msg[:5])
            if kind == 0x83:
                self.frames += 1
                self.pending[view] = msg[5]
            yield time.monotonic(), kind, view

    def wait(self, kind, view, limit=30):
        for stamp, k, v in self.events(limit):
            if k == kind and v == view:
                return stamp
        raise SystemExit("no event %#x for view %d" % (kind, view))

    def pids(self):
        kids = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout.split()
        return [self.proc.pid] + [int(k) for k in kids]

    def close(self):
        self.sock.close()
        self.proc.wait(timeout=10)


def cpu(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def pss(pid):
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    return 0.0


def name(pid):
    with open("/proc/%d/comm" % pid) as f:
        return f.read().strip()


def main():
    folder = tempfile.mkdtemp(prefix="web-measure-")
    for file, text in (("animated.html", ANIMATED), ("static.html", STATIC)):
        with open(os.path.join(folder, file), "w") as f:
            f.write(text)
    animated, static = "file://%s/animated.html" % folder, "file://%s/static.html" % folder

    # First frame: open to the first frame and to loaded, a fresh host each time (cold then warm cache).
    for run in range(3):
        host = Host()
        host.wait(0x81, 0)
        start = time.monotonic()
        host.open(1, 1280, 800, static)
        first = host.wait(0x83, 1)
        print("first frame run %d: %.0f ms after open (1280x800 static page)" % (run + 1, (first - start) * 1000))
        host.close()

    # An animated 1280x800 page paced at 30 fps.
    host = Host()
    host.wait(0x81, 0)
    host.open(1, 1280, 800, animated)
    host.wait(0x84, 1)
    for _ in host.events(2):
        pass
    pids = host.pids()
    before = {pid: cpu(pid) for pid in pids}
    frames0, seconds = host.frames, 10
    for _ in host.events(seconds):
        pass
    frames = host.frames - frames0
    used = {pid: cpu(pid) - before[pid] for pid in pids}
    print("animated 1280x800 at 30 fps pacing: %.1f frames/s" % (frames / seconds))
    for pid in pids:
        print("  %-18s %.2f ms CPU a frame (%.1f %% of a core)" % (name(pid), used[pid] * 1000 / max(frames, 1), used[pid] * 100 / seconds))
    host.close()

    # PSS per page and CPU with static pages shown.
    host = Host()
    host.wait(0x81, 0)
    total_before = 0.0
    for view in (1, 2, 3):
        host.open(view, 1280, 800, static)
        host.wait(0x84, view)
        for _ in host.events(3):
            pass
        pids = host.pids()
        total = sum(pss(pid) for pid in pids)
        detail = ", ".join("%s %.0f" % (name(pid), pss(pid)) for pid in pids)
        print("PSS with %d static page(s): %.0f MB (+%.0f MB; %s)" % (view, total, total - total_before, detail))
        total_before = total
    pids = host.pids()
    before = {pid: cpu(pid) for pid in pids}
    frames0, seconds = host.frames, 10
    for _ in host.events(seconds):
        pass
    used = sum(cpu(pid) - before[pid] for pid in pids)
    print("3 static pages shown for %d s: %d frames, %.2f %% of a core (host and WebKit processes)"
          % (seconds, host.frames - frames0, used * 100 / seconds))
    host.close()


main()
