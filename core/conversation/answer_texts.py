"""What the bot says back: the answers of the read commands (/state, /pending, /why,
/history, /status, /wrong), as pure functions (the acknowledgement of a message is
``acknowledgements``'s).

Everything here is a function of records and an explicit ``now``; ``texts`` re-exports
each name, so callers keep writing ``texts.state_text``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime

from core.conversation.provenance import user_viewer
from core.conversation.state_things import source_said, sources_said, things_of
from core.conversation.trip_answers import unplaced_away
from core.conversation.views import said_of_you_text
from core.domain import kin_words, phrasing
from core.domain.errands import (
    BEFORE_LEAVING,
    errand_status_of,
    leaves_on,
    left_by,
    meanings,
    status_said,
)
from core.domain.move_words import MOVE_DATE, when_moving
from core.domain.naming import errand
from core.domain.read_values import fact_as_read
from core.domain.rollout import DomainStatus
from core.domain.said_of_users import SaidOfUser
from core.domain.state import CommittedFact, Scalar
from core.domain.tense import (
    has_ended,
    overdue,
    told_past,
    trip_lasts_to_its_return,
)
from core.domain.user_clock import last_day
from core.engine.consistency import today_where, users_zone


def who(entity_id: str, mine: str) -> str:
    return "you" if entity_id == mine else entity_id


YOUR_PHRASES = {
    "travel.location": "you're in {v}",
    "travel.destination": "your trip goes to {v}",
    "profile.home_city": "you live in {v}",
    "profile.employer": "you work for {v}",
    "profile.name": "your name is {v}",
    "profile.move_city": "you're moving to {v}",
}


TRIP_STATUS_WORDS = {
    "planning": "the trip is planned",
    "in_progress": "your trip is under way",
    "completed": "your trip is over",
    "cancelled": "the trip is off",
}


def state_text(
    facts: Iterable[CommittedFact],
    now: datetime,
    mine: str,
    domain: str | None = None,
    overruled: Sequence[SaidOfUser] = (),
    names: Mapping[str, str] | None = None,
) -> str:
    """Current beliefs grouped by entity and domain, one sentence each, with age and source
    (the dotted names stay in /debug, the CLI's --json and canon why). ``overruled``: what
    the household says of the reader that their own word contradicts, shown where it
    stands as what someone else said (``core.domain.said_of_users``). ``names``: the
    household's members, each named where their word is shown."""
    against = {(o.said.entity_id, o.said.field): o for o in overruled}
    told = trip_lasts_to_its_return([*facts, *(o.said for o in overruled)])
    rows = sorted(
        (f for f in told if domain is None or f.domain == domain),
        key=lambda f: (f.entity_id != mine, f.entity_id, f.domain, f.field),
    )
    if not rows:
        return f"I don't know anything about {domain or 'you'} yet."
    lines: list[str] = []
    group: tuple[str, str] | None = None
    # Each entity's trip status: a trip that is over "went to Tahoe" (``fact_sentence``).
    trip_status = {f.entity_id: str(f.value) for f in rows if f.field == "travel.status"}
    # Each entity's calendar day on its own clock: 20:00 in Los Angeles is UTC's tomorrow.
    today = {
        e: today_where({f.field: f.value for f in rows if f.entity_id == e}, now)
        for e in {f.entity_id for f in rows}
    }
    means = meanings(rows)
    # A bill, an appointment, the trip: a line each, its fields told together.
    held = {f.field: f.value for f in rows if f.entity_id == mine}
    in_doubt = _days_in_doubt(rows, trip_status, today)
    things = things_of(
        rows,
        mine,
        today.get(mine, today_where(held, now)),
        now,
        {*against, *_days_meant(means), *in_doubt},
        # A day it left still in question is no day an errand was left undone by.
        None if (mine, "travel.depart_date") in in_doubt else left_by(held),
        leaves_on(held),
    )
    thing_of = {(f.entity_id, f.field): at for at, t in enumerate(things) for f in t.facts}
    said_things: set[int] = set()
    # A bill's amount said with its currency ("$62"), not as a number and a line of its own.
    currency = {_bill(f): f for f in rows if _is(f, "currency")}
    paid_in = {_bill(f) for f in rows if _is(f, "amount")}
    rows = [f for f in rows if not (_is(f, "currency") and _bill(f) in paid_in)]
    for f in rows:
        if (f.entity_id, f.domain) != group:
            group = (f.entity_id, f.domain)
            lines.append(f"\n{f.domain.capitalize()} ({who(f.entity_id, mine)})")
        if (o := against.get((f.entity_id, f.field))) is not None:
            lines.append(overruled_line(o, mine, now, names))
            continue
        if (at := thing_of.get((f.entity_id, f.field))) is not None:
            if at not in said_things:  # said once, where its first field is listed
                said_things.add(at)
                thing = things[at]
                lines.append(f"• {thing.sentence} — {sources_said(thing.facts, mine, now, names)}")
            continue
        status = trip_status.get(f.entity_id)
        left = has_left(f, status, today[f.entity_id])
        if f.field == "travel.depart_date" and not left:
            status = None  # a day still ahead is no day it left (that conflict is asked)
        said = (
            left_day_in_doubt(f, mine)
            if f.field == "travel.depart_date"
            and not left
            and trip_status.get(f.entity_id) in _LEFT
            else fact_sentence(f, mine, status, today[f.entity_id], names)
        )
        if f.field == "travel.return_date" and (f.entity_id, f.field) in means:
            # A day back with no trip: away until then, where not said (``away_unplaced``).
            subject = "You're" if f.entity_id == mine else f"{f.entity_id} is"
            said = f"{subject} {unplaced_away({f.field: f})}"
        if (end := _away_until(f, now, rows)) is not None:  # "Mike is away until …"
            said += f" until {phrasing.show_date(end.isoformat(), today[f.entity_id])}"
        if _is(f, "amount") and (c := currency.get(_bill(f))) is not None:
            said = f"{said.rpartition(' is ')[0]} is {phrasing.money_text(f.value, c.value)}"
        no_deadline = f.field.endswith(".due_date") and (f.entity_id, f.field) in means
        status_means = means.get((f.entity_id, f.field.removesuffix("due_date") + "status"), "")
        if (
            f.field.endswith(".due_date")
            and status_means.endswith(BEFORE_LEAVING)
            and not has_ended(f, now)
        ):
            said += ", before you leave"  # beside "Your departure date is" that same day
        # The day a trip left is a day gone by, not a plan that ended.
        if (has_ended(f, now) and not left) or no_deadline:
            # Past its end: said in the past, never as how things are (issue 24); a
            # return's day once it went back is no deadline, past or not.
            said = told_past(said) + (
                f" ({means[(f.entity_id, f.field)]})"
                if no_deadline
                else " (overdue)"
                if overdue(f)
                else " (ended)"
            )
        lines.append(f"• {said} — {source_said(f, mine, now, names)}")
    return "\n".join(lines).strip()


def _days_meant(means: Mapping[tuple[str, str], str]) -> set[tuple[str, str]]:
    """The days a meaning goes with (``errands.meanings``: a return's day once it went
    back is no deadline), said on their own with what they mean."""
    return {key for key in means if not key[1].endswith(".status")}


def _days_in_doubt(
    rows: Sequence[CommittedFact], trip_status: Mapping[str, str], today: Mapping[str, date]
) -> set[tuple[str, str]]:
    """The departures of trips under way (or over) still held ahead: a question of their
    own ("which day is still a question"), never part of the trip's line."""
    return {
        (f.entity_id, f.field)
        for f in rows
        if f.field == "travel.depart_date"
        and trip_status.get(f.entity_id) in _LEFT
        and not has_left(f, trip_status.get(f.entity_id), today[f.entity_id])
    }


def overruled_line(
    o: SaidOfUser, mine: str, now: datetime, names: Mapping[str, str] | None = None
) -> str:
    """ "• Bob said you're away (1 h ago) — you told me you're home, and your word wins": a
    household status about the reader, shown as what it is, by whose word (``names``; else
    "Another member of the household said ...")."""
    return f"• {said_of_you_text(o, now, user_viewer(mine, names=names))}"


_TRIP_WENT = {"completed": "your trip went to {v}", "cancelled": "your trip was to go to {v}"}
"""Where a trip that is over went, by its status (one called off never did)."""
_LEFT = frozenset({"in_progress", "completed"})
"""The statuses of a trip that has left: its departure is a day gone by ("You left on
Tuesday, December 1"), never a day to leave."""


def has_left(f: CommittedFact, trip_status: str | None, today: date) -> bool:
    """Whether ``f`` is the day a trip left: its departure, the trip (``trip_status``)
    under way or over, the day not after ``today`` (the user's calendar day, not UTC's)
    ("You left on Tuesday, December 1")."""
    return (
        f.field == "travel.depart_date"
        and trip_status in _LEFT
        and str(f.value)[:10] <= today.isoformat()
    )


def left_day_in_doubt(f: CommittedFact, mine: str) -> str:
    """The departure of a trip under way (or over) still held ahead: the trip has left,
    which day is the question ("Did you leave on Wednesday?"), never "Your departure date
    is Sunday", a day to leave on a trip already gone."""
    day = phrasing.show_in(f.field, fact_as_read(f, mine).value)
    if f.entity_id == mine:
        return f"You've left; which day is still a question (I had {day})"
    return f"{who(f.entity_id, mine)}: left; which day is still a question (I had {day})"


def _away_until(f: CommittedFact, now: datetime, rows: Sequence[CommittedFact]) -> date | None:
    """The last day a member said away "till thursday" is away, on the user's clock, while
    it is still ahead: the day they are back is part of what was said."""
    parts = f.field.split(".")
    if parts[0] != "family" or parts[-1] != "status" or f.value != "away":
        return None
    if f.valid_until is None or has_ended(f, now):
        return None
    held = {r.field: r.value for r in rows if r.entity_id == f.entity_id}
    return last_day(f.valid_until, users_zone(held))


def fact_sentence(
    f: CommittedFact,
    mine: str,
    trip_status: str | None = None,
    today: date | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """A held value as a sentence: 'You're in Tahoe', 'Your trip is under way',
    'The rent amount is 2,100', 'Your departure date is Sunday, March 1'; with
    ``trip_status`` (the entity's ``travel.status``) a trip that is over 'went to Tahoe';
    with ``today`` a day far from it has its year; ``names``: another member's value is
    quoted from them by name."""
    # Another writer's value is theirs, quoted when it is more than a name (``read_values``).
    value = fact_as_read(f, mine, names).value
    return value_sentence(f.entity_id, f.field, value, mine, trip_status, today)


def value_sentence(
    entity_id: str,
    field: str,
    value: Scalar,
    mine: str,
    trip_status: str | None = None,
    today: date | None = None,
) -> str:
    """``fact_sentence`` of a value not (yet) held: what a file or a question says."""
    parts = field.split(".")
    if field == "travel.status" and str(value) in TRIP_STATUS_WORDS:
        said = TRIP_STATUS_WORDS[str(value)]
        return said[:1].upper() + said[1:] if entity_id == mine else f"{entity_id}: {said}"
    if field == MOVE_DATE and entity_id == mine:
        return f"You're moving {when_moving(value)}"
    if field == "travel.depart_date" and entity_id == mine and trip_status in _LEFT:
        return f"You left on {phrasing.show_in(field, value, today)}"
    if field in YOUR_PHRASES and entity_id == mine:
        template = YOUR_PHRASES[field]
        if field == "travel.destination":
            template = _TRIP_WENT.get(trip_status or "", template)
        said = template.format(v=phrasing.show(value))
        return said[:1].upper() + said[1:]
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "relation":
        whose = "your" if entity_id == mine else f"{entity_id}'s"  # "Priya is your wife"
        return f"{kin_words.who(parts[1]).capitalize()} is {whose} {phrasing.show(value)}"
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "status":
        person, be = kin_words.who(parts[1]), kin_words.be_for(parts[1])
        return f"{person[:1].upper()}{person[1:]} {be} {phrasing.show(value)}"
    if (slug := errand_status_of(field)) is not None:
        # "The Amazon return is due", as the questions and "what do I owe?" name it; a
        # return says what its status means ("was sent back, refund awaited", not "is pending").
        state = status_said(slug, value) or f"is {phrasing.show(value)}"
        said = f"{errand(phrasing.show(slug))} {state}"
        return said[:1].upper() + said[1:]
    if len(parts) == 3 and parts[2] == "event_status" and str(value) in _EVENT_SAID:
        # "The soccer practice has moved", not "… event status is moved".
        return f"The {kin_words.slug_words(parts[1])} {_EVENT_SAID[str(value)]}"
    if len(parts) == 3 and parts[0] == "project" and parts[2] == "status":
        return f"{parts[1].replace('_', ' ').title()} is {phrasing.show(value)}"
    name = phrasing.label(field, entity_id, mine)
    return f"{name[:1].upper()}{name[1:]} is {phrasing.show_in(field, value, today)}"


def _is(f: CommittedFact, part: str) -> bool:
    """Whether ``f`` is a bill's ``part`` ("amount", "currency")."""
    return f.domain == "financial" and f.field.count(".") == 2 and f.field.endswith("." + part)


def _bill(f: CommittedFact) -> tuple[str, str]:
    return f.entity_id, f.field.rsplit(".", 1)[0]


_EVENT_SAID = {"scheduled": "is scheduled", "moved": "has moved", "cancelled": "is cancelled"}


def wrong_which(query: str, known: Sequence[tuple[str, str]], mine: str) -> str:
    """/wrong named no held value: say so in words, and what is held."""
    from core.conversation.plain_commands import nothing_named

    if not query.strip():
        return "Which value is wrong? For example: /wrong my location"
    return nothing_named(query, known, mine)


def status_text(statuses: Sequence[DomainStatus]) -> str:
    """/status: per area, what I change on my own and what I ask first, in plain words."""
    lines = ["How much I do on my own:"]
    for s in statuses:
        lines.append(f"• {s.domain.capitalize()}: {_autonomy_words(s)}")
    learning = statuses[0].learning if statuses else False
    lines.append(
        "I learn from your answers (thresholds and how much I trust each source)."
        if learning
        else "I don't adjust my thresholds from your answers yet (learning is off)."
    )
    return "\n".join(lines)


def _autonomy_words(s: DomainStatus) -> str:
    pct = _percent
    if s.limits.shadow:
        return (
            "shadow mode: I change nothing on my own; I put every change to you, "
            "and your answers show how often I would have been right"
        )
    if s.confirm_always:
        return "I change it only with your OK"
    if s.confirmations_remaining:
        return (
            f"after recent corrections I ask you about the next "
            f"{s.confirmations_remaining} change(s)"
        )
    alone = s.acts_alone_from or s.auto_threshold
    if s.calibration_remaining:
        return (
            f"still calibrating: I ask you about the next {s.calibration_remaining} "
            f"change(s) unless I'm at least {pct(alone)} sure"
        )
    stage = f" (stage {s.stage}, {s.stage_name})" if s.stage != "M" else ""
    return (
        f"I change it on my own when I'm at least {pct(alone)} sure and ask you "
        f"from {pct(s.ask_threshold)}{stage}"
    )


def _percent(value: float) -> str:
    return f"{value * 100:.0f}%"
