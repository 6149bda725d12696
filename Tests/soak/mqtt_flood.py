#!/usr/bin/env python3
"""Publishes MQTT 3.1.1 messages at QoS 0 as fast as the broker takes them, over a plain socket
(no client library needed): `mqtt_flood.py PORT` reads (topic, payload) pairs from publish().
Used by hostile.py's MQTT shapes."""
import socket


def _length(n):
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _string(data):
    return len(data).to_bytes(2, "big") + data


def publish(port, messages, client_id=b"hostile-flood"):
    """Connects to 127.0.0.1:PORT and sends each (topic bytes, payload bytes) of `messages`; False
    when the broker closed the connection first."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        body = _string(b"MQTT") + bytes([4, 2, 0, 60]) + _string(client_id)
        sock.sendall(b"\x10" + _length(len(body)) + body)
        connack = sock.recv(4)
        if len(connack) < 4 or connack[3] != 0:
            raise RuntimeError(f"the broker refused the connection: {connack!r}")
        try:
            for topic, payload in messages:
                body = _string(topic)
                sock.sendall(b"\x30" + _length(len(body) + len(payload)) + body)
                sock.sendall(payload)
            sock.sendall(b"\xe0\x00")
        except (ConnectionResetError, BrokenPipeError):
            # The broker dropped us: a packet over its max_packet_size.
            return False
    return True
