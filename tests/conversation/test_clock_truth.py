"""Nothing with an end before ``now`` is told as current (issue 24: the clock moves; what
Canon says must stay true). A property over generated states whose facts have ends and
due days, rendered at a generated ``now`` before, on and after each end: /state, the
answers about state, the context block and the HEARTBEAT.md/MEMORY.md projections."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import pytest
from context_parser import parse_block
from hypothesis import given, settings
from hypothesis import strategies as st

from core.conversation.acknowledgements import acknowledgement
from core.conversation.answer_texts import fact_sentence, has_left, left_day_in_doubt, state_text
from core.conversation.context import build_context
from core.conversation.offline_replies import offline_answer
from core.domain.phrasing_values import show_date
from core.domain.state import CommittedFact
from core.domain.tense import has_ended, told_past
from core.engine.consistency import today_where
from core.engine.outcomes import Outcome
from core.projections.render import HEARTBEAT, MEMORY, RenderConfig, render

ME = "user:primary"
START = datetime(2026, 11, 23, 8, 0, tzinfo=UTC)
"""Monday 23 November 2026, midnight in Portland: when every fact was told."""
PORTLAND = timedelta(hours=8)
"""Portland's midnight is 08:00 UTC in November."""
ASKED = ("what do you know about me", "where am i", "how are the kids", "what's due")


def _fact(field: str, value: str, until: datetime | None) -> CommittedFact:
    return CommittedFact(
        entity_id=ME,
        field=field,
        value=value,
        version=1,
        source_type="conversation_assertive",
        source_ref=None,
        confidence=0.9,
        event_id=f"ev-{field}",
        evidence_ts=START,
        committed_at=START,
        resolution="auto_commit",
        valid_until=until,
    )


def _day(offset: int) -> date:
    return START.date() + timedelta(days=offset)


def _end_of(day: date) -> datetime:
    """The end of ``day`` in Portland (its next midnight there)."""
    return datetime.combine(day + timedelta(days=1), datetime.min.time(), UTC) + PORTLAND


State = tuple[list[CommittedFact], datetime]
"""Facts told on Monday 23 November, and when they are rendered."""


@st.composite
def _states(draw: st.DrawFn) -> State:
    """A home in Portland and, each maybe: where the user is, a kid's status, a day the
    kids are away, an errand due on a day, a project under way; each with its own end;
    and a ``now`` from before the first end to after the last."""
    hours = st.integers(min_value=1, max_value=10 * 24)
    facts = [_fact("profile.home_city", "Portland", None)]
    if draw(st.booleans()):
        place = draw(st.sampled_from(["Truckee", "Reno", "Boise"]))
        facts.append(_fact("travel.location", place, START + timedelta(hours=draw(hours))))
    if draw(st.booleans()):
        status = draw(st.sampled_from(["sick", "away", "at camp"]))
        facts.append(_fact("family.kids.status", status, START + timedelta(hours=draw(hours))))
    if draw(st.booleans()):
        away = _day(draw(st.integers(min_value=0, max_value=8)))
        facts.append(_fact("family.kids_away.schedule", away.isoformat(), _end_of(away)))
    if draw(st.booleans()):
        due = _day(draw(st.integers(min_value=0, max_value=8)))
        facts.append(_fact("financial.amazon_return.status", "due", _end_of(due)))
        facts.append(_fact("financial.amazon_return.due_date", due.isoformat(), _end_of(due)))
    if draw(st.booleans()):
        until = START + timedelta(hours=draw(hours))
        facts.append(_fact("project.website.status", "in_progress", until))
    if draw(st.booleans()):
        # A trip planned (or under way) to Tahoe, kept until the end of its return day.
        leave = draw(st.integers(min_value=0, max_value=6))
        back = _day(leave + draw(st.integers(min_value=0, max_value=4)))
        status = draw(st.sampled_from(["planning", "in_progress"]))
        trip = {
            "travel.status": status,
            "travel.destination": "Tahoe",
            "travel.depart_date": _day(leave).isoformat(),
            "travel.return_date": back.isoformat(),
        }
        facts += [_fact(name, value, _end_of(back)) for name, value in trip.items()]
    now = START + timedelta(hours=draw(st.integers(min_value=0, max_value=12 * 24)))
    return facts, now


