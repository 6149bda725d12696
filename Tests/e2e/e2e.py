#!/usr/bin/env python3
"""Host-side helpers for Tests/e2e/run.sh (Python 3 standard library only).

    watch SERIAL_LOG QMP_SOCKET OUT_DIR   follow the guest's serial log; on each line
                                          "E2E-SCREENDUMP <name> [<head>]" save a QMP screendump
                                          (of that head of the device "gpu") as OUT_DIR/<name>.ppm
                                          (and .png); on "E2E-HEAD [<head>] <w> <h>" give head 0
                                          (or that head) that size (0 0: unplugged) through QEMU's
                                          D-Bus display at $E2E_DISPLAY_BUS; return at "E2E-DONE",
                                          when QEMU goes away, or after --timeout seconds
    section NAME SERIAL_LOG               print the lines the guest wrote between
                                          "=== E2E-BEGIN NAME ===" and "=== E2E-END NAME ==="
    result NAME SERIAL_LOG                print the value of the guest's "E2E-RESULT NAME value" line
    (PPM arguments may be PNGs: 8-bit RGB or RGBA, as `swipe-kiosk ctl screenshot` writes them)
    expect-not-blank PPM                  succeeds when PPM is an image with some pixels not black
    expect-black PPM                      succeeds when every pixel of PPM is black
    expect-colour-bars PPM [column]       succeeds when a row (or column) through the middle shows vivid's colour bars
    expect-colour PPM RRGGBB TOLERANCE    succeeds when a 3x3 grid of points has that colour
    expect-split PPM RRGGBB TOLERANCE     succeeds when that colour is at the right edge, not the left
    expect-pixels IMAGE RRGGBB TOL N      succeeds when at least N pixels have that colour (a dot)
    expect-event JSONL TYPE [KEY=VALUE..] succeeds when a JSON line has that type and those fields
    expect-count JSONL TYPE N             succeeds when exactly N JSON lines have that type
    png PPM PNG                           converts a screendump for image viewers

Every check prints one line saying what it saw, so a failed assertion explains itself.
"""

import codecs
import json
import os
import re
import select
import socket
import struct
import subprocess
import sys
import time
import zlib


# --- PPM (P6, as QEMU's screendump writes it) -------------------------------------------------

class Image:
    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb

    def pixel(self, x, y):
        offset = 3 * (y * self.width + x)
        return tuple(self.rgb[offset:offset + 3])


def read_ppm(path):
    """A QEMU screendump (binary PPM), or a PNG such as `swipe-kiosk ctl screenshot` writes."""
    with open(path, "rb") as file:
        data = file.read()
    if data.startswith(PNG_SIGNATURE):
        return read_png(data, path)
    # Header: "P6", width, height, maxval, separated by whitespace; comments start with '#'.
    fields, position = [], 0
    while len(fields) < 4:
        match = re.compile(rb"\s*(#[^\n]*\n\s*)*(\S+)").match(data, position)
        if not match:
            raise ValueError(f"{path}: truncated PPM header")
        fields.append(match.group(2))
        position = match.end()
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise ValueError(f"{path}: not an 8-bit P6 PPM (header {fields})")
    width, height = int(fields[1]), int(fields[2])
    rgb = data[position + 1:position + 1 + 3 * width * height]
    if len(rgb) != 3 * width * height:
        raise ValueError(f"{path}: {len(rgb)} pixel bytes, expected {3 * width * height}")
    return Image(width, height, rgb)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def read_png(data, path):
    """An 8-bit, non-interlaced RGB or RGBA PNG (alpha dropped), its rows unfiltered."""
    position, header, compressed = len(PNG_SIGNATURE), None, b""
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
    if header is None:
        raise ValueError(f"{path}: a PNG without IHDR")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read (IHDR {header})")
    channels = 3 if colour_type == 2 else 4
    stride = channels * width
    raw = zlib.decompress(compressed)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                row[i] = (row[i] + (left, up, corner)[distances.index(min(distances))]) & 0xFF
        rows.append(bytes(row) if channels == 3 else bytes(b for i, b in enumerate(row) if i % 4 != 3))
        previous = row
    return Image(width, height, b"".join(rows))


def write_png(image, path):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    stride = 3 * image.width
    # Each scanline is prefixed with filter type 0 (none).
    raw = b"".join(b"\0" + image.rgb[y * stride:(y + 1) * stride] for y in range(image.height))
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                   + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


# --- QMP ------------------------------------------------------------------------------------

class QMP:
    """A minimal QMP client: one command at a time, events skipped."""

    def __init__(self, path, timeout):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.reader = self.sock.makefile("r")
        self.reply()  # the greeting
        self.command("qmp_capabilities")

    def reply(self):
        while True:
            line = self.reader.readline()
            if not line:
                raise EOFError("QEMU closed the QMP socket")
            message = json.loads(line)
            if "event" not in message:
                return message

    def closed(self):
        """True once QEMU has gone away; events that arrived meanwhile are read and dropped."""
        while select.select([self.sock], [], [], 0)[0]:
            if not self.reader.readline():
                return True
        return False

    def command(self, name, **arguments):
        self.sock.sendall(json.dumps({"execute": name, "arguments": arguments}).encode() + b"\n")
        message = self.reply()
        if "error" in message:
            raise RuntimeError(f"QMP {name}: {message['error']}")
        return message.get("return")


