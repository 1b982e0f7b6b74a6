"""The inline buttons under the bot's questions and the callback data they carry.

Every button Canon sends names its prompt by a token and says what the tap means in a
short code after a colon: ``<token>:y|n|e`` (Yes, No, Edit), ``<token>:v<index>`` (a
value of a closed set), ``<token>:x`` (Cancel), ``<token>:p<seq>`` (a part of a grouped
question), ``<token>:r<seq>|ra`` (the part of a grouped question a No is for, or all of
it), ``<token>:wy|wn<digest>`` (use an unknown place anyway?). Building a button
and parsing its tap live together here, apart from what the bot says (``texts``),
because they are one wire format: Telegram's limit of 64 bytes of callback data is
checked here, and a code added on one side without the other breaks every tap.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Literal

from core.conversation.found_texts import drop_choices
from core.conversation.which_errand import errand_name
from core.domain.errands import asks_which_errand
from core.domain.part_words import part_words
from core.domain.user_clock import on_users_clock
from core.engine.answer_values import Choice, choices_for
from core.engine.consistency import no_cannot_keep
from core.engine.corrections import correction_kind
from core.engine.edit_values import left_already
from core.store import ReviewItem

MAX_CALLBACK_DATA = 64
TapAction = Literal["confirm", "reject", "edit"]
_ACTION_CODE: dict[TapAction, str] = {"confirm": "y", "reject": "n", "edit": "e"}
_CODE_ACTION: dict[str, TapAction] = {v: k for k, v in _ACTION_CODE.items()}
_CHOICE, _CANCEL = "v", "x"  # an edit button: "<token>:v<index>" or "<token>:x"
_PART = "p"  # which part of a grouped question to edit: "<token>:p<item seq>"
_ONE = "o"  # the one part of a choice a Yes is for: "<token>:o<item seq>"
_WRONG, _ALL = "r", "a"  # the part a No is for: "<token>:r<item seq>"; all of it: "<token>:ra"
_NEW_PLACE = {"y": True, "n": False}  # a place nobody knows, used anyway? "<token>:wy<digest>"


def callback_data(token: str, action: TapAction) -> str:
    data = f"{token}:{_ACTION_CODE[action]}"
    assert 1 <= len(data.encode()) <= MAX_CALLBACK_DATA
    return data


def parse_callback(data: str | None) -> tuple[str, TapAction] | None:
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    action = _CODE_ACTION.get(code)
    return (token, action) if token and action else None


def prompt_buttons(item: ReviewItem, token: str) -> list[tuple[str, str]]:
    actions: list[tuple[str, TapAction]] = [("Yes", "confirm"), ("No", "reject")]
    if correction_kind(item) in (None, "wrong") and item.kind != "drift":
        actions.append(("Edit", "edit"))
    return [(label, callback_data(token, action)) for label, action in actions]


def question_buttons(
    item: ReviewItem, group: Sequence[ReviewItem], token: str
) -> list[tuple[str, str]]:
    """The buttons under a question: Yes, No (and Edit); under a choice between errands
    ("returned it" while two are still to do), one per errand, then No."""
    if not asks_which_errand(item.group_key) or len(group) < 2:
        return prompt_buttons(item, token)
    named = sorted(group, key=lambda m: m.field)
    ones = [(_capital(errand_name(m)), f"{token}:{_ONE}{m.seq}") for m in named]
    return [*ones, ("No", callback_data(token, "reject"))]


def parse_one(data: str | None) -> tuple[str, int] | None:
    """(token, seq of the part chosen) for a button of a choice between errands."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if token and code.startswith(_ONE) and code[1:].isdigit():
        return token, int(code[1:])
    return None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def edit_choices(item: ReviewItem, zone: object = None) -> tuple[Choice, ...]:
    """What an Edit of ``item`` offers as buttons: a closed set's values; of what the files
    said, each thing found (a tap drops it), its times on ``zone``'s clock (the reader's)."""
    if item.kind == "bootstrap":
        return drop_choices(item, zone)
    if item.kind != "change":
        return ()
    return choices_for(item.field, item.candidate_value) or left_day_choices(item, zone)


LEFT_DAYS = 7
"""How many days an Edit of the day a trip left offers: the week up to the day asked."""


def left_day_choices(item: ReviewItem, zone: object = None) -> tuple[Choice, ...]:
    """The days a trip may have left on, as buttons of an Edit of its departure ("we left
    on friday", or a departure ahead of a trip under way): the week up to the day it was
    asked on ``zone``'s clock (the reader's), newest first, but for the day said wrong. A
    tap's index is read against the same item, so the days never move under it."""
    if not left_already(item):
        return ()  # a day still ahead: a plan's day, not one a trip left on
    asked = on_users_clock(item.created_at, zone).date()
    said = str(item.candidate_value)[:10]
    days = (asked - timedelta(days=n) for n in range(LEFT_DAYS))
    return tuple(
        Choice(d.isoformat(), f"{d:%A}, {d:%b} {d.day}") for d in days if d.isoformat() != said
    )


