"""A member's state read through a pronoun the message does not resolve: asked, never taken.

"she's poorly again" hours after "emma's got a temperature": who "she" is comes from the
chat's last news (``recent_subject``), and the message may be about someone else (a
colleague, a friend), so the member's state it reads is asked.
"""

from __future__ import annotations

import re
from typing import Any, Final

RECALLED_WHO: Final = "who the pronoun means was taken from the chat's last news"
"""The ``needs_confirmation`` of a member's state read through a pronoun the message itself
does not resolve ("she's poorly again" hours after "emma's got a temperature"): the
message may be about someone else (a colleague, a friend), so it is asked, never committed
on Canon's guess."""


def asked_when_recalled(
    found: list[dict[str, Any]], subject: str | None, words: str
) -> list[dict[str, Any]]:
    """``found`` with the recalled member's state asked, unless the words name them."""
    if subject is None or re.search(rf"\b{re.escape(subject)}\b", words, re.IGNORECASE):
        return found
    field = f"family.{subject}.status"
    return [{**p, "needs_confirmation": RECALLED_WHO} if p["field"] == field else p for p in found]