def _over_states(test: Callable[[State], None]) -> Callable[[], None]:
    """``test`` as a property over ``_states``."""
    return settings(max_examples=150, deadline=None)(given(_states())(test))


def _ended(facts: list[CommittedFact], now: datetime) -> list[CommittedFact]:
    return [f for f in facts if has_ended(f, now)]


@_over_states
def test_state_says_what_has_ended_in_the_past(state: State) -> None:
    facts, now = state
    text = state_text(facts, now, ME)
    status = next((str(f.value) for f in facts if f.field == "travel.status"), None)
    today = today_where({g.field: g.value for g in facts}, now)
    for f in facts:
        said = fact_sentence(f, ME, None, today)
        if has_left(f, status, today):
            # The day a trip left is told as gone by, never as a plan that ended: on its
            # own ("You left on"), or with the trip under way ("On your trip, since").
            alone = f"• {fact_sentence(f, ME, status, today)} — " in text
            assert alone or _told_with_its_thing(text, f, f"since {show_date(f.value)}")
            continue
        if f.field == "travel.depart_date" and status in ("in_progress", "completed"):
            # Still held ahead of a trip that left: the day is in question, not one to leave.
            assert f"• {left_day_in_doubt(f, ME)} — " in text
            continue
        if has_ended(f, now):
            assert f"• {said} " not in text, f"{said!r} told as current at {now}"
            assert f"• {told_past(said)} (" in text
        else:
            # A member away till a day: the day they are back is said with it.
            away = f.field.startswith("family.") and f.value == "away" and f.valid_until
            # An errand due the day the planned trip leaves: "…, before you leave".
            before = f.field.endswith(".due_date") and f"• {said}, before you leave — " in text
            alone = before or f"• {said}{' until ' if away else ' — '}" in text
            # Or told with the rest of its thing, a day by its day ("The Amazon return is
            # due Monday, November 23", "Trip to Tahoe planned, leaving …").
            day = show_date(f.value, today) if f.field.endswith("_date") else ""
            assert alone or _told_with_its_thing(text, f, day), (f, text)


def _told_with_its_thing(text: str, f: CommittedFact, words: str) -> bool:
    """Whether a line of /state names ``f``'s thing (its errand, or the trip) and says
    ``words`` (its day), in the present: never "was" of a thing still current."""
    thing = "trip" if f.field.startswith("travel.") else f.field.split(".")[1].split("_")[0]
    return any(
        line.startswith("• ") and thing in line.lower() and words in line
        for line in text.splitlines()
    )


@_over_states
def test_answers_never_tell_what_has_ended_as_now(state: State) -> None:
    facts, now = state
    today = (now - PORTLAND).date()
    for asked in ASKED:
        said = offline_answer(asked, facts, [], now, ME)
        for f in _ended(facts, now):
            if f.field == "travel.location":
                assert f"In {f.value}" not in said
                assert f"you're in {f.value}" not in said
            if f.field == "family.kids.status":
                assert f"kids are {f.value}" not in said.lower(), (asked, said)
            if f.field == "family.kids_away.schedule":
                assert f"kids away on {show_date(f.value)}" not in said, (asked, said)
            if f.field == "project.website.status":
                assert "in progress" not in said, (asked, said)
        for f in facts:
            if f.field in ("travel.depart_date", "travel.return_date") and (
                date.fromisoformat(str(f.value)) < today
            ):
                assert f"leaving {show_date(f.value)}" not in said, (asked, said)
                assert f"back {show_date(f.value)}" not in said, (asked, said)
        due = next((f for f in facts if f.field.endswith(".due_date")), None)
        if due is not None and date.fromisoformat(str(due.value)) < today:
            assert "is due" not in said, (asked, said)
            held = {f.field: f.value for f in facts if not has_ended(f, now)}
            left = (
                held.get("travel.depart_date")
                if held.get("travel.status") == "in_progress"
                else None
            )
            if asked == "what's due" and left is not None and str(due.value) <= str(left):
                # Due by the day the trip left: not done before leaving (round 31).
                on = min(date.fromisoformat(str(left)), today)
                assert said.endswith(f"was due before you left on {show_date(on)} (overdue).")
            elif asked == "what's due":
                assert said.endswith(f"was due {show_date(due.value)} (overdue).")


