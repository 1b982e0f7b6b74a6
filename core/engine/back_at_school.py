"""'my son is back at school': well again only when Canon holds him sick.

The extractor reads a child back at school, said as the whole news, as well
(``family_status.BACK_TO_SCHOOL``): it cannot see the state, and a sick child held stale
is the failure Canon exists to prevent. The words themselves say where the child is, not
how: only what Canon holds makes them news of health. So, by what is held of that member
(committed, or still asked of the speaker):

- sick: asked whether well again ("Is your son well today?"), never taken alone;
- away (at his dad's, on a school trip): back, so home, asked;
- well, home, or nothing: nothing. No health state is invented from a school run, and
  Canon has no field for a child's day at school.

"the kids are back at school" is asked as well while any member is held sick. Words that
say how the child is besides ("back at school, all better", "back at school after the
flu") are the extractor's reading, unchanged.

A pure function of a message's payloads and the household's held values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact, Scalar

BACK_AT_SCHOOL = "back at school while held sick: asked whether well again"
"""The ``needs_confirmation`` of a child back at school while Canon holds them sick or away."""

_SCHOOL = re.compile(
    r"\b(?:back\s+(?:at|to|in)|went\s+back\s+to|gone\s+back\s+to)\s+(?:school|daycare|"
    r"preschool|nursery|kindergarten|kindy)\b"
)
_HOW = re.compile(
    r"\b(?:better|recover\w*|fine|well|healthy|fever\w*|flu|bug|cold|sick\w*|ill|illness|"
    r"temp(?:erature)?|virus|covid|strep|mended|cleared|ok|okay|good|over\s+it|after|"
    r"fit|100%|hundred\s+percent)(?!\w)"
)
"""Words that say how the child is, besides where: the extractor's reading stands."""
_KIDS = "family.kids.status"


def school_alone(payload: Mapping[str, Any]) -> bool:
    """Whether ``payload`` is a member's "well" read from being back at school alone."""
    words = str(payload.get("evidence_text") or "").lower()
    return (
        _a_status(str(payload.get("field") or ""))
        and payload.get("candidate_value") == "well"
        and _SCHOOL.search(words) is not None
        and _HOW.search(_SCHOOL.sub(" ", words)) is None
    )


def back_at_school(
    payloads: list[dict[str, Any]], held: Mapping[str, Scalar]
) -> list[dict[str, Any]]:
    """``payloads`` with each "well" from being back at school alone read against
    ``held`` (the household's status fields, committed or asked of the speaker): asked
    as well while held sick, asked as home while held away, else dropped."""
    out = []
    for p in payloads:
        if not school_alone(p):
            out.append(p)
            continue
        field = str(p["field"])
        was = held.get(field)
        if field == _KIDS and was is None and _anyone_sick(held):
            was = "sick"  # "the kids are back at school" while Emma is held sick
        asked = {**p, "needs_confirmation": p.get("needs_confirmation") or BACK_AT_SCHOOL}
        if was == "sick":
            out.append(asked)
        elif was == "away":
            out.append({**asked, "candidate_value": "home"})
    return out


def statuses_held(facts: Sequence[CommittedFact], asked: Sequence[ReviewItem]) -> dict[str, Scalar]:
    """The household's members' statuses as held: committed, then as the speaker's open
    questions propose them (newer words, still waiting for a Yes)."""
    held = {f.field: f.value for f in facts if _a_status(f.field)}
    held |= {i.field: i.candidate_value for i in asked if i.kind == "change" and _a_status(i.field)}
    return held


def _a_status(field: str) -> bool:
    return field.startswith("family.") and field.endswith(".status")


def _anyone_sick(held: Mapping[str, Scalar]) -> bool:
    return any(_a_status(f) and v == "sick" for f, v in held.items())
