#!/usr/bin/env python3
"""Issue 24's goal, shape by shape: the real daemon on the headless display, each hostile input
present, under SIGHUPS (1000) SIGHUPs. Checks, for each shape: `ctl status` answers within 1 s
all along, watchdog pings (WATCHDOG_USEC=1 s, so one every 0.5 s) never gap over 2 s, RSS stays
under 300 MB, SIGTERM stops it within 2 s, no process it started survives, and the cause is
logged once. Prints one line of figures per shape; exits 1 when a check fails.

Run by Tests/soak/hostile.sh (not part of `make test`). Part B adds its shapes to shapes(); shape F
(a D-Bus flood) is not one of the issue's: calls queue at the bus, so `ctl status` waits behind
them, but SIGTERM must still end the daemon at once.

Shapes M1-M5 (issue 40) come from a broker on the loopback (mosquitto, started here when it is
installed) instead of SIGHUPs: 16 MB brightness and 200 MB press payloads, 2,000 reloads, 50,000
messages, and commands on 60 KB topics. Their cause is a rate-limited line: logged at least once,
at most LOG_BURST + 1 times; they also report the reloads run and the log's size."""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import mqtt_flood

BINARY = os.environ["SWIPE_KIOSK"]
SIGHUPS = int(os.environ.get("SIGHUPS", "1000"))
RSS_LIMIT_KB = 300 * 1024
# LogRateLimiter's burst: lines of one kind every 10 s.
LOG_BURST = 5
MQTT_PREFIX = "h"

BASE = """[display]
backend = "headless"
size = "640x400"
[camera]
source = "none"
[control]
bus = "session"
"""
SCREENS = """[[screen]]
name = "home"
background = "#102030"
  [[screen.element]]
  type = "text"
  x = 10
  y = 10
  width = 600
  height = 300
  text = "{v}"
[[screen]]
name = "second"
background = "#d01010"
"""


def value(source):
    return "[[value]]\nname = \"v\"\n" + source + "\n"


def colored_screens(count):
    return BASE + "".join(f'[[screen]]\nname = "s{i}"\nbackground = "#{i % 256:02x}3050"\n' for i in range(count))


def squares(count, side):
    return BASE + '[[screen]]\nname = "big"\n' + "".join(
        f'[[screen.element]]\ntype = "color"\ncolor = "#ff0000"\nwidth = {side}\nheight = {side}\n' for _ in range(count))


class Shape:
    """A hostile input: the config to start with, what to do once the daemon is ready, the config
    the SIGHUPs read, and a piece of the log line that names the cause."""

    def __init__(self, name, start, cause, hostile_reload=None, during=None, sighups=True, cause_max=1):
        self.name, self.start, self.cause = name, start, cause
        self.hostile_reload, self.during = hostile_reload, during
        # MQTT shapes: no SIGHUPs (the broker is the input), and a rate-limited cause.
        self.sighups, self.cause_max = sighups, cause_max


def fifo_over_value_file(work, kiosk, env):
    # Shape 1 at run time: a FIFO renamed over the file a value reads.
    fifo = os.path.join(work, "fifo")
    os.mkfifo(fifo)
    os.rename(fifo, os.path.join(work, "value.txt"))


def megabyte_set_value(work, kiosk, env):
    # Shape 2: SetValue with 120 KB of short lines (an argument may not be longer than 128 KiB;
    # the 4 KiB cap refuses 1 MB the same way), refused with an error.
    text = "line\n" * 24_000
    subprocess.run([BINARY, "ctl", "set", "--bus", "session", "v", text], capture_output=True, timeout=10, env=env)


def dbus_flood(work, kiosk, env):
    # Not one of the shapes: calls without replies as fast as the bus takes them.
    here = os.path.dirname(os.path.abspath(__file__))
    return subprocess.Popen([sys.executable, os.path.join(here, "dbus_flood.py"), env["DBUS_SESSION_BUS_ADDRESS"]],
                            stderr=subprocess.DEVNULL)


