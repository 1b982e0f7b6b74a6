"""The question as the bot asks it: the words of a change, a conflict, a correction, what
the files said and a dead letter, with one line of why it is asked (pure functions of the
item, the reader and an explicit ``now``). ``texts`` re-exports them; what an answered
question turns into is ``texts.settled_text``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from types import MappingProxyType

from core.conversation.found_texts import found_lines
from core.conversation.provenance import by_words, user_viewer
from core.conversation.reported_texts import REPORTED_WHY, reported_question, said_of_reader
from core.conversation.said_since import said_since_line
from core.conversation.views import prompt_text, reasons_text
from core.conversation.which_errand import which_question
from core.domain import phrasing
from core.domain.errands import asks_which_errand
from core.domain.error_sentences import plain_reason
from core.domain.kin_words import slug_words
from core.domain.naming import errand
from core.domain.provenance import ANOTHER_MEMBER
from core.domain.quoting import shown_text
from core.domain.read_values import item_on_day
from core.domain.state import CommittedFact
from core.domain.tense import due_day_gone
from core.domain.user_clock import later_day, on_users_clock
from core.engine.bootstrap import found_question, proposed_findings
from core.engine.consistency import is_conflict_question
from core.engine.corrections import correction_kind, correction_question, undo_group_question
from core.engine.errand_trip_off import is_trip_off_question
from core.engine.trip_state import DEPART, DESTINATION, RETURN
from core.engine.went_on_the_trip import is_went_question, went_parts
from core.store import ReviewItem


def _said_by_another(item: ReviewItem, mine: str, why: str) -> str:
    """ "you said it" is the reader's own words only: another member's read as theirs;
    and "your notes" are the reader's only when they wrote the line: the assistant's
    edit of the workspace says it is the assistant's."""
    said = by_words(item.principal, item.source_key.partition(":")[0], user_viewer(mine))
    if said == ANOTHER_MEMBER and why.startswith("you said it"):
        return f"{ANOTHER_MEMBER} said it" + why.removeprefix("you said it")
    if item.principal is not None and said not in ("you", "Canon") and why.startswith(_NOTES):
        return f"{said} wrote it in your notes" + why.removeprefix(_NOTES)
    return why


_NOTES = "from your notes"


def why_line(item: ReviewItem, mine: str, now: datetime | None = None, zone: object = None) -> str:
    """Why a change is asked, as ``mine`` reads it: where it came from and when, seen
    from ``now`` on ``zone``'s clock ("you said it yesterday evening"), the one line every
    surface words a question's why with (the chat's, the API's and MCP's questions)."""
    return _said_by_another(
        item, mine, phrasing.reason_line(item.source_key, item.reasons, item.created_at, now, zone)
    )


def bootstrap_text(
    item: ReviewItem, mine: str, now: datetime | None = None, zone: object = None
) -> str:
    """What ``canon migrate`` found in the user's files, put as one question, a line per
    thing ("Trip to Tahoe planned, leaving Sunday, December 6", ``found_texts``), and what
    each button does; the field names stay in the CLI's listing and ``/debug``."""
    found = found_lines(proposed_findings(item), mine, now or item.created_at, zone)
    return "\n".join([found_question(item), *(f"• {line}" for _, line in found), BOOTSTRAP_BUTTONS])


BOOTSTRAP_BUTTONS = "Yes keeps them all, No drops them all, Edit drops some and keeps the rest."
"""The last line of the question of what the files said (not kept once it is answered)."""


def bootstrap_settled(item: ReviewItem, mine: str, status: str, zone: object = None) -> str:
    """The question of what the files said once answered: its things, then what became
    of them; an Edit names what it dropped, the rest asked again below. ``zone``: the
    reader's, whose clock its times were asked on (``bootstrap_text``)."""
    lines = bootstrap_text(item, mine, zone=zone).splitlines()[:-1]
    dropped = (item.answer or {}).get("dropped") or []
    if dropped:
        found = dict(found_lines(proposed_findings(item), mine, item.created_at, zone))
        named = "; ".join(found[d] for d in dropped if d in found)
        rest = "nothing kept" if item.status == "rejected" else "the rest asked again below"
        return "\n".join([*lines, f"✏️ Dropped: {named} ({rest})"])
    outcome = {
        "confirmed": "✅ Kept them all",
        "rejected": "❌ Dropped them all, nothing kept",
    }.get(status, f"Closed ({status})")
    return "\n".join([*lines, outcome])


