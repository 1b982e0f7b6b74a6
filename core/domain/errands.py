"""An entity's errands and bills read from its facts, and what a return's status means
(pure functions).

An errand is ``financial.<slug>.<part>`` ("financial.amazon_return.status",
"...due_date"): the conversation tells and lists them, and the engine moves the ones
dated by a trip, each from the same grouping.

A return of goods keeps the extractor's vocabulary (the labelled sets expect it): ``due``
is still to send back, ``pending`` went back and waits on its refund, ``refunded`` is
over. Bare, "pending" reads as "not done yet" to most readers, and a model that read
``financial.amazon_return.status = pending`` beside its old due date planned the return
again: the founding failure in other words. So every surface says what the value means
(``status_meaning``), and a due day of a return no longer to send back is said as no
deadline (``due_day_meaning``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from datetime import date

from core.domain.away_unplaced import unplaced_meanings
from core.domain.state import CommittedFact, Scalar
from core.domain.timeutil import calendar_day

STILL_TO_SEND = "still to send back"
SENT_BACK = "sent back, refund awaited"
_RETURN_MEANS: Mapping[str, str] = {
    "due": STILL_TO_SEND,
    "pending": SENT_BACK,
    "refunded": "sent back and refunded: done",
    "paid": "done",
    "cancelled": "called off: nothing to send back",
}
_RETURN_SAID: Mapping[str, str] = {
    "due": "is due",  # its day follows, or "(overdue)": no reader takes it as done
    "pending": "was sent back, refund awaited",
    "refunded": "was sent back and refunded",
    "paid": "is done",
    "cancelled": "was called off",
}
"""A return's status as a sentence says it after its name ("the Amazon return ...")."""
_REFUND_MEANS: Mapping[str, str] = {
    "due": "refund still owed",
    "pending": "refund awaited",
    "refunded": "refund received: done",
}


ERRAND_WHICH = "more than one errand is still to do: which one went back was asked"
"""Why "returned it" is asked as a choice: two errands were open and the words named none."""
WHICH_ERRAND_SUBJECT = "financial.which_errand"
"""The subject of the group a choice between errands is asked in (its group key's)."""


def asks_which_errand(group_key: str | None) -> bool:
    """Whether a question of ``group_key`` is one errand of several to choose: a Yes to
    one part is a No to the others."""
    return group_key is not None and f"|{WHICH_ERRAND_SUBJECT}|" in group_key


def errand_part(field: str) -> tuple[str, str] | None:
    """The errand and its part a field names ("financial.amazon_return.status" ->
    ("amazon_return", "status")); None for any other field."""
    parts = field.split(".")
    if len(parts) == 3 and parts[0] == "financial":
        return parts[1], parts[2]
    return None


def errand_status_of(field: str) -> str | None:
    """The errand whose status ``field`` is ("financial.amazon_return.status" ->
    "amazon_return"); None for any other field."""
    part = errand_part(field)
    return part[0] if part is not None and part[1] == "status" else None


def errands_of(facts: Iterable[CommittedFact], mine: str) -> dict[str, dict[str, CommittedFact]]:
    """The errands of ``mine``: slug -> its fields by name ("amazon_return" -> "status", ...)."""
    by_slug: dict[str, dict[str, CommittedFact]] = {}
    for f in facts:
        if f.entity_id == mine and (part := errand_part(f.field)) is not None:
            by_slug.setdefault(part[0], {})[part[1]] = f
    return by_slug


def is_goods_return(slug: str) -> bool:
    """Whether the errand ``slug`` is goods to send back ("amazon_return")."""
    return slug == "return" or slug.endswith("_return")


def returns_held(state: Mapping[str, Scalar], statuses: Collection[str]) -> list[str]:
    """The goods returns of a speaker's committed values (field -> value) whose status is
    one of ``statuses``, by slug ("amazon_return"), sorted."""
    return sorted(
        slug
        for name, value in state.items()
        if value in statuses
        and name.startswith("financial.")
        and name.endswith(".status")
        and is_goods_return(slug := name.split(".")[1])
    )


def status_meaning(slug: str, status: Scalar) -> str | None:
    """What the status ``status`` of the errand ``slug`` means, in words no reader can
    take the other way ("sent back, refund awaited"); None for an errand whose statuses
    say what they mean (a bill is "due" or "paid")."""
    if is_goods_return(slug):
        return _RETURN_MEANS.get(str(status))
    if slug == "refund" or slug.endswith("_refund"):
        return _REFUND_MEANS.get(str(status))
    return None


def status_said(slug: str, status: Scalar) -> str | None:
    """A return's status after its name, for people: "was sent back, refund awaited";
    None for an errand whose status word says it ("is due", "is paid")."""
    return _RETURN_SAID.get(str(status)) if is_goods_return(slug) else None


_LEFT = frozenset({"in_progress", "completed"})


def left_by(trip: Mapping[str, Scalar]) -> date | None:
    """The day a trip that has left (under way or over) left, from its ``travel.*`` values;
    None while no trip has left. An errand due by then was to be done before going: left
    undone, it is overdue ("was due before you left"), never "is due Thursday" on the day
    she drove up, a plan still on (the founding mistake in other words)."""
    if trip.get("travel.status") not in _LEFT:
        return None
    return calendar_day(trip.get("travel.depart_date"))


