"""The end-to-end check a person runs in their own Telegram chat: the Tahoe story.

Four steps (plan, arrival, confirmation, return), what the person types or taps
for each and what Canon should answer (``STEPS``, printed by ``canon e2e
guide``), and ``check_run``: whether each step happened, in order, judged from
what the store holds since the run started (``RunEvidence``). Pure: the reads
are ``core.conversation.e2e_run``'s.

Each step is judged by its outcome (a value committed, a question answered
Yes, a message said in the chat before it), never by the decision kind: a
calibration period or a stricter policy asks where the default policy commits
at once, and the guide tells the person to tap Yes on every question about the
trip, so the same run passes whatever the policy says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from core.domain.chat_records import ChatMessage
from core.domain.event_log import HistoryEntry
from core.domain.review_items import ReviewItem
from core.domain.state import Scalar
from core.engine.consistency import calendar_day

PLACE = "Tahoe"


@dataclass(frozen=True)
class Step:
    """One step of the story, as the guide prints it."""

    number: int
    name: str
    say: str | None
    """What to type in the chat (None: a tap only)."""
    expect: str
    """What Canon should answer (or ask)."""
    tap: str | None = None
    """Which button to tap under what Canon asked."""
    otherwise: str = ""
    """What a stricter policy (or calibration) asks instead, and what to do then."""


STEPS: tuple[Step, ...] = (
    Step(
        1,
        "plan",
        say=f"We're planning a trip to {PLACE} next weekend",
        expect="Sounds like a plan, not a fact — I'll keep it as planned.",
        otherwise='If Canon asks "Is all of this right?" instead, tap Yes.',
    ),
    Step(
        2,
        "arrival",
        say=f"We're in {PLACE}",
        expect=f"Noted: you're in {PLACE}; your trip is under way; you left today.",
        otherwise=f'If Canon asks "Is your trip to {PLACE} under way?" instead, tap Yes.',
    ),
    Step(
        3,
        "confirmation",
        say=None,
        expect="With step 2: your departure date moves to the day you arrived, today (your "
        "plan said next weekend, and a trip under way cannot leave in the future)",
        tap='Yes, if Canon asks "Did you leave on <today>?" with step 2; the question then '
        "ends with ✅ Confirmed",
    ),
    Step(
        4,
        "return",
        say=f"We're back home from {PLACE}",
        expect="Noted: your trip is over; you're back home.",
        otherwise='If Canon asks "Back home?" instead, tap Yes.',
    ),
)


@dataclass(frozen=True)
class RunEvidence:
    """What the store holds about one run, since it started."""

    entity_id: str
    chat_id: int
    started_at: datetime
    history: Sequence[HistoryEntry]
    """The entity's commits at or after the start, oldest first."""
    answered: Sequence[ReviewItem]
    """The entity's questions answered at or after the start."""
    said: Sequence[ChatMessage]
    """What the person typed in their chat at or after the start, oldest first."""
    location: Scalar
    """Where Canon believes the person is now (travel.location)."""


@dataclass(frozen=True)
class StepResult:
    step: Step
    done: bool
    at: datetime | None = None
    """When the step's outcome was committed or answered."""
    problem: str = ""
    """Why it is not done: one line, naming what to do."""


@dataclass(frozen=True)
class _Cursor:
    """Where the previous done step left off: its time and the message it used."""

    at: datetime
    message_seq: int


def check_run(evidence: RunEvidence) -> list[StepResult]:
    """Each step, done or not, in order. A step counts only after the steps done before it;
    a step not done does not move the cursor, so a skipped step is named and the
    later ones are still judged."""
    cursor = _Cursor(evidence.started_at, -1)
    results: list[StepResult] = []
    for step in STEPS:
        result, moved = _CHECKS[step.name](evidence, step, cursor)
        results.append(result)
        cursor = moved or cursor
    return results


def next_step(results: Sequence[StepResult]) -> Step | None:
    """The first step not done (None when the run is complete)."""
    return next((r.step for r in results if not r.done), None)


