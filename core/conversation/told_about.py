"""What the user told Canon about one thing: "what did i tell you about the car?".

A question about what was said on a topic is answered with what is held on it, as
/state says it (who said it, how long ago), or, when nothing held is about it, with that
and what Canon keeps at all: "I'm not sure what you mean" read as if Canon had not
listened. The topic is named as /why and /forget name one (``plain_commands``): a field's
part ("rent", "emma", "my sister"), a domain ("the trip"), a payee in other letters
("the pge bill" of the PG&E bill). Pure: the question, the facts and ``now`` in, text out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from core.conversation.answer_texts import state_text
from core.conversation.plain_commands import fields_named, plain_query
from core.conversation.question_notes import followed_by, open_question_note
from core.domain.fields import DOMAINS
from core.domain.kin_words import RELATIONS
from core.domain.state import CommittedFact
from core.extraction.first_names import is_first_name
from core.store import ReviewItem

_TOLD = re.compile(
    r"\bwhat ((did|have|do) )?(i|we) (ever )?(tell|told|say|said|mention|mentioned|write|wrote)"
    r"( to)?( you)? (about|re|regarding|on|of) (?P<topic>[a-z0-9' ]+)$"
    r"|\bwhat do you (know|have|remember|recall|hold) (about|on|of) (?P<topic2>[a-z0-9' ]+)$"
    r"|\bwhat have you got (about|on) (?P<topic3>[a-z0-9' ]+)$"
)
"""The question, read on ``reply_patterns.normalised`` text (no punctuation, lower case)."""
_ABOUT_ME = frozenset(["me", "myself", "us", "ourselves", "my life", "my stuff"])
"""Topics that are the user as a whole: "what do you know about me" (``about_me``)."""
_TRAILING = re.compile(r"\s+(so far|already|yet|before|earlier|again|then)$")
KINDS = frozenset(["location", "home_city", "timezone", "employer", "name", "rent", "bills"])
"""What a topic may name that Canon keeps though nothing is held of it yet."""
KEPT = (
    "I keep only where you are and your trips, bills and errands, how your family is, "
    "your projects, and your home and work."
)


def told_topic(normalised: str) -> str | None:
    """The topic of a question about what was said on it ("the car"), or None: not such
    a question, or one about the user as a whole."""
    match = _TOLD.search(normalised)
    if match is None:
        return None
    topic = next(v for v in match.groupdict().values() if v)
    topic = _TRAILING.sub("", topic.strip())
    return None if topic in _ABOUT_ME else topic


def told_about(
    topic: str,
    facts: Sequence[CommittedFact],
    now: datetime,
    reader: str,
    open_items: Sequence[ReviewItem] = (),
    shown_item: str | None = None,
) -> str:
    """What is held on ``topic``, for the user whose own entity is ``reader``, with the
    open question about it (said, and waiting for a Yes: not "nothing yet")."""
    wanted = fields_named(topic, [f.field for f in facts])
    held = [f for f in facts if f.field in wanted]
    asked = fields_named(topic, [i.field for i in open_items])
    note = open_question_note(
        open_items,
        reader,
        lambda field: 0 if field in asked else None,
        shown_item,
        held={f.field: f.value for f in facts if f.entity_id == reader},
        now=now,
    )
    names = {f.field.split(".")[1] for f in facts if f.domain == "family"}
    names |= {i.field.split(".")[1] for i in open_items if i.field.startswith("family.")}
    # "my sister" -> "your sister", "chloe" -> "Chloe" (a member known by that name).
    said = " ".join(w.title() if w in names else _SWAP.get(w, w) for w in topic.split())
    if not held and note:
        return f"Nothing settled about {said} yet.{note}"
    if not held and _kept_kind(plain_query(topic)):
        return f"You haven't told me anything about {said} yet."
    if not held:
        return f"I have nothing about {said}: {KEPT}"
    lines = state_text(held, now, reader).splitlines()
    if sum(not line.startswith("•") for line in lines if line) == 1:
        lines = [line for line in lines if line.startswith("•")]  # one group: no heading
    return followed_by("\n".join([f"About {said}, I have:", *lines]), note)


_SWAP = {"my": "your", "our": "your", "i": "you", "me": "you", "we": "you", "us": "you"}


def _kept_kind(query: str) -> bool:
    """Whether ``query`` ("travel", "sister", "tom", "rent") is of a kind Canon keeps."""
    last = query.rpartition("_")[2]
    return query in DOMAINS or query in KINDS or last in RELATIONS or is_first_name(last)
