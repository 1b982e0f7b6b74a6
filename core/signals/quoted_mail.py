"""A mail's own words: its text without the older mails it quotes.

A reply quotes what it answers, below an attribution ("On Mon, 1 Mar 2027, Alice
<alice@example.com> wrote:", Outlook's "-----Original Message-----" or its "From: ...
Sent: ..." block) or on lines marked ``>``. Those words are someone else's, and older:
often the user's own ("> You charged me $950.00 twice"). Read as the sender's, a trusted
shop's "Thanks for your note" committed a payment of $950 the user was complaining
about. Only the text above the quote is the sender's claim; a forwarded message stays
(forwarding it is the point of the mail, and it is asked about as the forwarder's).
Pure: text in, text out.
"""

from __future__ import annotations

import re
from typing import Final

_ATTRIBUTION: Final = re.compile(
    # "On <date>, <name> wrote:" (Gmail, Apple Mail, Thunderbird), maybe wrapped once;
    # the same in the languages mail clients most often write it in.
    r"^[ \t]*(?:On|Le|Am|El|Il|Op)\b[^\n]{0,300}(?:\n[^\n]{0,200})?"
    r"\b(?:wrote|a écrit|schrieb|escribió|ha scritto|schreef)[ \t]*:[ \t]*$"
    # Outlook: a rule of dashes, or the original's header block.
    r"|^[ \t]*-{2,}[ \t]*Original Message[ \t]*-{2,}[ \t]*$"
    r"|^[ \t]*From:[^\n]*\n[ \t]*(?:Sent|Date):[^\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
_QUOTED_LINE: Final = re.compile(r"^[ \t]*>")


def own_words(text: str) -> str:
    """``text`` above the first attribution of a quoted mail, without ``>`` lines."""
    found = _ATTRIBUTION.search(text)
    above = text[: found.start()] if found else text
    return "\n".join(line for line in above.split("\n") if not _QUOTED_LINE.match(line))
