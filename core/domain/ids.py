"""Event and prompt identifiers.

Canon mints uuid7 (time-ordered) for new events and prompts. Observations
derived from an identifiable source (a chat message id, a Markdown line, a
calendar event) get a name-based uuid5 instead, so processing the same source
twice yields the same event_id and the second time is a recorded duplicate.

A name-based id anyone can compute is fine for Canon's own inputs (a file, a
replay), not for what a person says: another principal who knows the message's
ref could compute its ids. Those are ``keyed_id``s, an HMAC-SHA256 under a key
the store makes once (``core.engine.message_ids``): the same message from the same
sender still gets the same id, in every process on that store, and nobody
without the key can tell which id it will get.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import time
import uuid
from typing import Final

CANON_NAMESPACE = uuid.UUID("6f0f5f7e-58a5-4b8e-9a54-3c1f0c2a9e11")


def new_id() -> str:
    """A uuid7 (RFC 9562): time-ordered, each above the last one this process minted.

    What ``uuid6.uuid7`` mints, written out: the Unix time in milliseconds (one past the
    last id's when the clock has not moved on, so ids never repeat or go backwards), the
    version, 76 bits from the system's random source with the variant's two bits set. By
    hand, because the library builds a ``UUID`` through two ``__init__``s and ``secrets``
    and then formats it: 28.8 K instructions an id against 14.2 K, and the engine mints
    one for every question it asks (1.4 % of a chat message's engine part).
    """
    global _last_ms
    ms = time.time_ns() // 1_000_000
    if ms <= _last_ms:
        ms = _last_ms + 1
    _last_ms = ms
    # urandom(10) is 80 bits; the top 76 are kept, as ``secrets.randbits(76)`` keeps them.
    rand = int.from_bytes(os.urandom(10), "big") >> 4
    h = f"{(ms & _MS_MASK) << 80 | rand & _RANDOM_BITS | _VERSION_AND_VARIANT:032x}"
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


_last_ms = -1
"""The millisecond of the last id minted (``new_id``)."""
_MS_MASK: Final = (1 << 48) - 1
_RANDOM_BITS: Final = (1 << 76) - 1 & ~(0b11 << 62)
"""The random bits an id keeps: the low 76 but the variant's two (bits 62 and 63)."""
_VERSION_AND_VARIANT: Final = 7 << 76 | 0b10 << 62
"""Version 7 in bits 76-79, the RFC 4122 variant (10) in bits 62-63."""


_NAMESPACE_BYTES = CANON_NAMESPACE.bytes


def derived_id(*parts: str) -> str:
    """A stable UUID for the observation a given source yields.

    ``uuid.uuid5(CANON_NAMESPACE, name)`` written out by hand (SHA-1 of namespace and
    name, version 5, RFC 4122 variant), without building a ``UUID``: the ingest path
    derives two or more per observation, and the object costs more than the hash.
    """
    h = hashlib.sha1(_NAMESPACE_BYTES + "\x1f".join(parts).encode("utf-8")).hexdigest()
    # The version nibble (hex digit 12) becomes 5, the variant's two bits (digit 16) 10.
    return f"{h[:8]}-{h[8:12]}-5{h[13:16]}-{_VARIANT[h[16]]}{h[17:20]}-{h[20:32]}"


_VARIANT: Final = {d: "89ab"[int(d, 16) & 3] for d in "0123456789abcdef"}
"""A hex digit with its top two bits set to the RFC 4122 variant (10)."""


def keyed_id(key: bytes, *parts: str) -> str:
    """A stable UUID for ``parts`` that only a holder of ``key`` can compute.

    The first 128 bits of HMAC-SHA256(key, parts), stamped as an RFC 9562 version 8
    (custom) UUID: 122 bits of the MAC survive, so ids neither collide nor leak.
    """
    digest = hmac.new(key, "\x1f".join(parts).encode("utf-8"), hashlib.sha256).digest()
    number = int.from_bytes(digest[:16], "big")
    number = (number & ~(0xF << 76)) | (0x8 << 76)  # version 8
    number = (number & ~(0x3 << 62)) | (0x2 << 62)  # the RFC 4122 variant
    return str(uuid.UUID(int=number))
