"""What the bot says: prompts, acknowledgements, command answers (pure functions).

Everything here is a function of records and an explicit ``now``; Telegram's
limit of 4,096 characters a message is respected here so handlers never have to
think about it. This module holds the fixed texts and what an answered question turns
into; the question as asked lives in ``question_texts``, the buttons under it and their
callback data in ``buttons``; the questions, the acknowledgement, the read commands'
answers (``answer_texts``) and what an Edit asks and says (``edit_texts``) are re-exported
here, so ``texts.X`` names them all. What a typed reply means (a yes, a no, a question) is
``typed_replies``; an alert as the owner reads it is ``alert_texts``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from types import MappingProxyType
from typing import Any

from core.conversation.acknowledgements import acknowledgement as acknowledgement
from core.conversation.answer_texts import state_text as state_text
from core.conversation.answer_texts import status_text as status_text
from core.conversation.answer_texts import value_sentence as value_sentence
from core.conversation.answer_texts import who as who
from core.conversation.answer_texts import wrong_which as wrong_which
from core.conversation.edit_texts import EDIT_CANCELLED as EDIT_CANCELLED
from core.conversation.edit_texts import EDIT_ENDED as EDIT_ENDED
from core.conversation.edit_texts import EDIT_LEFT as EDIT_LEFT
from core.conversation.edit_texts import PICK_PART as PICK_PART
from core.conversation.edit_texts import PLACE_AGAIN as PLACE_AGAIN
from core.conversation.edit_texts import REST_ASKED_AGAIN as REST_ASKED_AGAIN
from core.conversation.edit_texts import UNSURE_LEFT_OPEN as UNSURE_LEFT_OPEN
from core.conversation.edit_texts import edit_noted as edit_noted
from core.conversation.edit_texts import edit_request as edit_request
from core.conversation.edit_texts import new_place_question as new_place_question
from core.conversation.edit_texts import refusal as refusal
from core.conversation.edit_texts import which_day_instead as which_day_instead
from core.conversation.edit_texts import which_day_left as which_day_left
from core.conversation.pending_answer import pending_text as pending_text
from core.conversation.question_texts import bootstrap_settled
from core.conversation.question_texts import bootstrap_text as bootstrap_text
from core.conversation.question_texts import dead_letter_question as dead_letter_question
from core.conversation.question_texts import prompt_body as prompt_body
from core.conversation.settled_by import UNKNOWN_WORD
from core.conversation.which_errand import which_settled
from core.conversation.why_texts import history_text as history_text
from core.conversation.why_texts import why_text as why_text
from core.domain import phrasing
from core.domain.errands import asks_which_errand
from core.domain.review_items import PASSED
from core.engine.consistency import no_cannot_keep
from core.engine.corrections import correction_kind, correction_result, undo_group_result
from core.engine.errand_trip_off import is_trip_off_question
from core.engine.went_on_the_trip import FOLDED
from core.store import ReviewItem

MAX_MESSAGE = 4096

START = (
    "Hi, I'm Canon. I keep your assistant's beliefs true.\n\n"
    'Just talk to me: "we\'re in Tahoe", "Emma is sick today", "paid rent, $2,100". '
    "I note what is clearly a fact, keep plans as plans, and when I'm not sure I ask "
    "you one question at a time with Yes / No / Edit buttons. At first I check each "
    "change with you while I calibrate; /status shows how far along I am.\n\n"
    'Ask "where am I?" or "what\'s pending?" any time. /help lists the commands.'
)
HELP = (
    "Commands:\n"
    "/state [domain] – what I believe (travel, family, project, financial, profile)\n"
    "/pending – changes waiting for your confirmation\n"
    "/why <field> – the evidence behind a value, e.g. /why travel, /why rent\n"
    "/history [field] – how values changed, e.g. /history emma\n"
    "/status – how much I do on my own in each area, and why\n"
    "/forget <field> – retract a value (I ask first)\n"
    "/undo – revert the last change (I ask first)\n"
    "/wrong <field> – a value I hold is wrong: tell me the right one\n"
    "/confirm, /reject – answer the current question (or just type yes / no)\n"
    "/setup – set me up step by step: your profile, calendar, mail\n"
    "/trip – follow your planned trip (starts by itself when a trip is planned)\n"
    "/cancel – stop editing a value, or leave the setup or trip\n"
    "/report – a chart of how often I needed you and was corrected (30 days)\n"
    "/debug – (owner) what the assistant assumes and expects in this chat\n"
    "/help – this list"
)
COMMANDS: tuple[tuple[str, str], ...] = (
    ("start", "What Canon is and how to use it"),
    ("help", "List the commands"),
    ("state", "What I believe, optionally for one domain"),
    ("pending", "Changes waiting for your confirmation"),
    ("why", "The evidence behind a field's value"),
    ("history", "How values changed"),
    ("status", "How much I do on my own, per area"),
    ("forget", "Retract a field's value (asks first)"),
    ("undo", "Revert the last change (asks first)"),
    ("wrong", "A value I hold is wrong: give the right one"),
    ("confirm", "Answer the current question: yes"),
    ("reject", "Answer the current question: no"),
    ("setup", "Set me up: profile, calendar, mail"),
    ("trip", "Follow your planned trip"),
    ("cancel", "Stop editing a value, or leave a workflow"),
    ("report", "A chart: how often I needed you, the last 30 days"),
    ("debug", "(Owner) The assistant's working notes in this chat"),
)
NO_WORKFLOWS = "Setup and trips are not available here."
REFUSAL = "Sorry, this is a private assistant; I can't talk with you."
NOT_YOURS = "This question isn't yours to answer."


def too_many_asked(name: str, limit: int) -> str:
    """Past the cap of open questions one member may raise about another user (the
    policy's ``max_agent_questions``): nothing of the message was recorded."""
    return (
        f"{name} already has {limit} questions from you waiting, so I didn't record that "
        f"message. I'll ask {name} more once some are answered."
    )


_CLOSED_AS = {
    "confirmed": "answered: you said Yes",
    "rejected": "answered: you said No",
    "edited": "answered: you gave the right value",
    "superseded": "closed: what you said since replaced it",
}


def already_answered(outcome: str | None, *, open_now: bool) -> str:
    """A yes or no replying to a question closed before (``outcome``: how): it changed
    nothing, and it never answers the question open now in that one's place."""
    how = _CLOSED_AS.get(outcome or "", "closed: it no longer needed an answer")
    then = " To answer the question open now, reply to it or tap its buttons." if open_now else ""
    return f"That question was already {how}. Your reply to it changed nothing.{then}"


ALREADY = "Already answered."
EXPIRED = "This question is no longer open."
ASKED_AGAIN = "↓ Asked again below (I restarted)."
ANSWERED_ELSEWHERE = (
    "That question was already answered elsewhere (your own app or assistant) just before "
    "your tap, so your tap changed nothing: what it shows above is the answer that counted."
)
"""A tap that lost the race to another door's answer (``AlreadyAnswered``): the message
is edited to that answer, which read alone as if the tap had given it."""
SAID_SINCE_ASKED_AGAIN = "↓ Asked again below: someone has said something about it since."


def overtaken_asked_again(line: str) -> str:
    """Under a question a tap answered nothing on: whose newer word overtook it, when and
    what (``said_since.overtaken_line``), and that it is asked again with that word."""
    return f"↓ {line} Asked again below."


FORWARDED = (
    "That message was forwarded from {who}: their words, not yours, so I changed nothing "
    "and answered nothing with it. If it is true for you too, tell me in your own words."
)
"""{who}: the author's name, quoted (``core.domain.quoting.quote``)."""

SENT_AS = (
    "That message was sent on behalf of {who}: its words, not yours, so I changed nothing "
    "and answered nothing with it. If it is true for you too, tell me in your own words."
)
"""{who}: the chat's title, quoted (Telegram's ``sender_chat``)."""
INLINE_BOT = (
    "That message was written by the inline bot {who}: its words, not yours, so I changed "
    "nothing and answered nothing with it. If it is true for you too, tell me in your own words."
)
"""{who}: the bot's @username, quoted: an inline result the user picked and sent."""
ANSWERED_ANOTHER_CHAT = (
    "You replied that to a message from another chat, so I didn't take it as an answer "
    "to my question and changed nothing. To answer me, tap a button under my question or "
    "say it again here."
)
"""A bare yes or no quoting someone else's message (``external_reply``) answers that
message, not the question Canon has open."""
EDITED = (
    "You edited a message you had sent earlier. I read each message once, as it was when "
    "you sent it, so the edit changed nothing. If something is different now, tell me in a "
    "new message; /wrong fixes a value I got wrong."
)
"""An edit is not news said now: the old message's moment has passed, and reading the new
words as said now would date them wrongly (or silently rewrite what that message made)."""
GROUP_CHAT = (
    "I'm a private assistant: I read only what you tell me in our own chat, so nothing said "
    "in a group changes what I know, and I show nothing here. Message me directly."
)
"""Said once a day per group (kept in the store: a restart does not repeat it): everyone
in a group reads the answers, and its members' words are each their own."""
NO_WORDS = (
    "I read only text (and the captions you write under photos and files), so that {kind} "
    "changed nothing. Tell me in words what I should know."
)
"""{kind}: "voice message", "poll", "story", ... (``bot.update_kinds``)."""
CONTACT_CARD = (
    "That contact card holds someone's details, not news about you: I keep no contacts, so "
    "it changed nothing."
)

UNREADABLE_TEXT = (
    "I can't read that message: it holds characters that are not text (a broken "
    "Unicode character or a control character). I kept it for the owner and changed nothing; send it again "
    "without them."
)
CUT_MESSAGE = (
    "That message is {length:,} characters long: I read only its first {read:,} and "
    "answer those. I kept the rest for the owner, unread; send what matters in a "
    "shorter message."
)
FAILED = "Sorry, something went wrong on my side. Nothing you said was lost."


_WITHDRAWN = "⌛ Withdrawn unanswered: its day has passed, so I saved nothing"
"""A question closed because the end its words gave has passed (``superseded.PASSED``):
nothing newer settled it, and a Yes now would have saved a day gone by as current."""


_FOLDED = "↓ Asked again below, with whether you went on the trip"
"""A day back asked apart, closed as part of the question whether she went
(``core.engine.went_on_the_trip``)."""


def settled_text(
    item: ReviewItem,
    mine: str,
    status: str,
    value: Any = None,
    group: Sequence[ReviewItem] = (),
    names: Mapping[str, str] = MappingProxyType({}),
    *,
    ended: date | None = None,
    superseded_by: str | None = None,
    chosen: ReviewItem | None = None,
    trip_left: bool = False,
    trip_back_by: bool = False,
    today: date | None = None,
    zone: object = None,
) -> str:
    """The prompt after it was answered: the question, then what happened, no buttons.
    ``ended``: a Yes saved something whose last day (this) has passed: said as over.
    ``superseded_by``: closed by a newer word, that word's line (``settled_by``).
    ``chosen``: of a choice between errands (``which_errand``), the one a Yes chose.
    ``trip_left``, ``trip_back_by``, ``today``: ``prompt_body``'s, so "Did you leave on
    ...?" never closes as "Do you", nor a day asked with its year without it. ``zone``:
    the reader's, the clock its times were asked on (what the files said)."""
    if item.kind == "bootstrap":
        return bootstrap_settled(item, mine, status, zone)
    lines = prompt_body(
        item,
        mine,
        group,
        names=names,
        trip_left=trip_left,
        trip_back_by=trip_back_by,
        today=today,
    ).splitlines()
    # A field change keeps its question and drops the reason line; the others keep
    # their head (what the files said: ``bootstrap_settled``).
    head = lines[:-1] if item.kind == "change" else lines[:2]
    if item.kind == "dead_letter":
        return "\n".join([*head, _DEAD_LETTER_SETTLED.get(status, f"Closed ({status})")])
    several = len(group) > 1 and correction_kind(item) == "undo"
    corrected = undo_group_result(status) if several else correction_result(item, status)
    if corrected is not None:
        # An undo of several things keeps every part it names (it has no reason line).
        return "\n".join([*(lines if several else head), corrected])
    if asks_which_errand(item.group_key) and status in ("confirmed", "rejected"):
        return "\n".join([*head, which_settled(chosen)])
    if status == "rejected" and is_trip_off_question(item):
        # No to keeping the day of a trip called off: its day is forgotten (said next).
        return "\n".join([*head, "❌ No: it stays to do, with no day"])
    if status == "rejected" and no_cannot_keep(item):
        # No to the day a trip under way began: the departure is forgotten, not kept ahead.
        return "\n".join(
            [*head, f"❌ Rejected: I forgot {phrasing.label(item.field, item.entity_id, mine)}"]
        )
    outcome = {
        "confirmed": "✅ Confirmed"
        if ended is None
        else f"✅ Confirmed as over: it lasted until {phrasing.show_date(ended.isoformat())}, "
        "so I keep it as past, not as now",
        "rejected": "❌ Rejected, nothing changed",
        "edited": f"✏️ Edited to {phrasing.show_in(item.field, value)}",
        "held": f"✏️ Changed to {phrasing.show_in(item.field, value)}: I ask it again with the rest",
        "superseded": _WITHDRAWN
        if (item.answer or {}).get("reason") == PASSED
        else _FOLDED
        if (item.answer or {}).get("reason") == FOLDED
        else superseded_by or UNKNOWN_WORD,
        "discarded": "Dropped",
    }.get(status, f"Closed ({status})")
    return "\n".join([*head, outcome])


def followed_from_answer(
    items: Sequence[ReviewItem], mine: str, answered: ReviewItem | None = None
) -> str | None:
    """What an answer (to ``answered``) also settled because it had to ("Is your trip
    over?" Yes, while the departure was still ahead): "So I also forgot your departure
    date (Sunday, December 6) and your location (Tahoe)." None when it settled nothing
    else. No to keeping a called-off trip's day forgets that day, which the question's
    own settled line says already ("❌ No: it stays to do, with no day"): not said twice."""
    said_there = answered.field if answered is not None and is_trip_off_question(answered) else None
    parts = []
    for item in items:
        if said_there is not None and item.field == said_there:
            continue
        what = phrasing.label(item.field, item.entity_id, mine)
        if item.candidate_value is None:
            parts.append(("forgot", f"{what} ({phrasing.show_in(item.field, item.current_value)})"))
        else:
            parts.append(("set", f"{what} to {phrasing.show_in(item.field, item.candidate_value)}"))
    if not parts:
        return None
    said = []
    for verb in ("forgot", "set"):
        named = [p for v, p in parts if v == verb]
        if named:
            said.append(f"{verb} {' and '.join(named)}")
    return f"So I also {' and '.join(said)}."


_DEAD_LETTER_SETTLED = {
    "confirmed": "✅ Valid now: applied",
    "edited": "✏️ The corrected payload was applied",
    "discarded": "Discarded",
}


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Split at line breaks into chunks of at most ``limit`` characters (never empty)."""
    text = text or "…"
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = line if not current else f"{current}\n{line}"
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        chunks.append(current)
    return chunks or ["…"]