def leaves_on(trip: Mapping[str, Scalar]) -> date | None:
    """The day a planned trip (not left yet) leaves, from its ``travel.*`` values; None
    while no trip is planned."""
    if trip.get("travel.status") != "planning":
        return None
    return calendar_day(trip.get("travel.depart_date"))


def due_before_leaving(slug: str, told: Mapping[str, Scalar], trip: Mapping[str, Scalar]) -> bool:
    """Whether the errand ``slug`` (its parts ``told``) is still to do by the very day
    ``trip`` (planned) leaves: "the Amazon return is due before you leave", never two lines
    "Tomorrow: the Amazon return is due" and "Tomorrow: you leave for Tahoe" that leave
    the reader to guess the order (``core.engine.due_before_trip`` dates "before we go" so)."""
    leaves = leaves_on(trip)
    return (
        leaves is not None
        and still_to_do(slug, told.get("status"))
        and calendar_day(told.get("due_date")) == leaves
    )


BEFORE_LEAVING = "before the trip leaves that day"
"""What an errand due the day its holder's trip leaves means (``meanings``)."""


def still_to_do(slug: str, status: Scalar) -> bool:
    """Whether an errand of status ``status`` is still to do (the one status with a deadline)."""
    return status == "due"


def due_day_meaning(slug: str, status: Scalar | None) -> str | None:
    """What the due day of the errand ``slug`` means once its status is ``status``: the day
    it must go back by while it is due; no deadline once it went back or is over."""
    if status is None or still_to_do(slug, status):
        return None
    said = status_meaning(slug, status)
    return None if said is None else f"no longer a deadline: {said}"


def meanings(facts: Iterable[CommittedFact]) -> dict[tuple[str, str], str]:
    """(entity, field) -> what the value means, for each return's (or refund's) status and
    each due day no longer a deadline: "sent back, refund awaited", "still to send back by
    2026-11-27", "no longer a deadline: sent back, refund awaited". One still to do by a
    day on or before the day its holder's trip left says it is late: it was to be done
    before going, and an assistant told "by 2026-12-02" on the day she drove up would plan
    it before a trip already under way (the founding mistake). One still to do by the day
    its holder's planned trip leaves says so: "still to send back by 2026-12-05, before the
    trip leaves that day" (``due_before_leaving``). And a day back held with no trip:
    "away or going away until then, where not said" (``away_unplaced``), on every surface
    that says what a value means."""
    facts = list(facts)
    held: dict[tuple[str, str], dict[str, Scalar]] = {}
    trips: dict[str, dict[str, Scalar]] = {}
    for f in facts:
        if (part := errand_part(f.field)) is not None:
            held.setdefault((f.entity_id, part[0]), {})[part[1]] = f.value
        elif f.field.startswith("travel."):
            trips.setdefault(f.entity_id, {})[f.field] = f.value
    out = unplaced_meanings(facts)
    for (entity, slug), told in held.items():
        for name in told:
            if (said := part_meaning(slug, name, told)) is not None:
                out[(entity, f"financial.{slug}.{name}")] = said
        key = (entity, f"financial.{slug}.status")
        if (late := _late_for_the_trip(slug, told, trips.get(entity, {}))) is not None:
            out[key] = f"{out.get(key, 'still to do')}, {late}"
        elif due_before_leaving(slug, told, trips.get(entity, {})):
            out[key] = f"{out.get(key, 'still to do')}, {BEFORE_LEAVING}"
    return out


def _late_for_the_trip(
    slug: str, told: Mapping[str, Scalar], trip: Mapping[str, Scalar]
) -> str | None:
    """ "late: it was to be done before the trip, which left 2026-12-02" for an errand
    still to do by a day on or before the day ``trip`` left (``agenda``'s "Overdue"), else
    None. Not "overdue": the workspace files say that of a value whose day has ended."""
    left, due = left_by(trip), calendar_day(told.get("due_date"))
    if left is None or due is None or due > left or not still_to_do(slug, told.get("status")):
        return None
    return f"late: it was to be done before the trip, which left {left.isoformat()}"


def part_meaning(slug: str, part: str, told: Mapping[str, Scalar]) -> str | None:
    """What the errand ``slug``'s ``part`` means while its parts hold ``told`` (part ->
    value): a status by its words and, while still to do, its day; a due day once it is
    no longer a deadline. None: the value says what it means (``meanings``, one at a time;
    a change in the history reads its old and new values the same way)."""
    status, day = told.get("status"), told.get("due_date")
    if part == "status":
        said = None if status is None else status_meaning(slug, status)
        if said is None:
            return None
        due = calendar_day(day)  # a day, never the stored text: it may hold anything
        return said + (
            f" by {due.isoformat()}" if due is not None and still_to_do(slug, status) else ""
        )
    if part == "due_date" and day is not None:
        return due_day_meaning(slug, status)
    return None


def meaning_fields(field: str) -> list[str]:
    """The fields whose values ``field``'s meaning reads: an errand's status and due day
    (each says what the other means); any other field, itself."""
    part = errand_part(field)
    return [field] if part is None else [f"financial.{part[0]}.{p}" for p in ("status", "due_date")]