def prompt_body(
    item: ReviewItem,
    mine: str,
    group: Sequence[ReviewItem] = (),
    now: datetime | None = None,
    names: Mapping[str, str] = MappingProxyType({}),
    zone: object = None,
    since: CommittedFact | None = None,
    trip_left: bool = False,
    trip_back_by: bool = False,
    today: date | None = None,
) -> str:
    """The question in plain words and one line of why I ask (``/why`` has the arithmetic).
    ``today``: the reader's calendar day (else ``now``'s on ``zone``'s clock; neither: not
    known), so a day in another year or far away is asked with its year
    (``phrasing_values.needs_year``): "Do you leave on Saturday, December 4, 2027?".
    ``trip_left``: the asked entity's trip has left (``phrasing.question``'s ``left``);
    ``trip_back_by``: the return day it asks has gone by (``back_by``).
    ``since``: what another member committed on the field after it was asked
    (``said_since``), said last so the reader hears it before answering.
    ``now`` and ``zone`` (the reader's time zone): put on a later day of the reader's than
    it was asked, its "today" is not said (``later_day``).

    ``group``: the open items from the same message that are asked together with ``item``.
    ``names``: what the household's users are called (entity -> name), to say who said
    what the reader is asked about themself ("Bob says you're in Tahoe — is that right?").
    """
    if today is None and now is not None:
        today = on_users_clock(now, zone).date()
    item = item_on_day(item, today)
    group = [item_on_day(m, today) for m in group]
    if correction_kind(item) is not None:
        # Who ordered it, for the reader: corrections logged before principals were theirs.
        asked_by = (
            "you" if item.principal is None else by_words(item.principal, "", user_viewer(mine))
        )
        if len(group) > 1 and correction_kind(item) == "undo":
            return undo_group_question(sorted(group, key=lambda m: m.seq), asked_by)
        return correction_question(item, asked_by)
    if item.kind == "bootstrap":
        return bootstrap_text(item, mine, now, zone)
    if item.kind == "drift":
        return "\n".join(item.reasons)
    if item.kind == "dead_letter":
        return dead_letter_question(item)
    if is_trip_off_question(item):
        return trip_off_question(item, now)
    members = list(group) or [item]
    if is_went_question(item):
        return went_question(members, today)
    if said_of_reader(item, mine) and not is_conflict_question(item):
        why = REPORTED_WHY
        if len(members) == 1 and item.current_value is not None:
            why += f"; until now: {phrasing.show_in(item.field, item.current_value)}"
        return f"{reported_question(members, mine, names)}\n{why[:1].upper()}{why[1:]}."
    why = why_line(item, mine, now, zone)
    if (
        len(members) == 1
        and item.current_value is not None
        and item.candidate_value is not None
        and not is_conflict_question(item)  # its reason already names both values
    ):
        why += f"; until now: {phrasing.show_in(item.field, item.current_value)}"
    asked = (
        phrasing.conflict_question(item, mine)
        if is_conflict_question(item)
        else which_question(members)
        if asks_which_errand(item.group_key) and len(members) > 1
        else phrasing.question(
            members,
            mine,
            later_day=later_day(item.created_at, now, zone),
            left=trip_left,
            back_by=trip_back_by,
            due_gone=now is not None and due_day_gone(members, on_users_clock(now, zone).date()),
        )
    )
    body = f"{asked}\n{why[:1].upper()}{why[1:]}."
    return body if since is None else f"{body}\n{said_since_line(since, mine, names)}"


def shown_prompt(
    item: ReviewItem,
    reader: str | None = None,
    since: str | None = None,
    why: str | None = None,
    now: datetime | None = None,
    zone: object = None,
) -> str:
    """The question as a surface that lists its parts shows it (MCP's ``prompt``, the
    CLI's "Next question"): a change as ``views.prompt_text`` spells it (``since``,
    ``why``: its lines); what the files said and a dead letter in the chat's own words
    (``bootstrap_text``, ``dead_letter_question``), never their raw findings; any other
    by its reasons. ``reader``: None, the owner (the question's own entity); ``now``,
    ``zone``: the reader's clock, as the chat asks it."""
    if item.kind == "change":
        return prompt_text(item, reader, since, why)
    if item.kind == "bootstrap":
        return bootstrap_text(item, reader or item.entity_id, now, zone)
    if item.kind == "dead_letter":
        return dead_letter_question(item)
    return reasons_text(item)


def trip_off_question(item: ReviewItem, now: datetime | None = None) -> str:
    """ "The Amazon return was due before the Tahoe trip, which is off — keep Saturday,
    December 5 as its day?" (``core.engine.errand_trip_off``)."""
    thing = errand(slug_words(str(item.field).split(".")[1]))
    day = phrasing.show_date(item.candidate_value, None if now is None else now.date())
    return (
        f"{thing[:1].upper()}{thing[1:]} was {item.reasons[0]} — keep {day} as its day?\n"
        "Its day came from the trip, not from you."
    )


def went_question(group: Sequence[ReviewItem], today: date | None = None) -> str:
    """ "Did you go to Tahoe on Thursday, December 3?", with what a Yes keeps
    (``core.engine.went_on_the_trip``)."""
    parts = went_parts(group)
    where = parts.get(DESTINATION)
    to = f" to {where}" if isinstance(where, str) and where.strip() else " on your trip"
    left = phrasing.show_date(parts.get(DEPART), today)
    back = parts.get(RETURN)
    keeps = "Yes: your trip is under way" + (
        "" if back is None else f", back {phrasing.show_date(back, today)}"
    )
    return (
        f"Did you go{to} on {left}?\n"
        f"You planned it and never said whether you went. {keeps}; No: I keep nothing of it."
    )


def dead_letter_question(item: ReviewItem) -> str:
    """A payload that failed validation three times: try it again, discard it, or correct it."""
    lines = [
        "An input failed validation three times and was not applied.",
        f"dead letter {item.candidate_value}",
    ]
    # Each reason said in words (which field, what was wrong, what to do); the raw
    # detail stays in the letter: `canon dlq` and the API's ``errors``.
    lines += [f"• {shown_text(plain_reason(reason))}" for reason in item.reasons[:5]]
    lines.append("Yes: try it again now · No: discard it · Edit: send a corrected payload")
    return "\n".join(lines)
