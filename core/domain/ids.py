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
import uuid
from typing import Final

from uuid6 import uuid7

CANON_NAMESPACE = uuid.UUID("6f0f5f7e-58a5-4b8e-9a54-3c1f0c2a9e11")


def new_id() -> str:
    """A uuid7: time-ordered, each above the last one this process minted (``uuid6``,
    kept rather than a hand-written copy: it is a few microseconds an id)."""
    return str(uuid7())


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
