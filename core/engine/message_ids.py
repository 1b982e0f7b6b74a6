"""The key that message-derived event ids are made with (``core.domain.ids.keyed_id``).

One per store, made on first use and kept in it (``Store.secret_key``), so the
same message from the same sender gets the same ids across restarts and in every
process on the store, while no other principal can compute them. Read once per
store object: the key never changes once made.
"""

from __future__ import annotations

import secrets
import weakref
from typing import Final

from core.store.protocol import Store

MESSAGE_IDS: Final = "message-ids"
"""The name the key is kept under."""

_KEYS: weakref.WeakKeyDictionary[Store, bytes] = weakref.WeakKeyDictionary()


async def message_key(store: Store) -> bytes:
    """The store's message-id key (made now if the store has none)."""
    key = _KEYS.get(store)
    if key is None:
        key = await store.secret_key(MESSAGE_IDS, secrets.token_bytes(32))
        _KEYS[store] = key
    return key
