#!/usr/bin/env python3
"""Floods the kiosk with D-Bus calls that expect no reply (Properties.Get of CurrentScreen), as
fast as the bus takes them, until killed: `dbus_flood.py ADDRESS`. Plain sockets and the wire
format, so it needs no D-Bus library. For Tests/soak/hostile.py."""
import os
import socket
import struct
import sys


def connect(address):
    path = dict(part.split("=", 1) for part in address.split(":", 1)[1].split(","))
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect("\0" + path["abstract"] if "abstract" in path else path["path"])
    sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    if not sock.recv(4096).startswith(b"OK"):
        sys.exit("dbus_flood: authentication refused")
    sock.sendall(b"BEGIN\r\n")
    return sock


def pad(data, alignment):
    return data + b"\0" * (-len(data) % alignment)


def string(text):
    raw = text.encode()
    return struct.pack("<I", len(raw)) + raw + b"\0"


def message(serial, path, interface, member, destination, signature=None, body=b"", no_reply=True):
    fields = b""
    for code, kind, value in [(1, b"o", path), (2, b"s", interface), (3, b"s", member), (6, b"s", destination)] \
            + ([(8, b"g", signature)] if signature else []):
        fields = pad(fields, 8) + bytes([code, 1]) + kind + b"\0"
        fields += bytes([len(value)]) + value.encode() + b"\0" if kind == b"g" else string(value)
    header = struct.pack("<cBBBII", b"l", 1, 1 if no_reply else 0, 1, len(body), serial) + struct.pack("<I", len(fields)) + fields
    return pad(header, 8) + body


def main():
    sock = connect(sys.argv[1])
    sock.sendall(message(1, "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello", "org.freedesktop.DBus", no_reply=False))
    body = string("org.swipekiosk.Kiosk1")
    body = pad(body, 4) + string("CurrentScreen")
    serial = 2
    batch = []
    while True:
        batch.append(message(serial, "/org/swipekiosk/Kiosk1", "org.freedesktop.DBus.Properties", "Get",
                             "org.swipekiosk.Kiosk1", "ss", body))
        serial += 1
        if len(batch) == 256:
            sock.sendall(b"".join(batch))
            batch = []
            sock.setblocking(False)
            try:
                while sock.recv(65536):
                    pass
            except BlockingIOError:
                pass
            sock.setblocking(True)


if __name__ == "__main__":
    main()