def mqtt_config(port):
    return PLAIN + f'[mqtt]\nbroker = "mqtt://127.0.0.1:{port}"\nclient-id = "hostile"\ntopic-prefix = "{MQTT_PREFIX}"\n'


def command(name):
    return f"{MQTT_PREFIX}/command/{name}".encode()


def mqtt_shapes(port):
    def sent(messages, done=lambda work, env: True):
        # Once the daemon has subscribed (READY comes before the broker answers), then at full
        # speed; the shape ends once `done` (the daemon has read it all) or after 60 s.
        def during(work, kiosk, env):
            time.sleep(1)
            if not mqtt_flood.publish(port, messages()):
                print("hostile: the broker closed the publisher's connection (max_packet_size?)", flush=True)
                time.sleep(1)
                return None
            deadline = time.monotonic() + 60
            while not done(work, env) and time.monotonic() < deadline and kiosk.poll() is None:
                time.sleep(0.2)
            time.sleep(1)
        return during

    def logged(text):
        return lambda work, env: text in open(os.path.join(work, "daemon.log"), errors="replace").read()

    def value_is(text):
        return lambda work, env: subprocess.run([BINARY, "ctl", "get", "--bus", "session", "v"], capture_output=True,
                                                text=True, env=env, timeout=10).stdout.strip() == text
    config = mqtt_config(port)
    return [
        Shape("M1 16 MB brightness payloads x3", config, "MQTT command brightness", sighups=False, cause_max=LOG_BURST + 1,
              during=sent(lambda: [(command("brightness"), b"7" * 16_000_000)] * 3, logged("MQTT command brightness"))),
        Shape("M2 a 200 MB press payload", config, "MQTT command press", sighups=False, cause_max=LOG_BURST + 1,
              during=sent(lambda: [(command("press"), b"{" * 200_000_000)], logged("MQTT command press"))),
        Shape("M3 2,000 reloads", config, "MQTT: connected", sighups=False,
              during=sent(lambda: [(command("reload"), b"")] * 2000)),
        Shape("M4 50,000 messages", config, "MQTT: connected", sighups=False,
              during=sent(lambda: ((command("set/v"), str(i).encode()) for i in range(50_000)), value_is("49999"))),
        Shape("M5 2,000 commands on 60 KB topics", config, "MQTT command", sighups=False, cause_max=LOG_BURST + 1,
              during=sent(lambda: ((command(f"{i}-" + "x" * 60_000), b"1") for i in range(2000)))),
    ]


def deep_header():
    return "[" + ".".join(["a"] * 20_000) + "]\nx = 1\n"


PLAIN = BASE + value('source = "dbus"') + SCREENS


def shapes(work):
    value_file = os.path.join(work, "value.txt")
    with open(value_file, "w") as f:
        f.write("21.5\n")
    return [
        Shape("1 FIFO as a file value", BASE + value(f'source = "file"\npath = "{value_file}"') + SCREENS,
              "FIFO", during=fifo_over_value_file),
        Shape("2 1 MB SetValue, 64 KB command line", BASE + value('source = "dbus"') + SCREENS
              + "[[value]]\nname = \"w\"\nsource = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \"head -c 65536 /dev/urandom | base64 -w0\"]\ninterval = 0.5\n",
              "cut", during=megabyte_set_value),
        Shape("3 endless command output", BASE + value('source = "command"\ncommand = ["/usr/bin/yes"]\ninterval = 0.5') + SCREENS,
              "printed more than 64 KiB"),
        Shape("4 setsid grandchildren", BASE + value('source = "command"\ncommand = ["/bin/sh", "-c", "setsid sleep 1000 & echo x"]\ninterval = 0.5') + SCREENS,
              "left processes behind"),
        Shape("5 20,000-deep dotted header", PLAIN, "nested more than 32 levels deep", hostile_reload=deep_header()),
        Shape("6a 5,000 coloured screens", PLAIN, "screen 1001 is more than", hostile_reload=colored_screens(5000)),
        Shape("6b 8 elements of 16384x16384", PLAIN, "each side may be at most 8192", hostile_reload=squares(8, 16384)),
        Shape("6c a 16384x16384 display", PLAIN, "[display] size 16384x16384 is larger",
              hostile_reload=PLAIN.replace("640x400", "16384x16384")),
        Shape("F a D-Bus flood", PLAIN, "signal 15: stopping", during=dbus_flood),
    ]