def watch(serial_log, qmp_socket, out_dir, timeout):
    deadline = time.monotonic() + timeout
    qmp = QMP(qmp_socket, timeout=30)
    position = 0
    pending = ""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    while time.monotonic() < deadline:
        qemu_gone = qmp.closed()
        with open(serial_log, "rb") as file:
            file.seek(position)
            chunk = file.read()
        position += len(chunk)
        pending += decoder.decode(chunk)
        *lines, pending = pending.split("\n")
        for line in lines:
            line = line.strip("\r")
            if line.startswith("E2E-SCREENDUMP "):
                fields = line.split()
                name = fields[1]
                ppm = os.path.join(out_dir, name + ".ppm")
                # A head beyond the first is named by its device's id and head (QEMU 2.12 and later).
                head = {"device": "gpu", "head": int(fields[2])} if len(fields) > 2 else {}
                try:
                    qmp.command("screendump", filename=os.path.abspath(ppm), **head)
                    write_png(read_ppm(ppm), os.path.join(out_dir, name + ".png"))
                    print(f"e2e: screendump {ppm}", flush=True)
                except (EOFError, OSError):
                    return 0
                except (RuntimeError, ValueError) as error:
                    print(f"e2e: screendump {name} failed: {error}", flush=True)
            elif line.startswith("E2E-HEAD "):
                fields = line.split()[1:4]
                set_head(*(fields if len(fields) == 3 else ["0"] + fields))
            elif line.startswith("E2E-DONE"):
                return 0
        if qemu_gone:
            print("e2e: QEMU stopped before the guest was done", flush=True)
            return 0
        if not chunk:
            time.sleep(0.1)
    print(f"e2e: gave up watching after {timeout} s", flush=True)
    return 0


def set_head(head, width, height):
    """Sets virtio-gpu's head HEAD to WIDTHxHEIGHT as a UI window would; 0x0 disables it (unplugged).

    The size in millimetres is never 0: QEMU ignores a UI info equal to the one it holds, which
    starts all zeros, so a first 0x0 without it would change nothing."""
    bus = os.environ.get("E2E_DISPLAY_BUS", "")
    command = ["busctl", f"--address={bus}", "call", "org.qemu", f"/org/qemu/Display1/Console_{head}",
               "org.qemu.Display1.Console", "SetUIInfo", "qqiiuu", "300", "190", "0", "0", width, height]
    done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    outcome = "done" if done.returncode == 0 else f"failed: {done.stderr.strip()}"
    print(f"e2e: head {head} set to {width}x{height}: {outcome}", flush=True)


# --- serial log sections --------------------------------------------------------------------

def serial_lines(path):
    with open(path, "rb") as file:
        return [line.rstrip("\r") for line in file.read().decode("utf-8", "replace").split("\n")]


def section(name, serial_log):
    inside = False
    for line in serial_lines(serial_log):
        if line == f"=== E2E-BEGIN {name} ===":
            inside = True
        elif line == f"=== E2E-END {name} ===":
            inside = False
        elif inside:
            print(line)
    return 0


def result(name, serial_log):
    for line in serial_lines(serial_log):
        if line.startswith(f"E2E-RESULT {name} "):
            print(line[len(f"E2E-RESULT {name} "):])
            return 0
    return 1


# --- checks ---------------------------------------------------------------------------------

def expect_not_blank(path):
    image = read_ppm(path)
    lit = sum(1 for i in range(0, len(image.rgb), 3) if image.rgb[i:i + 3] != b"\0\0\0")
    print(f"{image.width}x{image.height} screendump, {lit} pixels not black")
    return 0 if lit > 0 else 1


def expect_black(path):
    image = read_ppm(path)
    lit = sum(1 for i in range(0, len(image.rgb), 3) if image.rgb[i:i + 3] != b"\0\0\0")
    print(f"{image.width}x{image.height} screendump, {lit} pixels not black")
    return 0 if lit == 0 else 1


def bar_colour(pixel):
    """The colour-bar name of a pixel (each channel clearly on or off), or None when in between."""
    bits = []
    for value in pixel:
        if value >= 120:
            bits.append(1)
        elif value <= 70:
            bits.append(0)
        else:
            return None
    return {(1, 1, 1): "white", (1, 1, 0): "yellow", (0, 1, 1): "cyan", (0, 1, 0): "green",
            (1, 0, 1): "magenta", (1, 0, 0): "red", (0, 0, 1): "blue", (0, 0, 0): "black"}[tuple(bits)]


