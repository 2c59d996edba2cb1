"""A push service and a browser, for the Web Push tests.

``PushServiceStub`` is a tiny HTTP server in a thread on 127.0.0.1: it records every push POSTed to it
and answers each with the next status of its script (201 once the script is used up).  ``BrowserKeys``
is what a browser holds for one subscription: an ECDH P-256 key pair and a 16-byte auth secret; it
makes the ``PushSubscription`` JSON a page would send and decrypts a push (aes128gcm, with http_ece) as
the browser would.  Point the allow-list at the stub with ``stub_allowed(settings)``.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes


@dataclass
class PushServiceStub:
    script: list[int] = field(default_factory=list)  # statuses to answer, in order; then 201
    received: list[Received] = field(default_factory=list)

    def __enter__(self) -> PushServiceStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                stub.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()},
                                              self.rfile.read(length)))
                status = stub.script.pop(0) if stub.script else 201
                self.send_response(status)
                if status in (301, 302, 307, 308):
                    self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def endpoint(self, name: str = "device") -> str:
        return f"{self.base}/push/{name}"


def stub_allowed(settings) -> None:
    """The test setting that lets a local stub receive pushes (docs/operating.md, "Web Push")."""
    settings.WEBPUSH_ENDPOINT_HOSTS = ["127.0.0.1:*"]
    settings.WEBPUSH_ALLOW_HTTP = True


class BrowserKeys:
    """One subscription's keys as a browser makes them."""

    def __init__(self) -> None:
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    @property
    def p256dh(self) -> str:
        return b64url(self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscription(self, endpoint: str, **extra) -> dict:
        """``PushSubscription.toJSON()``."""
        keys = {"p256dh": self.p256dh, "auth": b64url(self.auth)}
        return {"endpoint": endpoint, "expirationTime": None, "keys": keys, **extra}

    def decrypt(self, received: Received) -> dict:
        assert received.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(received.body, private_key=self.private_key, auth_secret=self.auth,
                                 version="aes128gcm")
        return json.loads(plain)
