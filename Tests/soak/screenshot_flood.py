#!/usr/bin/env python3
"""Issue 40's pipelined screenshots, measured: the real daemon (headless 1920x1080, a private
session bus) sent COUNT (400) `Screenshot` calls at once without waiting, then `ScreenshotOutput`
the same, while `ctl status` is asked over and over. Prints the peak RSS (VmHWM), the worst
`ctl status` time, how many calls got a PNG and how many the Busy error, and whether the daemon
survived. `SWIPE_KIOSK=path screenshot_flood.py`. Not part of `make test`."""
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dbus_flood import connect, message, pad, string  # noqa: E402

BINARY = os.environ.get("SWIPE_KIOSK", "swipe-kiosk")
COUNT = int(os.environ.get("COUNT", "400"))
# How long each flood's replies are waited for (the unbounded daemon encodes all 400 on a shared machine).
LIMIT = float(os.environ.get("LIMIT", "60"))
CONFIG = """[display]
backend = "headless"
size = "1920x1080"
[[display.output]]
connector = "MAIN"
[[display.output]]
connector = "SIDE"
size = "1920x1080"
[camera]
source = "pattern"
[control]
bus = "session"
[[screen]]
name = "a"
"""


def replies(sock, expected, tally):
    """Reads until `expected` method returns or errors arrived (after Hello's)."""
    data = b""
    sock.setblocking(True)
    sock.settimeout(1)
    deadline = time.monotonic() + LIMIT
    while tally["png"] + tally["busy"] + tally["other"] < expected and time.monotonic() < deadline:
        try:
            chunk = sock.recv(1 << 20)
        except socket.timeout:
            continue
        if not chunk:
            return
        data += chunk
        while len(data) >= 16:
            body_length, = struct.unpack_from("<I", data, 4)
            fields_length, = struct.unpack_from("<I", data, 12)
            total = 16 + fields_length + (-fields_length % 8) + body_length
            if len(data) < total:
                break
            kind = data[1]
            if kind == 2:
                tally["png"] += 1
            elif kind == 3:
                if b"Busy" in data[16:16 + fields_length]:
                    tally["busy"] += 1
                else:
                    tally["other"] += 1
            data = data[total:]


def flood(address, member, count):
    sock = connect(address)
    sock.sendall(message(1, "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", "org.freedesktop.DBus", no_reply=False))
    time.sleep(0.2)
    sock.recv(65536)
    tally = {"png": 0, "busy": 0, "other": 0}
    body, signature = (string("SIDE"), "s") if member == "ScreenshotOutput" else (b"", None)
    batch = b"".join(message(serial, "/org/swipekiosk/Kiosk1", "org.swipekiosk.Kiosk1", member, "org.swipekiosk.Kiosk1",
                             signature, body, no_reply=False) for serial in range(2, count + 2))
    reader = threading.Thread(target=replies, args=(sock, count, tally))
    reader.start()
    sock.sendall(batch)
    reader.join()
    sock.close()
    return tally


def peak_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main():
    bus = subprocess.run(["dbus-daemon", "--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"],
                         capture_output=True, text=True, check=True).stdout.split()
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus[0])
    work = tempfile.mkdtemp(prefix="screenshot-flood-")
    config = os.path.join(work, "kiosk.toml")
    with open(config, "w") as file:
        file.write(CONFIG)
    log = open(os.path.join(work, "daemon.log"), "w")
    kiosk = subprocess.Popen([BINARY, "run", "--config", config], env=env, stderr=log, stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if subprocess.run([BINARY, "ctl", "status", "--bus", "session"], capture_output=True, env=env).returncode == 0:
                break
            time.sleep(0.1)
        worst = [0.0]
        done = threading.Event()
        peak = [0]

        def sample_peak():
            while not done.is_set():
                peak[0] = max(peak[0], peak_kb(kiosk.pid) or 0)
                time.sleep(0.2)

        threading.Thread(target=sample_peak, daemon=True).start()

        def ask_status():
            while not done.is_set():
                started = time.monotonic()
                subprocess.run([BINARY, "ctl", "status", "--bus", "session"], capture_output=True, timeout=60, env=env)
                worst[0] = max(worst[0], time.monotonic() - started)
                time.sleep(0.05)

        asker = threading.Thread(target=ask_status)
        asker.start()
        results = {}
        for member in ["Screenshot", "ScreenshotOutput"]:
            results[member] = flood(bus[0], member, COUNT)
            if kiosk.poll() is not None:
                break
        peak = max(peak[0], peak_kb(kiosk.pid) or 0)
        done.set()
        asker.join()
        alive = kiosk.poll() is None
        print(f"binary {BINARY}: {COUNT} pipelined calls each of Screenshot, ScreenshotOutput at 1920x1080 "
              f"(replies waited for {LIMIT:.0f} s each)")
        for member, tally in results.items():
            print(f"  {member}: {tally['png']} PNGs, {tally['busy']} Busy, {tally['other']} other errors")
        print(f"  peak RSS {peak / 1024 if peak else float('nan'):.0f} MB, worst ctl status {worst[0]:.2f} s, "
              f"daemon {'alive' if alive else f'died (status {kiosk.returncode})'}")
    finally:
        if kiosk.poll() is None:
            kiosk.terminate()
            kiosk.wait(timeout=10)
        subprocess.run(["kill", bus[1]])


if __name__ == "__main__":
    main()