class Watchdog(threading.Thread):
    """The daemon's NOTIFY_SOCKET: the times of its WATCHDOG=1 pings."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.sock.settimeout(0.2)
        self.pings, self.ready, self.running, self.reloads = [], False, True, 0

    def run(self):
        while self.running:
            try:
                data = self.sock.recv(65536).decode(errors="replace")
            except socket.timeout:
                continue
            if "WATCHDOG=1" in data:
                self.pings.append(time.monotonic())
            if "RELOADING=1" in data:
                self.reloads += 1
            if "READY=1" in data:
                self.ready = True

    def largest_gap(self, until):
        times = self.pings + [until]
        return max([b - a for a, b in zip(times, times[1:])] + [0])


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def marked_survivors(pid):
    """Processes still carrying the daemon's run mark (SWIPE_KIOSK_RUN=PID-N)."""
    mark = f"SWIPE_KIOSK_RUN={pid}-".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if mark in f.read():
                    found.append(int(entry))
        except OSError:
            pass
    return found


def run_shape(shape, work, env):
    config = os.path.join(work, "kiosk.toml")
    with open(config, "w") as f:
        f.write(shape.start)
    notify = os.path.join(work, "notify.sock")
    if os.path.exists(notify):
        os.unlink(notify)
    watchdog = Watchdog(notify)
    watchdog.start()
    log_path = os.path.join(work, "daemon.log")
    env = dict(env, NOTIFY_SOCKET=notify, WATCHDOG_USEC="1000000")
    env.pop("WATCHDOG_PID", None)
    log = open(log_path, "w")
    kiosk = subprocess.Popen([BINARY, "run", "--config", config], stdout=subprocess.DEVNULL, stderr=log, env=env)
    problems = []
    deadline = time.monotonic() + 60
    while not watchdog.ready and time.monotonic() < deadline and kiosk.poll() is None:
        time.sleep(0.05)
    if not watchdog.ready:
        kiosk.kill()
        return [f"never ready: {open(log_path).read()[-500:]}"], {}

    status_times, status_errors, rss = [], [], []
    stop = threading.Event()

    def ask_status():
        while not stop.is_set():
            began = time.monotonic()
            try:
                answer = subprocess.run([BINARY, "ctl", "status", "--bus", "session"], capture_output=True, timeout=5, env=env)
                status_times.append(time.monotonic() - began if answer.returncode == 0 else 99)
                if answer.returncode != 0:
                    status_errors.append(answer.stderr.decode(errors="replace").strip()[:200])
            except subprocess.TimeoutExpired:
                status_times.append(99)
            time.sleep(0.1)

    def sample_rss():
        while not stop.is_set():
            rss.append(rss_kb(kiosk.pid))
            time.sleep(0.05)

    threads = [threading.Thread(target=ask_status, daemon=True), threading.Thread(target=sample_rss, daemon=True)]
    for thread in threads:
        thread.start()
    helper = shape.during(work, kiosk, env) if shape.during else None
    if shape.hostile_reload:
        with open(config, "w") as f:
            f.write(shape.hostile_reload)
    began = time.monotonic()
    for _ in range(SIGHUPS if shape.sighups else 0):
        if kiosk.poll() is not None:
            break
        os.kill(kiosk.pid, signal.SIGHUP)
        time.sleep(0.002)
    hups_seconds = time.monotonic() - began
    time.sleep(1.5)
    alive = kiosk.poll() is None
    stop.set()
    for thread in threads:
        thread.join()
    sent = time.monotonic()
    if alive:
        kiosk.send_signal(signal.SIGTERM)
    try:
        kiosk.wait(timeout=10)
    except subprocess.TimeoutExpired:
        kiosk.kill()
        kiosk.wait()
    stop_seconds = time.monotonic() - sent
    if isinstance(helper, subprocess.Popen):
        helper.kill()
        helper.wait()
    gap = watchdog.largest_gap(sent)
    watchdog.running = False
    watchdog.join()
    log.close()
    text = open(log_path).read()
    survivors = marked_survivors(kiosk.pid)
    for survivor in survivors:
        os.kill(survivor, signal.SIGKILL)
    # A log entry is a timestamped line and the lines under it (a refusal's diagnostics).
    entries, current = [], ""
    for line in text.splitlines():
        if re.match(r"\d\d:\d\d:\d\d\.\d{3} ", line) and current:
            entries.append(current)
            current = ""
        current += line + "\n"
    entries.append(current)
    cause_lines = [entry for entry in entries if shape.cause in entry]
    figures = {
        "status max s": max(status_times, default=99), "status calls": len(status_times),
        "watchdog gap s": gap, "RSS max MB": max(rss, default=0) / 1024, "SIGTERM to exit s": stop_seconds,
        "survivors": len(survivors), "cause logged": len(cause_lines), "SIGHUP s": hups_seconds,
        "reloads": watchdog.reloads, "log MB": os.path.getsize(log_path) / 1e6,
    }
    if not alive:
        problems.append(f"died with {kiosk.returncode}")
    if figures["status max s"] >= 1:
        problems.append(f"ctl status took {figures['status max s']:.2f} s ({status_errors[:1]})")
    if gap >= 2:
        problems.append(f"watchdog gap {gap:.2f} s")
    if max(rss, default=0) >= RSS_LIMIT_KB:
        problems.append(f"RSS {max(rss) / 1024:.0f} MB")
    if stop_seconds >= 2:
        problems.append(f"SIGTERM took {stop_seconds:.2f} s")
    if survivors:
        problems.append(f"{len(survivors)} started processes survived")
    if not 1 <= len(cause_lines) <= shape.cause_max:
        problems.append(f"the cause ('{shape.cause}') logged {len(cause_lines)} times")
    return problems, figures


