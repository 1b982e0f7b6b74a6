"""Requests in the parse: the speaker needs, wants or is looking for something.

"I need a taxi", "we'd like a table", "looking for a hotel": a request, not a fact about
the speaker; and what is wanted ("I want to book a flight" -> ("book", "flight")), which
tells a service asked for from a wish ("I want to move to Denver someday").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.extraction.linguistics.subjects import Subject

if TYPE_CHECKING:
    from spacy.tokens import Token

_REQUEST_VERBS = frozenset({"need", "want", "require", "look", "search", "like", "love"})


def wanted(head: Token) -> tuple[str, ...]:
    """The to-infinitive under want/need/like and its object: ("book", "flight")."""
    if head.lemma_ not in _REQUEST_VERBS:
        return ()
    for x in head.children:
        if x.dep_ == "xcomp" and x.pos_ in ("VERB", "AUX"):
            objs = [c for c in x.children if c.dep_ == "dobj"] + [
                g for c in x.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"
            ]
            return (x.lemma_.lower(), *(o.lemma_.lower() for o in objs[:1]))
    # "I'd like a table for 4": what is wanted, with no verb of its own; "we'd like
    # somewhere quiet", which the parse hangs on the verb as an adverb.
    objs = [c for c in head.children if c.dep_ == "dobj"] + [
        c for c in head.children if c.dep_ == "advmod" and c.lower_ in ("somewhere", "someplace")
    ]
    return ("", objs[0].lemma_.lower()) if objs else ()


def is_request(head: Token, modal: str, subject: Subject) -> bool:
    if subject not in ("speaker", "we", "none") or head.lemma_ not in _REQUEST_VERBS:
        return False
    if head.lemma_ in ("like", "love"):
        return modal == "would"  # "I'd like a table", not "I like hiking"
    if head.lemma_ in ("look", "search"):
        return head.tag_ == "VBG" and any(c.lower_ == "for" for c in head.children)
    return head.tag_ in ("VBP", "VB", "VBZ")


# What one asks an assistant or a clerk to arrange: "I want to book a flight", "we'd like
# to reserve a table", "I need to find a hotel", "I want to stay in a hotel from Tuesday".
ARRANGE = frozenset({"book", "reserve", "order", "rent", "hire", "schedule", "arrange", "find"})
LODGING = frozenset(
    {"hotel", "guesthouse", "hostel", "b&b", "bnb", "airbnb", "motel", "inn", "room", "place"}
)


SERVICES = LODGING | frozenset(
    {"table", "taxi", "cab", "ticket", "train", "flight", "reservation", "booking", "ride"}
    | {"uber", "seat", "car", "appointment", "bus", "transfer"}
    # "we'd like somewhere quiet", "I'd like a restaurant near the station"
    | {"restaurant", "somewhere", "spot", "pub", "cafe", "villa", "cottage", "apartment", "flat"}
)
AMEND = frozenset({"change", "cancel", "amend", "extend", "upgrade", "move", "modify"})
"""Changing what was booked: "I'd like to change my booking to the 14th"."""
AT_THE_DESK = frozenset({"check"})
"""Checking in or out, asked of a desk: "we'd like to check out a day early"."""
SETTLED_AT_THE_DESK = frozenset(
    {"card", "cash", "bag", "luggage", "suitcase", "case", "key", "deposit", "bill"}
)
"""What is paid, left or handed in at a desk: "I'd like to pay by card", "we'd like to leave
our bags till 4" (not "I'd like to leave Leeds", "I'd love to pay off the mortgage")."""