@_over_states
def test_the_context_block_lists_what_has_ended_apart(state: State) -> None:
    """Read back as the assistant's parser reads it: each fact is current or listed as
    expired, never both; an errand past its day is listed as overdue (still to do)."""
    facts, now = state
    block = parse_block(build_context(facts, [], now, viewer=ME).text)
    live = {f.field for f in block.facts}
    expired = {e.field: e for e in block.expired}
    for f in facts:
        assert (f.field in expired) == has_ended(f, now), f.field
        assert (f.field in live) != has_ended(f, now), f.field
        if f.field in expired:
            errand_due = f.field == "financial.amazon_return.status"
            assert expired[f.field].overdue == errand_due


@_over_states
def test_the_workspace_files_mark_what_has_ended(state: State) -> None:
    facts, now = state
    files = render(facts, [], [], RenderConfig(), now)
    memory = files[MEMORY]["current_state"].splitlines()
    for f in facts:
        (line,) = [x for x in memory if f"- {f.field}: " in x]
        assert ("not current" in line or "overdue since" in line) == has_ended(f, now), line
        errand_due = f.field == "financial.amazon_return.status"
        assert ("overdue" in line) == (has_ended(f, now) and errand_due), line
    reminders = files[HEARTBEAT]["active_reminders"]
    for line in reminders.splitlines():
        if "amazon return" in line and any(f.domain == "financial" for f in _ended(facts, now)):
            assert "overdue" in line, line
            assert "not current" not in line, line


def _committed(field: str, value: str) -> Outcome:
    return Outcome("auto_commit", "ev", ME, field, value, committed=True)


ARRIVED = [_committed("travel.location", "Tahoe"), _committed("travel.status", "in_progress")]
HOME = [_committed("travel.status", "completed"), _committed("travel.location", "Portland")]


@pytest.mark.parametrize(
    ("outcomes", "day", "today", "ends"),
    [
        (ARRIVED, "2026-11-30", date(2026, 11, 30), "you left today."),
        (ARRIVED, "2026-11-29", date(2026, 11, 30), "you left yesterday."),
        (ARRIVED, "2026-11-28", date(2026, 11, 30), "you left on Saturday, November 28."),
        (ARRIVED, "2026-11-30", None, "you left on Monday, November 30."),
        (HOME, "2026-11-30", date(2026, 11, 30), "back today."),
        (HOME, "2026-11-29", date(2026, 11, 30), "back since yesterday."),
        (HOME, "2026-11-27", date(2026, 11, 30), "back since Friday, November 27."),
    ],
)
def test_the_acknowledgement_names_today_and_yesterday(
    outcomes: list[Outcome], day: str, today: date | None, ends: str
) -> None:
    """The day a trip began or ended, told back on the user's calendar day ``today``."""
    field = "travel.depart_date" if outcomes is ARRIVED else "travel.return_date"
    said = acknowledgement([*outcomes, _committed(field, day)], ["assertive"] * 3, "", today)
    assert said is not None
    assert said.text.endswith(ends), said


@pytest.mark.parametrize(
    ("now", "said"),
    [
        # Friday 8 pm in Portland is Saturday in UTC: the trip that "leaves Saturday" and
        # is under way has not left on Saturday; which day it left is the question.
        (datetime(2026, 12, 5, 4, 0, tzinfo=UTC), "You've left; which day is still a question"),
        # Saturday noon there: left that day, told with the trip (a thing a line).
        (datetime(2026, 12, 5, 20, 0, tzinfo=UTC), "On your trip, since Saturday, December 5"),
    ],
)
def test_the_day_a_trip_left_is_the_users_day(now: datetime, said: str) -> None:
    facts = [
        _fact("profile.home_city", "Portland", None),
        _fact("travel.status", "in_progress", None),
        _fact("travel.depart_date", "2026-12-05", None),
    ]
    assert f"• {said}" in state_text(facts, now, ME)
