"""'returned it', 'dropped off the amazon package': the errand still to do is done.

The extractor reads each message alone: "returned it" names no errand ("it" is whatever
the user has to return), "sent the package back" names one of its own (a package return),
and "the return's done" says nothing it can place. Canon knows which errands are still
to do (``financial.<errand>.status`` = due): an errand said done in the user's own past
words ("returned it", "dropped it off", "sent it back", "took it to ups", "the return's
done") is that errand, now sent back (``pending``: a return waits for its refund), when
the words can only mean it: "it" (or no object) while exactly one errand is open, or a
thing named with a word of that errand's name ("the amazon package") or with no name
at all ("the package") while it is the only one. A plan ("i'll drop it off tomorrow"), a
question ("did you return it?"), someone else's doing ("she returned it"), a denial
("haven't returned it") and a thing of another name ("dropped off the ikea box") are not.
Asked, never taken: Canon chose the errand ("Mark the Amazon return done?").

A pure function of the message's payloads and words and the speaker's committed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from core.domain.errands import ERRAND_WHICH, returns_held
from core.domain.state import Scalar

_THING = r"(?:it|that|this|them|the\s+(?:[a-z'&-]+\s+){0,3}?(?:package|parcel|box|return|order|thing|stuff|shoes|jacket|item))"
_PLACE = r"(?:ups|fedex|usps|dhl|the\s+(?:post\s+office|ups\s+store|store|locker|drop[\s-]?off|amazon\s+locker|counter))"
_DONE = re.compile(
    r"^(?:(?:ok(?:ay)?|so|yay|phew|whew|finally|also|and|just|btw|oh|well|update)\W+)*"
    r"(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+)?"
    r"(?:"
    rf"returned(?:\s+(?P<a>{_THING}))?"
    rf"|dropped\s+(?:(?P<b>{_THING})\s+off|off(?:\s+(?P<c>{_THING}))?)"
    rf"|(?:sent|mailed|shipped)\s+(?:(?P<d>{_THING})\s+back|back(?:\s+(?P<e>{_THING}))?)"
    rf"|took\s+(?P<f>{_THING})\s+(?:back|to\s+{_PLACE})"
    r"|(?P<g>the\s+(?:[a-z'&-]+\s+)?return)(?:'s|\s+is)\s+(?:done|sorted|in|back)"
    r")\b",
)
_CLAUSE = re.compile(r"[^.!?;,\n]+[.!?;,\n]*")
_GENERIC = frozenset(
    [
        "it",
        "that",
        "this",
        "them",
        "the",
        "package",
        "parcel",
        "box",
        "return",
        "order",
        "thing",
        "stuff",
        "item",
    ]
)

Payload = dict[str, Any]

ERRAND_CHOSEN = "the errand still to do was chosen for the words"
"""Why an errand said done is asked: Canon, not the words, named it."""


def errand_said_done(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, str, str], Payload],
) -> list[Payload]:
    """``payloads`` with the errand of ``entity_id`` that ``text`` says was done, as sent
    back (``said(field, clause, why)``: the message's own observation of it, asked); a
    status the extractor gave a return of another name in the same words is left out.
    Words that fit several errands still to do ("returned it" while the Amazon and the
    Zara returns are due) give one observation each, asked as one choice (``ERRAND_WHICH``:
    a Yes to one is a No to the others)."""
    # Only goods go back: "returned it" is never the rent that is due.
    still_to_do = returns_held(state, ("due",))
    if not still_to_do:
        return payloads
    done = _done_errands(text, still_to_do)
    if done is None:
        return payloads
    which, words = done
    fields = [f"financial.{slug}.status" for slug in which]
    kept = [p for p in payloads if not _another_return_sent_back(p, entity_id, fields)]
    if len(fields) == 1 and any(
        p.get("field") == fields[0] and p.get("entity_id") == entity_id for p in kept
    ):
        return kept
    why = ERRAND_CHOSEN if len(fields) == 1 else ERRAND_WHICH
    return [*kept, *(said(field, words, why) for field in fields)]


def _done_errands(text: str, still_to_do: list[str]) -> tuple[list[str], str] | None:
    """The errands (of ``still_to_do``) a clause of ``text`` may mean as done (one, or
    the several its words fit), and the clause."""
    for clause in _CLAUSE.findall(text.lower()):
        if clause.rstrip().endswith("?") or (found := _DONE.match(clause.strip())) is None:
            continue
        thing = next((g for g in found.groups() if g), "it")
        named = set(re.findall(r"[a-z]+", thing)) - _GENERIC
        # A thing named ("the amazon package") is the errand of that name; none, any.
        which = [e for e in still_to_do if named & set(e.split("_"))] if named else still_to_do
        if which:
            return which, clause.strip()
    return None


def _another_return_sent_back(p: Payload, entity_id: str, fields: list[str]) -> bool:
    """A "sent back" the extractor named after words that name nothing ("the package":
    a package return), not the errand they mean."""
    parts = str(p.get("field", "")).split(".")
    return (
        p.get("entity_id") == entity_id
        and ".".join(parts) not in fields
        and len(parts) == 3
        and parts[0] == "financial"
        and parts[2] == "status"
        and p.get("candidate_value") == "pending"
        and set(parts[1].split("_")) <= _GENERIC
    )


STILL_PENDING = "a return still to send back was called pending, with no word of it going back"
"""Why "still pending" of a return held as due is read as still due (asked if anything)."""
_STILL_PENDING = re.compile(r"\bpending\b")
_WENT_BACK = re.compile(
    r"\b(?:returned|sent|mailed|shipped|posted|dropped|took|brought|refund(?:ed)?|refund's)\b"
)
"""Words that say the goods went back (or the money came): "pending" beside them is the refund's."""


def says_still_pending(text: str) -> bool:
    """Whether ``text`` calls a return pending without saying it went back: "the amazon
    return is still pending" reads as not done yet to most people."""
    low = text.lower()
    return _STILL_PENDING.search(low) is not None and _WENT_BACK.search(low) is None


def pending_while_due(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, str], Payload],
) -> list[Payload]:
    """``payloads`` with a return still to do that ``text`` calls "still pending" kept
    due. The labelled vocabulary reads "pending" as sent back (its refund awaited), but
    said of a return Canon holds as still to send back, with no word of it going back, it
    means what most readers mean: not done yet. Never silently sent back; the reply says
    it is still to do. A return not held as due keeps the extractor's reading.
    ``said(field, words)``: the message's own observation that it is due (when the
    extractor read nothing: "amazon return still pending ugh")."""
    if not says_still_pending(text):
        return payloads
    due = returns_held(state, ("due",))
    fields = {f"financial.{slug}.status" for slug in due}
    kept = [
        {**p, "candidate_value": "due"}
        if p.get("entity_id") == entity_id
        and p.get("field") in fields
        and p.get("candidate_value") == "pending"
        else p
        for p in payloads
    ]
    if any(p.get("entity_id") == entity_id and p.get("field") in fields for p in kept):
        return kept
    words = set(re.findall(r"[a-z]+", text.lower()))
    named = [s for s in due if words & (set(s.split("_")) - _GENERIC)]
    if not named and "return" in words and len(due) == 1:
        named = due  # "return's still pending": the one return still to do
    return [*kept, *(said(f"financial.{slug}.status", text.strip()) for slug in named)]