# -- the checks ----------------------------------------------------------------------
_Check = Callable[[RunEvidence, Step, _Cursor], tuple[StepResult, _Cursor | None]]


def _committed(
    evidence: RunEvidence, field: str, value: str, after: datetime
) -> HistoryEntry | None:
    for entry in evidence.history:
        if entry.field == field and entry.committed_at >= after and _same(entry.new_value, value):
            return entry
    return None


def _same(have: Scalar, want: str) -> bool:
    return isinstance(have, str) and have.casefold() == want.casefold()


def _message_before(evidence: RunEvidence, cursor: _Cursor, at: datetime) -> ChatMessage | None:
    """The first message typed after the cursor's, no later than ``at``."""
    for message in evidence.said:
        if message.seq > cursor.message_seq and message.at <= at:
            return message
    return None


_NOT_YET = {
    "planning": "no trip was planned",
    "in_progress": "the trip did not get under way",
    "completed": "the trip was not over",
}


def _said_then_committed(
    evidence: RunEvidence, step: Step, cursor: _Cursor, field: str, value: str
) -> tuple[StepResult, _Cursor | None]:
    entry = _committed(evidence, field, value, cursor.at)
    if entry is None:
        return StepResult(
            step, False, problem=f"{_NOT_YET[value]} since the previous step: type {step.say!r}"
        ), None
    message = _message_before(evidence, cursor, entry.committed_at)
    if message is None:
        return StepResult(
            step,
            False,
            problem=f"{field} became {value}, but nothing was typed in your chat before it: "
            f"type {step.say!r}",
        ), None
    return StepResult(step, True, at=entry.committed_at), _Cursor(entry.committed_at, message.seq)


def _plan(evidence: RunEvidence, step: Step, cursor: _Cursor) -> tuple[StepResult, _Cursor | None]:
    result, moved = _said_then_committed(evidence, step, cursor, "travel.status", "planning")
    if result.done and _committed(evidence, "travel.destination", PLACE, cursor.at) is None:
        return StepResult(
            step, False, problem=f"a trip was planned, but not to {PLACE}: type {step.say!r}"
        ), None
    return result, moved


def _arrival(
    evidence: RunEvidence, step: Step, cursor: _Cursor
) -> tuple[StepResult, _Cursor | None]:
    return _said_then_committed(evidence, step, cursor, "travel.status", "in_progress")


def _confirmation(
    evidence: RunEvidence, step: Step, cursor: _Cursor
) -> tuple[StepResult, _Cursor | None]:
    # The departure moves with the arrival (in its commit, or its question's Yes).
    for entry in evidence.history:
        if (
            entry.field == "travel.depart_date"
            and entry.committed_at >= cursor.at
            # Moved to the day you left, not forgotten, nor a plan's day still ahead.
            and _left_by(entry.new_value, entry.committed_at)
        ):
            return StepResult(step, True, at=entry.committed_at), _Cursor(
                entry.committed_at, cursor.message_seq
            )
    return StepResult(
        step,
        False,
        problem="your departure date did not move to the day you arrived: "
        'tap Yes under "Did you leave on …?"',
    ), None


def _left_by(value: Scalar, at: datetime) -> bool:
    """Whether ``value`` is a day no later than ``at``'s (a day ahead in UTC is allowed:
    the traveller's day may be ahead of it)."""
    day = calendar_day(value)
    return day is not None and day.toordinal() <= at.date().toordinal() + 1


def _return(
    evidence: RunEvidence, step: Step, cursor: _Cursor
) -> tuple[StepResult, _Cursor | None]:
    result, moved = _said_then_committed(evidence, step, cursor, "travel.status", "completed")
    if result.done and _same(evidence.location, PLACE):
        return StepResult(
            step,
            False,
            problem=f"the trip is over but Canon still has you in {PLACE}: "
            'tap Yes under "Back home?"',
        ), None
    return result, moved


_CHECKS: dict[str, _Check] = {
    "plan": _plan,
    "arrival": _arrival,
    "confirmation": _confirmation,
    "return": _return,
}
