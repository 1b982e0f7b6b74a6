"""What Canon knows about the user, in a few lines: "what do you know about me?".

One line per domain, its facts in a few plain words; the trip's fields said together
(``trip_answers.trip_summary``) and errands with their days (``errand_answers``), so
nothing in a line contradicts another part of it. Pure: facts and ``now`` in, text out.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import date, datetime

from core.conversation.audience import PRIMARY
from core.conversation.errand_answers import errand_summary
from core.conversation.trip_answers import trip_summary
from core.domain.errands import leaves_on, left_by
from core.domain.kin_words import be_for, who
from core.domain.move_words import MOVE_CITY, MOVE_DATE, MOVE_FIELDS, moving
from core.domain.phrasing_values import money_text, show_in
from core.domain.state import CommittedFact
from core.domain.tense import still_told
from core.engine.consistency import calendar_day, today_where

NOTHING_KNOWN = "Nothing yet. Tell me what's going on (\"I'm in Tahoe\") and I'll remember it."
"""What "what do you know about me?" says with nothing known and no question waiting."""


def about_me(
    facts: Sequence[CommittedFact],
    now: datetime,
    reader: str = PRIMARY,
    in_doubt: Collection[tuple[str, str]] = (),
) -> str:
    """What is known, for the user whose own entity is ``reader``: their trip and errands
    said together, the shared entities' facts beside them. ``in_doubt``: (entity, field)
    of facts an open question says cannot stand beside the rest (a trip under way that
    "leaves" next Sunday); they are left out, since the question is named after them."""
    # What has ended is not what is known of now (``tense``): errands say "was due".
    facts = [f for f in still_told(facts, now) if (f.entity_id, f.field) not in in_doubt]
    if not facts:
        return NOTHING_KNOWN
    held = {f.field: f.value for f in facts if f.entity_id == reader}
    today, left = today_where(held, now), left_by(held)
    lines = ["Here's what I know:"]
    by_domain: dict[str, list[CommittedFact]] = {}
    for f in sorted(facts, key=lambda f: (f.entity_id != reader, f.field)):
        by_domain.setdefault(f.domain, []).append(f)
    for domain, rows in sorted(by_domain.items()):
        mine = {f.field: f for f in rows if f.entity_id == reader} | {
            f.field: f for f in facts if f.entity_id == reader and f.domain == "profile"
        }
        trip = trip_summary(mine, today) if domain == "travel" else []
        if trip:
            # The trip's fields said together, so they never contradict each other.
            rows = [f for f in rows if f.entity_id != reader or not f.field.startswith("travel.")]
        errands, told = (
            errand_summary(rows, reader, today, left, leaves_on(held))
            if domain == "financial"
            else ([], set())
        )
        move, told = _move_summary(mine) if domain == "profile" else ([], told)
        rows = [f for f in rows if f.field not in told or f.entity_id != reader]
        rows = without_said_twice(rows)
        said = "; ".join([*trip, *errands, *(plain_fact(f, today) for f in rows[:4]), *move])
        more = f" (+{len(rows) - 4} more)" if len(rows) > 4 else ""
        lines.append(f"• {domain.capitalize()}: {said}{more}")
    lines.append("Ask /state for the details.")
    return "\n".join(lines)


def _move_summary(mine: Mapping[str, CommittedFact]) -> tuple[list[str], set[str]]:
    """A planned move's place and day said together ("moving to Denver in December"),
    and the fields that said it."""
    held = {name: mine[name].value for name in MOVE_FIELDS if name in mine}
    if not held:
        return [], set()
    return [moving(held.get(MOVE_CITY), held.get(MOVE_DATE))], set(held)


def without_said_twice(rows: list[CommittedFact]) -> list[CommittedFact]:
    """``rows`` less an event's "scheduled" status where its day says as much ("soccer
    practice on Thursday" is on)."""
    dated = {
        (f.entity_id, f.field.rsplit(".", 1)[0]) for f in rows if f.field.endswith(".schedule")
    }
    return [
        f
        for f in rows
        if not (
            f.field.endswith(".event_status")
            and f.value == "scheduled"
            and (f.entity_id, f.field.rsplit(".", 1)[0]) in dated
        )
    ]


def plain_fact(f: CommittedFact, today: date) -> str:
    """A fact in a few plain words (a local stand-in until a shared phrasing exists); an
    event's day gone by (``today``: the user's) in the past."""
    value = show_in(f.field, f.value)
    parts = f.field.split(".")
    thing = parts[1].replace("_", " ") if len(parts) == 3 else ""
    if len(parts) == 3 and parts[2] == "schedule":
        if f.value == "cancelled":
            return f"{thing} cancelled"
        day = calendar_day(f.value)
        return f"{thing} {'was on' if day is not None and day < today else 'on'} {value}"
    if len(parts) == 3 and parts[2] == "event_status":
        return f"{thing} {value}"
    if len(parts) == 3 and parts[0] == "financial" and parts[2] == "amount":
        return f"{thing} {money_text(f.value, 'USD')}"
    if f.field == "travel.location":
        return f"you're in {value}"
    if f.field == "travel.status":
        return {"in_progress": "trip under way", "planning": "trip planned"}.get(
            str(f.value), f"trip {value}"
        )
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "status":
        person = who(parts[1])  # "your kids are sick", "Emma is better"
        return f"{person[0].upper()}{person[1:]} {be_for(parts[1])} {value}"
    if len(parts) == 3:
        return f"{parts[1].replace('_', ' ')} {parts[2].replace('_', ' ')} {value}"
    return f"{parts[-1].replace('_', ' ')} {value}"
