"""Why a change is asked about, in one short line: where it came from ("you said it", "from a
receipt from amazon.com"), when ("5 minutes ago"), and what else agrees or holds it back.

The confidence arithmetic never shows here: ``/why`` has it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from core.domain.provenance import INVITATION, UNTRUSTED_SENDER, mail_sender, quoted_sender
from core.domain.said_when import said_when

_SOURCE = {
    "conversation_assertive": "you said it",
    "conversation": "you said it",
    "calendar": "from your calendar",
    "transactions_email": "from a receipt",
    "email": "from an email",
    "static_markdown": "from your notes",
    "manual_markdown": "from your notes",
    "execution": "from something the assistant did",
    "agent": "the assistant suggested it",
    "user_confirmation": "you told me",
    "system": "Canon noticed it",
}
SHARED_LOCATION_REF = "map:"
"""How a chat message's ref starts when it is a location she shared, not words she said."""
FORWARDED_REF = "fwd:"
"""How a chat message's ref starts when it is her words another member forwarded to Canon."""
_CHAT_SOURCES = {
    SHARED_LOCATION_REF: "from your shared location",
    FORWARDED_REF: "from your message, forwarded to me",
}
"""What a chat message that is not the reader's own words to Canon now is, by its ref."""
_CAUSES: tuple[tuple[str, str | None], ...] = (
    # The rollout's limits (core/domain/rollout.py) come first: they are why it is asked.
    ("shadow mode", "I'm in shadow mode: I only suggest, and your answer grades me"),
    ("calibrating", "I'm still calibrating, so I check changes with you first"),
    ("after recent corrections", "after recent corrections I check changes with you first"),
    ("at stage 1", "here I act alone only when I'm nearly certain"),
    ("backwards", "that would be a step back"),
    ("only with your confirmation", "I only change this with your OK"),
    # Canon's own reading of a trip's words against the trip (core/engine/under_way_words.py).
    ("cannot be called off", "a trip under way can't be called off, so I took it as over"),
    ("on your way there", "on your way there is not there yet"),
    ("with no trip known", "I don't know of a trip of yours yet: tell me where when you can"),
    ("setting out; your plan", "I took it for the trip you planned"),
    ("ambiguous", "the wording left me unsure"),
    ("never committed without you", "I never take that without you"),
    ("an assistant proposed it", "I never take that without you"),  # claims.AGENT_DOUBT
    (UNTRUSTED_SENDER, "I never take mail from a sender you haven't trusted without you"),
    ("outranks", None),  # said by what holds the value (``_held_by``)
    ("a plan", "it sounds like a plan"),
)


def reason_line(
    source_key: str,
    reasons: Sequence[str],
    created_at: datetime,
    now: datetime | None = None,
    zone: object = None,
) -> str:
    """One short line: where the change came from, when (seen from ``now`` on ``zone``'s
    clock: "you said it yesterday evening"; none without ``now``), and what else agrees."""
    kind, _, ref = source_key.partition(":")
    if kind == "consistency" and reasons:
        return reasons[0]  # two things I know disagree: that is the whole why
    source = _SOURCE.get(kind, "from " + kind.replace("_", " "))
    if kind == "calendar":
        # Someone else's invitation is not the user's calendar: say whose (quoted).
        source = next((r for r in reasons if r.startswith(INVITATION)), source)
    if kind in ("transactions_email", "email"):
        source += _mail_sender(kind, ref)
    if kind in ("conversation_assertive", "conversation"):
        source = next((v for k, v in _CHAT_SOURCES.items() if ref.startswith(k)), source)
    if now is not None and kind in ("conversation_assertive", "conversation"):
        source += " " + said_when(created_at, now, zone)
    extra = [agrees] if (agrees := _agreement(reasons)) is not None else []
    found = [
        plain or _held_by(r)
        for needle, plain in _CAUSES
        if (r := next((r for r in reasons if needle in r), None)) is not None
    ]
    causes = [c for c in found if c]
    return "; ".join([source, *extra[:1], *causes[:1]])


_HOLDS = {
    "user_confirmation": "you told me otherwise not long ago",
    "calendar": "your calendar says otherwise",
    "transactions_email": "a receipt says otherwise",
    "email": "an email says otherwise",
    "execution": "something the assistant did says otherwise",
}
_HOLDER = re.compile(r"(\w+) outranks \w+ for \w+ within\b")


def _held_by(reason: str) -> str | None:
    """Why the committed value stands, by the source it rests on (the user's own answer
    is no "more reliable source" than the user); None when the new evidence is the one
    that outranks."""
    m = _HOLDER.match(reason)
    if m is None:
        return None
    return _HOLDS.get(m.group(1), "it disagrees with a more reliable source")


_OWN_WORD = frozenset({"user_confirmation", "conversation", "conversation_assertive"})
_AGREES = {
    "calendar": "your calendar agrees",
    "transactions_email": "a receipt agrees",
    "email": "an email agrees",
    "static_markdown": "your notes agree",
    "manual_markdown": "your notes agree",
    "execution": "something the assistant did agrees",
}
_CORROBORATION = re.compile(r"corroboration (\d+(?:\.\d+)?)(?: \(([\w, ]+)\))?")


def _agreement(reasons: Sequence[str]) -> str | None:
    """Who else agrees, when the resolver's factor line counts others (factor above 1):
    the user's own earlier word is no "other source" ("it matches what you told me
    before": the trip she confirmed vouching for her arrival); a reason stored before
    the factor line named them says only that another source agrees."""
    for reason in reasons:
        match = _CORROBORATION.search(reason)
        if match is None or float(match.group(1)) <= 1.0:
            continue
        named = [k.strip() for k in (match.group(2) or "").split(",") if k.strip()]
        if not named:
            return "another source agrees"
        others = [k for k in named if k not in _OWN_WORD]
        if not others:
            return "it matches what you told me before"
        said = {_AGREES.get(k, "another source agrees") for k in others}
        return said.pop() if len(said) == 1 else "other sources agree"
    return None


def _mail_sender(kind: str, ref: str) -> str:
    """Who sent a mail, from its ref (``core.signals.intake.mail_ref``: the From address,
    then the Message-ID): a plain mail's address quoted, as a stranger wrote it (a Yes
    trusts that address); a trusted sender's receipt by its domain. Never the
    Message-ID's domain, which the sender chooses freely."""
    address = mail_sender(ref)
    if address is None:
        return ""
    if kind == "email":
        return f" by {quoted_sender(address)}"
    labels = address.rpartition("@")[2].split(".")
    return " from " + ".".join(labels[-2:])