def start_mosquitto(work):
    """A mosquitto on 127.0.0.1 and a free port for the M shapes, or None (they are skipped)."""
    found = next((p for p in ("/usr/sbin/mosquitto", "/usr/bin/mosquitto") if os.access(p, os.X_OK)), None)
    if not found:
        print("hostile: mosquitto is missing: the M shapes are skipped", flush=True)
        return None
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    conf = os.path.join(work, "mosquitto.conf")
    with open(conf, "w") as f:
        # MOSQUITTO_EXTRA: more settings, e.g. "max_packet_size 131072" as the README advises.
        f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                + os.environ.get("MOSQUITTO_EXTRA", "").replace("\\n", "\n") + "\n")
    broker = subprocess.Popen([found, "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return broker, port
        except OSError:
            time.sleep(0.05)
    broker.kill()
    return None


def main():
    work = tempfile.mkdtemp(prefix="hostile-")
    bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"],
                         capture_output=True, text=True, check=True).stdout.split()
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus[0])
    failed = 0
    only = os.environ.get("SHAPES")
    broker = start_mosquitto(work)
    try:
        for shape in shapes(work) + (mqtt_shapes(broker[1]) if broker else []):
            if only and not any(shape.name.startswith(prefix) for prefix in only.split(",")):
                continue
            problems, figures = run_shape(shape, work, env)
            line = ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in figures.items())
            print(f"hostile: {shape.name}: {'ok' if not problems else 'FAILED: ' + '; '.join(problems)}; {line}", flush=True)
            failed += bool(problems)
    finally:
        os.kill(int(bus[1]), signal.SIGTERM)
        if broker:
            broker[0].terminate()
            broker[0].wait()
        subprocess.run(["rm", "-rf", work])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
