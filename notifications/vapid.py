"""The site's VAPID key pair (RFC 8292): it signs every push, so that a push service knows the sender
is the one the browser subscribed for (the page hands the public key to ``pushManager.subscribe``).

The pair comes from the settings ``WEBPUSH_VAPID_PRIVATE_KEY`` (PEM, or base64url of the raw 32-byte
value or of DER) and ``WEBPUSH_VAPID_PUBLIC_KEY`` (optional: derived from the private key, and refused
if it does not match).  Without them (the embedded defaults) a pair is generated once and kept in the
database (``VapidKeyPair``), so ``make run`` pushes out of the box and every process signs with the same
key.  Changing the key strands every subscription made with the old one: the push services refuse
them, and a refused subscription is removed (``push_delivery``).

The pair is read once per process.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, transaction
from py_vapid import Vapid02

from .models import VapidKeyPair

_ROW = 1  # the one row's id


@dataclass(frozen=True)
class VapidKeys:
    signer: Vapid02
    public_key: str  # base64url of the uncompressed point: the browser's ``applicationServerKey``


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def public_key_of(signer: Vapid02) -> str:
    return b64url(signer.public_key.public_bytes(serialization.Encoding.X962,
                                                 serialization.PublicFormat.UncompressedPoint))


_loaded: dict[str, VapidKeys] = {}


def vapid_keys() -> VapidKeys:
    """The key pair to sign with and to give browsers; the settings' when set, else the stored one."""
    configured = settings.WEBPUSH_VAPID_PRIVATE_KEY.strip()
    if configured not in _loaded:
        _loaded[configured] = _from_settings(configured) if configured else _from_database()
    return _loaded[configured]


def _from_settings(private: str) -> VapidKeys:
    try:
        if private.startswith("-----BEGIN"):
            signer = Vapid02.from_pem(private.encode())
        else:
            signer = Vapid02.from_string(private)
    except Exception as exc:
        raise ImproperlyConfigured(f"WEBPUSH_VAPID_PRIVATE_KEY is not a P-256 private key: {exc}") from exc
    public = public_key_of(signer)
    given = settings.WEBPUSH_VAPID_PUBLIC_KEY.strip().rstrip("=")
    if given and given != public:
        raise ImproperlyConfigured("WEBPUSH_VAPID_PUBLIC_KEY is not the public key of WEBPUSH_VAPID_PRIVATE_KEY.")
    return VapidKeys(signer=signer, public_key=public)


def _from_database() -> VapidKeys:
    row = VapidKeyPair.objects.filter(pk=_ROW).first()
    if row is None:
        signer = Vapid02()
        signer.generate_keys()
        raw = signer.private_key.private_numbers().private_value.to_bytes(32, "big")
        try:
            with transaction.atomic():
                row = VapidKeyPair.objects.create(pk=_ROW, private_key=b64url(raw), public_key=public_key_of(signer))
        except IntegrityError:  # another process stored one first: everybody signs with that one
            row = VapidKeyPair.objects.get(pk=_ROW)
    signer = Vapid02.from_raw(row.private_key.encode())
    return VapidKeys(signer=signer, public_key=row.public_key)


def vapid_keys_forget() -> None:
    """Read the pair again on next use (tests, whose databases come and go)."""
    _loaded.clear()


def vapid_keys_generate() -> tuple[str, str]:
    """A fresh (private, public) pair as the settings take them, for an operator to paste."""
    signer = Vapid02()
    signer.generate_keys()
    raw = signer.private_key.private_numbers().private_value.to_bytes(32, "big")
    return b64url(raw), public_key_of(signer)
