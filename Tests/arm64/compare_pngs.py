#!/usr/bin/env python3
"""Compares two folders of PNG files the project wrote, file by file: the same names, the same sizes,
and no channel apart by more than TOLERANCE (default 1). Prints one line per file and the largest
difference; exits 1 when any file differs more, or is missing on one side.

Usage: compare_pngs.py DIR_A DIR_B [TOLERANCE]"""
import os
import sys

# The PNG reader the VM suites use (8-bit RGB or RGBA, alpha dropped: the frames compared are opaque).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from e2e import read_png  # noqa: E402


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
        with open(pa, "rb") as fa, open(pb, "rb") as fb:
            bytes_a, bytes_b = fa.read(), fb.read()
        if bytes_a == bytes_b:
            print(f"PASS {name}: the same file")
            continue
        # Else decode both (slow in Python, but rare).
        a, b = read_png(bytes_a, pa), read_png(bytes_b, pb)
        if (a.width, a.height) != (b.width, b.height):
            print(f"FAIL {name}: {a.width}x{a.height} against {b.width}x{b.height}")
            failed = True
            continue
        worst, off = 0, 0
        if a.rgb != b.rgb:
            worst = max(abs(x - y) for x, y in zip(a.rgb, b.rgb))
            off = sum(1 for x, y in zip(a.rgb, b.rgb) if x != y)
        verdict = "PASS" if worst <= tolerance else "FAIL"
        failed |= worst > tolerance
        print(f"{verdict} {name}: {a.width}x{a.height}, largest difference {worst} (tolerance {tolerance}), {off} channel values differ")
    if not names:
        print(f"FAIL no PNG files in {a_dir} or {b_dir}")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