def edit_buttons(item: ReviewItem, token: str, zone: object = None) -> list[tuple[str, str]]:
    """The allowed values of a closed set as buttons (plain-word labels), then Cancel."""
    choices = edit_choices(item, zone)
    if not choices:
        return []
    buttons = [(c.label, f"{token}:{_CHOICE}{i}") for i, c in enumerate(choices)]
    return [*buttons, ("Cancel", f"{token}:{_CANCEL}")]


def part_buttons(
    members: Sequence[ReviewItem],
    token: str,
    mine: str,
    names: Mapping[str, str] | None = None,
) -> list[tuple[str, str]]:
    """Under "Which part should I change?": one button per part, said as the question
    says it and as "Which part is wrong?" says it ("you're in Tahoe", "you left on Friday,
    November 20": ``wrong_part_label``), then Cancel; another member's value quoted from
    them by name (``names``), as the question says it.

    A part is named by its item's seq, which stays the same while others are settled.
    """
    buttons = [
        (wrong_part_label(m, members, mine, names), f"{token}:{_PART}{m.seq}") for m in members
    ]
    return [*buttons, ("Cancel", f"{token}:{_CANCEL}")]


def parse_part(data: str | None) -> tuple[str, int] | None:
    """(token, seq of the part tapped) for a part button of a grouped question."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if token and code.startswith(_PART) and code[1:].isdigit():
        return token, int(code[1:])
    return None


def parse_choice(data: str | None) -> tuple[str, int | None] | None:
    """(token, index of the value tapped) for an edit button; index None for Cancel."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if not token:
        return None
    if code == _CANCEL:
        return token, None
    if code.startswith(_CHOICE) and code[1:].isdigit():
        return token, int(code[1:])
    return None


def place_digest(place: str) -> str:
    """Six hex digits naming the place a "use it anyway?" asks about: a tap under an
    older question (another place typed since) must not apply the newer one."""
    return hashlib.sha256(place.encode()).hexdigest()[:6]


def new_place_buttons(token: str, place: str) -> list[tuple[str, str]]:
    digest = place_digest(place)
    return [(label, f"{token}:w{code}{digest}") for label, code in (("Yes", "y"), ("No", "n"))]


def parse_new_place(data: str | None) -> tuple[str, bool, str] | None:
    """(token, use it, the place's digest) for a button under "use it anyway?"."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if not token or len(code) != 8 or code[0] != "w" or code[1] not in _NEW_PLACE:
        return None
    return token, _NEW_PLACE[code[1]], code[2:]


def wrong_part_buttons(
    members: Sequence[ReviewItem],
    token: str,
    mine: str,
    names: Mapping[str, str] | None = None,
) -> list[tuple[str, str]]:
    """Under "Which part is wrong?": a button per part, said as the question says it
    ("you're in Tahoe", "you left on Friday, November 20": ``wrong_part_label``), then
    "All of it" and Cancel."""
    parts = [
        (wrong_part_label(m, members, mine, names), f"{token}:{_WRONG}{m.seq}") for m in members
    ]
    return [*parts, ("All of it", f"{token}:{_WRONG}{_ALL}"), ("Cancel", f"{token}:{_CANCEL}")]


def wrong_part_label(
    part: ReviewItem,
    members: Sequence[ReviewItem],
    mine: str,
    names: Mapping[str, str] | None = None,
) -> str:
    """``part`` of a grouped question as a statement for its button: its departure in
    the past when the group says the trip is under way, as the question's line does."""
    return part_words(part, mine, names, left=trip_left(members))


def trip_left(members: Sequence[ReviewItem]) -> bool:
    """Whether a group says its trip has left (under way or over): its departure is a
    day gone by ("Did you leave on Friday?"), never one ahead."""
    return any(
        m.field == "travel.status" and m.candidate_value in ("in_progress", "completed")
        for m in members
    ) or any(no_cannot_keep(m) for m in members)


def parse_wrong(data: str | None) -> tuple[str, int | None] | None:
    """(token, seq of the part a No is for) for a button under "Which part is wrong?";
    seq None for "All of it"."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if not token or not code.startswith(_WRONG):
        return None
    if code == _WRONG + _ALL:
        return token, None
    return (token, int(code[1:])) if code[1:].isdigit() else None