def expect_colour_bars(path, across="row"):
    # vivid's default pattern is eight vertical 75% bars (white, yellow, cyan, green, magenta, red,
    # blue, black); however the daemon scales the picture, a row through the middle crosses most of
    # them, while a solid screen, a black one or a text console shows one or two. A picture turned
    # a quarter shows the bars across the screen: "column" looks down the middle instead.
    image = read_ppm(path)
    seen = []
    for i in range(32):
        if across == "column":
            point, where = (image.width // 2, (2 * i + 1) * image.height // 64), f"x={image.width // 2}"
        else:
            point, where = ((2 * i + 1) * image.width // 64, image.height // 2), f"y={image.height // 2}"
        name = bar_colour(image.pixel(*point))
        if name and name not in seen:
            seen.append(name)
    print(f"bar colours along {where}: {', '.join(seen) or 'none'}")
    return 0 if len(seen) >= 5 else 1


def expect_colour(path, hex_colour, tolerance):
    image = read_ppm(path)
    expected = tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    tolerance = int(tolerance)
    wrong = []
    for fy in (0.25, 0.5, 0.75):
        for fx in (0.25, 0.5, 0.75):
            x, y = int(fx * image.width), int(fy * image.height)
            pixel = image.pixel(x, y)
            if any(abs(a - b) > tolerance for a, b in zip(pixel, expected)):
                wrong.append(f"({x},{y})=#{bytes(pixel).hex()}")
    print(f"expected #{hex_colour} +-{tolerance} at 9 points; " + ("all match" if not wrong else "differ: " + " ".join(wrong)))
    return 0 if not wrong else 1


def expect_pixels(path, hex_colour, tolerance, minimum):
    # A shape of a known colour (an indicator dot) somewhere in the picture: at least `minimum` pixels of it.
    image = read_ppm(path)
    expected = bytes(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    tolerance = int(tolerance)
    found, box = 0, None
    for y in range(image.height):
        row = image.rgb[3 * y * image.width:3 * (y + 1) * image.width]
        for x in range(image.width):
            pixel = row[3 * x:3 * x + 3]
            if all(abs(a - b) <= tolerance for a, b in zip(pixel, expected)):
                found += 1
                box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)) if box else (x, y, x, y)
    where = f"within ({box[0]},{box[1]})-({box[2]},{box[3]})" if box else "nowhere"
    print(f"{found} pixels of #{hex_colour} +-{tolerance} {where}; expected at least {minimum}")
    return 0 if found >= int(minimum) else 1


def expect_split(path, hex_colour, tolerance):
    # Halfway through a leftward swipe the next screen covers the right of the display and the
    # current one still shows on the left.
    image = read_ppm(path)
    expected = tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    tolerance = int(tolerance)
    def matches(x, y):
        return all(abs(a - b) <= tolerance for a, b in zip(image.pixel(x, y), expected))
    heights = [int(f * image.height) for f in (0.25, 0.5, 0.75)]
    right, left = int(0.9 * image.width), int(0.1 * image.width)
    right_matches = [matches(right, y) for y in heights]
    left_matches = [matches(left, y) for y in heights]
    print(f"#{hex_colour} +-{tolerance} at x={right}: {sum(right_matches)} of 3 points, "
          f"at x={left}: {sum(left_matches)} of 3 points")
    return 0 if all(right_matches) and not any(left_matches) else 1


def expect_event(path, event_type, *conditions):
    wanted = {key: json.loads(value) for key, value in (c.split("=", 1) for c in conditions)}
    count = 0
    with open(path) as file:
        for line in file:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if event.get("type") != event_type:
                continue
            count += 1
            if all(event.get(key) == value for key, value in wanted.items()):
                print(f"found: {line.strip()}")
                return 0
    print(f"no {event_type} line with {wanted} ({count} {event_type} lines in {path})")
    return 1


def expect_count(path, event_type, expected):
    with open(path) as file:
        lines = [line.strip() for line in file if line.strip()]
    matching = []
    for line in lines:
        try:
            if json.loads(line).get("type") == event_type:
                matching.append(line)
        except ValueError:
            continue
    print(f"{len(matching)} {event_type} lines (expected {expected}): " + " ".join(matching))
    return 0 if len(matching) == int(expected) else 1


def main(arguments):
    commands = {
        "section": section, "result": result, "expect-not-blank": expect_not_blank, "expect-black": expect_black,
        "expect-colour-bars": expect_colour_bars, "expect-colour": expect_colour, "expect-split": expect_split,
        "expect-pixels": expect_pixels, "expect-event": expect_event, "expect-count": expect_count,
        "png": lambda ppm, png: write_png(read_ppm(ppm), png) or 0,
    }
    if arguments[:1] == ["watch"]:
        timeout = 600
        if "--timeout" in arguments:
            index = arguments.index("--timeout")
            timeout = float(arguments[index + 1])
            del arguments[index:index + 2]
        return watch(*arguments[1:4], timeout)
    if not arguments or arguments[0] not in commands:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return commands[arguments[0]](*arguments[1:])
    except (OSError, ValueError) as error:
        print(error)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
