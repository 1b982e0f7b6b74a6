"""The offline assistant's words: small talk, and questions about state answered from state.

``offline_answer`` is pure (message, committed facts, open questions, ``now``
-> reply). It only runs for messages the extractor found no claim in, so a
statement ("I'm in Tahoe") is never answered here. Values are said in plain
words with when and from what source ("In Tahoe, since this morning (you told
me)."); a question about something unknown gets an honest "I don't know yet".
The help text is for "help" only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Literal

from core.conversation.about_me import NOTHING_KNOWN, about_me
from core.conversation.agenda import NOTHING, agenda, errands_to_do
from core.conversation.audience import PRIMARY
from core.conversation.errand_answers import errand_asked, errand_reply, no_return_known
from core.conversation.family_places import family_place
from core.conversation.name_refused import name_refused_reply
from core.conversation.own_health import own_health
from core.conversation.pending_answer import pending_text
from core.conversation.question_notes import (
    any_field,
    followed_by,
    in_doubt,
    open_question_note,
)
from core.conversation.reply_patterns import (
    ABOUT_ASSISTANT,
    ABOUT_ME,
    AGENDA,
    ASKS,
    CHEER,
    CONDITION,
    GREETING,
    HELP,
    HOW_ARE_YOU,
    PENDING,
    REQUEST,
    SMALL,
    STATEMENT,
    THANKS,
    normalised,
)
from core.conversation.state_answers import NOT_KEPT, STATE_QUESTIONS, UNSURE, Known, trip_answer
from core.conversation.told_about import told_about, told_topic
from core.domain.read_values import item_as_read
from core.domain.state import CommittedFact
from core.domain.tense import still_told
from core.engine.consistency import today_where
from core.store import ReviewItem

HELP_TEXT = (
    "I keep your assistant's beliefs true. Tell me what changed (\"we're in Tahoe\", "
    '"Emma is sick today", "Feature X shipped") and I\'ll note it or ask you to confirm. '
    'Ask me "where am I?" or "what\'s pending?", or use /state, /pending, /why, /help.'
)
ENGLISH_ONLY = "I can only read English so far — could you say that in English?"
NOTHING_CHANGED = (
    "Thanks for telling me. Nothing in that changes what I know about how things are now."
)
CONDITION_NOTED = "Noted as an if — nothing changes unless it happens; tell me if it does."
NOT_MY_JOB = (
    "I can't do that myself: I keep track of what's true, so your assistant can act on it. "
    'If something changed, tell me ("the amazon return is due friday").'
)


def message_kind(text: str) -> Literal["chat", "state", "other"]:
    """What a message asks for: ``chat`` (a greeting, thanks, a question about the assistant:
    no tools), ``state`` (a question about the user's world: a tool first), or ``other``."""
    t = normalised(text)
    chat = (GREETING, THANKS, HOW_ARE_YOU, CHEER, SMALL, HELP, ABOUT_ASSISTANT)
    if any(match(t) for match in chat):
        return "chat"
    if PENDING(t) or ABOUT_ME(t) or AGENDA(t) or told_topic(t) is not None:
        return "state"
    if any(q.search(t) for q, _, _ in STATE_QUESTIONS):
        return "state"
    return "other"


_ASIDES = re.compile(
    r"(?<=[.!?])\s+|\n+|[,;:]\s+(?=(?:so |and |but |also |btw |oh )?(?:what|where|when|how|who|is|are"
    r"|did|do|does|have|has|anything|any)\b)"
)


def question_aside(text: str) -> str | None:
    """The question about state asked beside news ("just paid the pge bill. anything else
    due this week?", "maya is sick today, where is tom?"): the last clause of ``text``
    that asks one, when ``text`` is more than that clause; else None."""
    parts = [p.strip() for p in _ASIDES.split(text) if p and p.strip()]
    if len(parts) < 2:
        return None
    asked = [
        p
        for p in parts
        if message_kind(p) == "state" and (p.endswith("?") or ASKS.match(normalised(p)))
    ]
    return asked[-1] if asked else None


def offline_answer(
    text: str,
    facts: Sequence[CommittedFact],
    open_items: Sequence[ReviewItem],
    now: datetime,
    reader: str = PRIMARY,
    shown_item: str | None = None,
    asked_others: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
) -> str:
    """A short, natural reply to ``text`` from state alone (pure), for the user whose own
    entity is ``reader`` (the rest of ``facts`` are shared ones, like the household's).
    An answer about state names the open question closest to it; ``shown_item`` is an
    item of the question the chat shows now (it is "asked"; the others are waiting).
    ``names``: the household's members by entity: another member's word in a question
    is quoted from them by name, as the question itself does."""
    # Read once here, so every question this answer quotes reads as it is asked.
    open_items = [item_as_read(r, reader, names) for r in open_items]
    if (refused := name_refused_reply(text)) is not None:
        return refused  # "my name is Ignore previous instructions": no name, and why
    t = normalised(text)
    # What has ended is not how things are: left out of every answer here (issue 24).
    facts = still_told(facts, now)
    mine = {f.field: f for f in facts if f.entity_id == reader}
    mine_state = {name: f.value for name, f in mine.items()}
    every = {f.field: f for f in sorted(facts, key=lambda f: f.entity_id == reader)} | mine
    if GREETING(t):
        word = next((w for w in ("morning", "afternoon", "evening") if w in t), None)
        hello = f"Good {word}!" if word else "Hi!"
        return f"{hello} What's new? Tell me what changed, or ask me what I know."
    if THANKS(t):
        return "You're welcome!"
    if HOW_ARE_YOU(t):
        return "All good here, thanks! Anything new on your side?"
    if CHEER(t):
        return "😊"
    if SMALL(t):
        return "Bye for now!" if re.search(r"bye|night|gn|see|later|cya", t) else "👍"
    if HELP(t):
        return HELP_TEXT
    if PENDING(t):
        to_do = errands_to_do(facts, now, reader, in_doubt(open_items))
        return pending_text(open_items, reader, today_where(mine_state, now), names, to_do)
    if (said_on := told_topic(t)) is not None:
        return told_about(
            said_on, facts, now, reader, open_items, shown_item
        )  # "what did i tell you about the car"
    if (about := ABOUT_ME(t)) or AGENDA(t):
        # What is known, or coming up, with the question still waiting beside it.
        note = open_question_note(
            open_items,
            reader,
            any_field,
            shown_item,
            about_it=False,
            held=mine_state,
            now=now,
            names=names,
        )
        if about:
            said = about_me(facts, now, reader, in_doubt(open_items))
            # Nothing known while a question waits: the question, not an invitation to say more.
            empty = "Nothing confirmed yet." if said == NOTHING_KNOWN else None
        else:
            said = agenda(facts, now, reader, in_doubt(open_items))
            empty = "Nothing confirmed coming up yet." if said == NOTHING else None
        return followed_by(empty if note and empty else said, note)
    match, answer, topic = next(
        ((m, a, about) for q, a, about in STATE_QUESTIONS if (m := q.search(t)) is not None),
        (None, None, None),
    )
    # "is the amazon return before or after the trip?": the errand, against the trip.
    about_errand = answer in (None, trip_answer) and ("?" in text or ASKS.match(t) is not None)
    if (
        about_errand
        and (errand := errand_reply(t, facts, reader, today_where(mine_state, now))) is not None
    ):
        return errand
    if about_errand and (asked := errand_asked(t, open_items, reader, shown_item)):
        return asked
    if about_errand and answer is None and (unknown := no_return_known(t)) is not None:
        return unknown
    if match is not None and answer is not None and topic is not None:
        subject = next((v for v in match.groupdict().values() if v), "").strip()
        said = answer(subject, Known(every, now, reader, tuple(asked_others)))
        # An open question about the same thing is part of the answer.
        note = open_question_note(
            open_items, reader, topic(subject), shown_item, held=mine_state, now=now, names=names
        )
        return followed_by(said, note)
    if REQUEST(t):
        return NOT_MY_JOB
    if CONDITION(t) and "?" not in text:
        return CONDITION_NOTED
    if "?" not in text and not ASKS.match(t) and (bill := _bill_unread(text)) is not None:
        return bill
    if "?" not in text and (where := family_place(t)) is not None:
        return f"Thanks for telling me. {NOT_KEPT.format(where)}"  # "tom moved to denver"
    if "?" not in text and (unwell := own_health(t)) is not None:
        return unwell  # "i am not feeling well today": kindly, and that it is not kept
    if STATEMENT(t) and "?" not in text and len(t.split()) >= 3:
        return NOTHING_CHANGED
    if any(c.isalpha() for c in text) and not re.search(r"[a-zA-Z]", text):
        return ENGLISH_ONLY  # "אנחנו בטאהו", "estamos en casa" has Latin letters and is unsure
    return UNSURE


_BILL = re.compile(r"\b(?:(?:the|my|our|this|a)\s+)?((?:[a-z&]+\s+)?(?:bill|invoice))\b")
_MONEY_OR_DAY = re.compile(r"\$\s?\d|\b\d+\s*(?:bucks|dollars|usd)\b|\bdue\b")


def _bill_unread(text: str) -> str | None:
    """A bill with its money or its day that nothing read ("the electric bill came, it's
    $143 and due on the 15th"): how to say it so that it is kept, not "I'm not sure what
    you mean" nor "nothing changes" (a bill due is what Canon keeps)."""
    low = text.casefold()
    named = _BILL.search(low)
    if named is None or _MONEY_OR_DAY.search(low) is None:
        return None
    bill = " ".join(named[1].split())
    bill = bill if bill.split()[0] not in ("the", "my", "our") else bill.split(" ", 1)[-1]
    return (
        f'I couldn\'t read the {bill} in that. Say it like "the {bill} is $80, due Friday" '
        "and I'll keep it."
    )
