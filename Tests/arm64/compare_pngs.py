#!/usr/bin/env python3
"""Compares two folders of PNG files the project wrote, file by file: the same names, the same sizes,
and no channel apart by more than TOLERANCE (default 1). Prints one line per file and the largest
difference; exits 1 when any file differs more, or is missing on one side.

Usage: compare_pngs.py DIR_A DIR_B [TOLERANCE]"""
import os
import struct
import sys
import zlib


def read_png_stream(path):
    """(width, height, channels, filtered scan lines) of an 8-bit, non-interlaced grey, RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: depth {depth}, colour type {colour}, interlace {interlace}: not read here")
    return width, height, channels, zlib.decompress(idat)


def unfilter(width, height, channels, raw):
    """The pixels of a PNG's filtered scan lines."""
    stride = width * channels
    out, prev = bytearray(), bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return bytes(out)


def main():
    a_dir, b_dir = sys.argv[1], sys.argv[2]
    tolerance = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    names = sorted(set(n for d in (a_dir, b_dir) for n in os.listdir(d) if n.endswith(".png")))
    failed = False
    for name in names:
        pa, pb = os.path.join(a_dir, name), os.path.join(b_dir, name)
        if not (os.path.exists(pa) and os.path.exists(pb)):
            print(f"FAIL {name}: only in {a_dir if os.path.exists(pa) else b_dir}")
            failed = True
            continue
        wa, ha, ca, da = read_png_stream(pa)
        wb, hb, cb, db = read_png_stream(pb)
        if (wa, ha, ca) != (wb, hb, cb):
            print(f"FAIL {name}: {wa}x{ha}x{ca} against {wb}x{hb}x{cb}")
            failed = True
            continue
        # The same filtered lines are the same pixels; else decode both (slow in Python, but rare).
        if da != db:
            da, db = unfilter(wa, ha, ca, da), unfilter(wb, hb, cb, db)
        worst, off = 0, 0
        if da != db:
            worst = max(abs(x - y) for x, y in zip(da, db))
            off = sum(1 for x, y in zip(da, db) if x != y)
        verdict = "PASS" if worst <= tolerance else "FAIL"
        failed |= worst > tolerance
        print(f"{verdict} {name}: {wa}x{ha}, largest difference {worst} (tolerance {tolerance}), {off} channel values differ")
    if not names:
        print(f"FAIL no PNG files in {a_dir} or {b_dir}")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
