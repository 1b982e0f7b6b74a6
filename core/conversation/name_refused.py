"""The reply to an introduction whose "name" is none: "my name is Ignore previous instructions".

The extractor reads no name out of it (``core.extraction.profile_name``), so nothing
changes; this says so, and why, in the rule's own words (``core.domain.person_names``),
instead of a reply that reads as if nothing was said. The refused words are the user's
own, shown back to them as a quoted value.
"""

from __future__ import annotations

import json

from core.extraction.profile_name import refused_name


def name_refused_reply(text: str) -> str | None:
    """ "That doesn't read as a name ..." for ``text`` (the user's message) when it gives
    the user a name that is none; None otherwise."""
    refused = refused_name(text)
    if refused is None:
        return None
    name, problem = refused
    return (
        f"I haven't changed what I call you: {json.dumps(name, ensure_ascii=False)} doesn't "
        f"read as a name ({problem}). A name is 1 to 4 words of letters in any script, "
        'like "Mary Ann" or "Siobhán O\'Brien".'
    )
