"""A bill or an errand named again in another spelling is the one held.

"need to pay the PG&E bill before the 10th" makes ``financial.pg_e_bill`` due (the
ampersand cut the name in two); "just paid the pge bill" days later was read as
``financial.pge_bill``, a bill of its own: "Did you pay pge bill?" was asked while the
PG&E bill stayed due, and "is the pge bill paid" answered "I don't know". The extractor
reads each message alone; the speaker's state says which names are held. A name spelled
with the same letters as exactly one held name ("pge bill", "PG&E", "pg-e bill" for
``pg_e_bill``; "the phone" for ``phone_bill``) is that one; so is a kind said alone when
exactly one held name is of that kind ("the return" for ``amazon_return``). A name of other letters
("the gas bill" beside the PG&E bill) stays its own, and two held names of the same
letters are not guessed between.

Pure functions of the message's payloads and the speaker's held field names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_NAMED = ("financial", "project")
"""The domains whose names are the user's own words (a family member's is a name)."""
_KIND = re.compile(r"(?:bill|payment|invoice)$")


def spelling_key(slug: str) -> str:
    """The letters a name is spelled with, its kind of bill dropped: 'pg_e_bill' ->
    'pge', 'PG&E' -> 'pge', 'phone bill' -> 'phone'."""
    letters = re.sub(r"[^a-z0-9]+", "", slug.casefold())
    return _KIND.sub("", letters) or letters


def held_name(slug: str, domain: str, held: Iterable[str]) -> str | None:
    """The one held ``domain`` name (a slug) spelled as ``slug`` is, if it is not ``slug``
    itself and no other held name is spelled so too; else None."""
    names = {f.split(".")[1] for f in held if f.startswith(domain + ".") and f.count(".") == 2}
    if slug in names:
        return None
    same = [n for n in names if spelling_key(n) == spelling_key(slug)]
    if not same and "_" not in slug:
        # The kind alone names the one held of that kind: "return's still pending" beside
        # the Amazon return is the Amazon return, as "the return" is in speech.
        same = [n for n in names if n.endswith("_" + slug)]
    return same[0] if len(same) == 1 else None


def named_as_held(found: list[dict[str, Any]], held: Iterable[str]) -> list[dict[str, Any]]:
    """``found`` with each bill, errand or project named in another spelling of a held
    one renamed to it (``held``: the speaker's committed and asked field names)."""
    held = list(held)
    out = []
    for payload in found:
        domain, _, rest = str(payload.get("field", "")).partition(".")
        slug, _, name = rest.partition(".")
        same = held_name(slug, domain, held) if domain in _NAMED and name else None
        out.append(payload if same is None else {**payload, "field": f"{domain}.{same}.{name}"})
    return out
