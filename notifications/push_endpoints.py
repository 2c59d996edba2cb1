"""Which addresses the site will POST pushes to: Web Push's guard against server-side request forgery.

A subscription's endpoint is a URL the browser hands us, and the server then POSTs to it.  Unchecked, a
player could name any address the server can reach (an internal service, a cloud metadata address).  So
an endpoint is accepted only when:

- its scheme is ``https`` (``http`` too only with ``WEBPUSH_ALLOW_HTTP``: a local stub in tests);
- it carries no user name or password;
- its ``host[:port]`` matches an entry of ``WEBPUSH_ENDPOINT_HOSTS``: ``fcm.googleapis.com`` (that host,
  the scheme's default port), ``*.push.apple.com`` (any name below it), ``127.0.0.1:*`` (any port) or
  ``host:8443`` (that port);
- its host is not, and does not resolve to, a private, loopback, link-local or otherwise non-public
  address — unless the matching entry is that very address (``127.0.0.1:*``) or ``localhost``: a name,
  even one listed exactly, is always looked at.

``endpoint_check`` runs when a browser subscribes (the literal host only: no DNS lookup inside a request)
and again right before every send, then with the DNS answer too (``resolve=True``); the sending code
does not follow redirects.  A name that resolves to a public address at the check and to a private one
a moment later (DNS rebinding) is beyond this check: the allow-list of the browsers' push services is
the first line.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from core.errors import AppError

PUSH_ENDPOINT_REFUSED = "PUSH_ENDPOINT_REFUSED"
PUSH_ENDPOINT_UNRESOLVED = "PUSH_ENDPOINT_UNRESOLVED"

DEFAULT_PORTS = {"https": 443, "http": 80}


class PushEndpointRefused(AppError):
    """An endpoint the site will not POST to; ``details["reason"]`` says which rule refused it."""

    def __init__(self, reason: str) -> None:
        super().__init__(PUSH_ENDPOINT_REFUSED,
                         "This push service is not one the site sends to: use a current Chrome, Edge, Firefox "
                         "or Safari.", 400, reason=reason)


@dataclass(frozen=True)
class Endpoint:
    scheme: str
    host: str
    port: int


def endpoint_check(url: str, *, resolve: bool = False) -> Endpoint:
    """The endpoint's parts if the site may POST to it, else ``PushEndpointRefused``; with
    ``resolve`` the host's DNS answer is checked too (an unanswered lookup is ``OSError``)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise PushEndpointRefused("malformed") from None
    scheme = parts.scheme.lower()
    allowed_schemes = {"https", "http"} if settings.WEBPUSH_ALLOW_HTTP else {"https"}
    if scheme not in allowed_schemes:
        raise PushEndpointRefused("scheme")
    if parts.username is not None or parts.password is not None or not parts.hostname:
        raise PushEndpointRefused("malformed")
    endpoint = Endpoint(scheme=scheme, host=parts.hostname.lower().rstrip("."), port=port or DEFAULT_PORTS[scheme])
    entry = _matching_entry(endpoint)
    if entry is None:
        raise PushEndpointRefused("host")
    exact = _split_entry(entry)[0] == endpoint.host
    if exact and (_address(endpoint.host) is not None or endpoint.host == "localhost"):
        return endpoint  # the operator named this very address: a local push service
    literal = _address(endpoint.host)
    if literal is not None and not _public(literal):
        raise PushEndpointRefused("private_address")
    if resolve and literal is None:
        for address in _resolve(endpoint):
            if not _public(address):
                raise PushEndpointRefused("private_address")
    return endpoint


def _matching_entry(endpoint: Endpoint) -> str | None:
    for entry in settings.WEBPUSH_ENDPOINT_HOSTS:
        entry = entry.strip().lower()
        host, port = _split_entry(entry)
        if not _host_matches(host, endpoint.host):
            continue
        if port == "*" or (port is None and endpoint.port == DEFAULT_PORTS[endpoint.scheme]) or (
                port is not None and port.isascii() and port.isdigit() and int(port) == endpoint.port):
            return entry
    return None


def _split_entry(entry: str) -> tuple[str, str | None]:
    if entry.startswith("["):  # [::1]:*
        host, _, rest = entry[1:].partition("]")
        return host, rest[1:] if rest.startswith(":") else None
    host, colon, port = entry.partition(":")
    return host, port if colon else None


def _host_matches(pattern: str, host: str) -> bool:
    if pattern.startswith("*."):
        return host.endswith(pattern[1:]) and len(host) > len(pattern) - 1
    return pattern == host


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


def _resolve(endpoint: Endpoint) -> list:
    answers = socket.getaddrinfo(endpoint.host, endpoint.port, proto=socket.IPPROTO_TCP)
    return [ipaddress.ip_address(info[4][0].split("%", 1)[0]) for info in answers]
