"""The rollout's limits on the resolver: what it may still do alone, and what it must ask.

Each case hands the resolver a policy whose travel domain carries an ``Autonomy``
(as core.domain.rollout.effective_policy builds it) and says what it decides,
what it would have decided alone (``shadow_of``) and which reason the user sees.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from types import MappingProxyType
from typing import Any

import pytest
from canon_testing import NOW, make_observation

from core.domain.models import StateObservation, parse_model
from core.domain.policy import Autonomy, Policy, default_policy
from core.domain.resolver import resolve
from core.domain.state import CommittedFact

BASE = default_policy()
SHADOW = Autonomy(shadow=True, notes=("travel is in shadow mode",))
CALIBRATING = Autonomy(confirm_below=0.98, notes=("calibrating travel: 29 more change(s)",))
CONFIRM_RUN = Autonomy(always_ask=True, notes=("the next 20 travel change(s) are asked",))
FREE = Autonomy()


def limited(autonomy: Autonomy) -> Policy:
    travel = replace(BASE.domain("travel"), autonomy=autonomy)
    return replace(BASE, domains=MappingProxyType({**BASE.domains, "travel": travel}))


def fact(field: str, value: Any, *, hours_ago: float = 1.0) -> CommittedFact:
    at = NOW - timedelta(hours=hours_ago)
    return CommittedFact(
        "user:primary", field, value, 1, "conversation_assertive", "r0", 0.9, "e0", at, at, "x"
    )


@dataclass(frozen=True)
class Case:
    name: str
    autonomy: Autonomy
    observation: dict[str, Any]
    expected: str
    shadow_of: str | None
    reason: str
    committed: CommittedFact | None = None


def o(field: str, value: Any, **kw: Any) -> dict[str, Any]:
    return make_observation(field, value, **kw)


# "I'm in Tahoe": conversation_assertive 0.90, exactly the travel auto threshold.
TAHOE = o("travel.location", "Tahoe")
# A chat statement the calendar corroborates: 0.90 x 1.08 = 0.972 (still below 0.98).
TAHOE_CORROBORATED = o(
    "travel.location", "Tahoe", corroborators=[{"type": "calendar", "ref": "c1"}]
)
# Three agreeing sources: capped at 0.90 x 1.24 -> 1.0.
TAHOE_CERTAIN = o(
    "travel.location",
    "Tahoe",
    corroborators=[
        {"type": "calendar", "ref": "c1"},
        {"type": "email", "ref": "m1"},
        {"type": "transactions_email", "ref": "t1"},
    ],
)
# A static note: 0.60, below the ask threshold 0.65.
WEAK = o("travel.destination", "Tahoe", intent="planning", source="static_markdown")

CASES = [
    Case("no limits: the fresh statement commits", FREE, TAHOE, "auto_commit", None, "auto 0.90"),
    Case(
        "calibration asks what it would commit below 0.98",
        CALIBRATING,
        TAHOE,
        "ask_user",
        "auto_commit",
        "calibrating travel",
    ),
    Case(
        "calibration asks at 0.97 too",
        CALIBRATING,
        TAHOE_CORROBORATED,
        "ask_user",
        "auto_commit",
        "calibrating travel",
    ),
    Case(
        "calibration lets a near-certain change commit",
        CALIBRATING,
        TAHOE_CERTAIN,
        "auto_commit",
        None,
        "auto 0.90",
    ),
    Case(
        "a confirmation run asks even a near-certain change",
        CONFIRM_RUN,
        TAHOE_CERTAIN,
        "ask_user",
        "auto_commit",
        "the next 20 travel change(s) are asked",
    ),
    Case(
        "shadow mode asks even a near-certain change",
        SHADOW,
        TAHOE_CERTAIN,
        "ask_user",
        "auto_commit",
        "shadow mode",
    ),
    Case(
        "shadow mode also asks what it would reject for low confidence",
        SHADOW,
        WEAK,
        "ask_user",
        "tentative_reject",
        "below ask 0.65",
    ),
    Case(
        "outside shadow mode a weak change stays rejected",
        CALIBRATING,
        WEAK,
        "tentative_reject",
        None,
        "below ask 0.65",
    ),
    Case(
        "a question the resolver asks anyway is not a shadow of anything",
        SHADOW,
        o("travel.location", "Reno"),
        "ask_user",
        None,
        "margin",
        fact("travel.location", "Tahoe"),
    ),
    Case(
        "a corroboration is not a change: calibration lets it through",
        CALIBRATING,
        o("travel.location", "Tahoe", source="calendar"),
        "auto_commit",
        None,
        "corroborates",
        fact("travel.location", "Tahoe"),
    ),
    Case(
        "a corroboration is not a change: shadow mode lets it through",
        SHADOW,
        o("travel.location", "Tahoe", source="calendar"),
        "auto_commit",
        None,
        "corroborates",
        fact("travel.location", "Tahoe"),
    ),
    Case(
        "an agent's weak proposal is asked in every mode: nothing held back to grade",
        SHADOW,
        o("travel.destination", "Maui", intent="planning", source="agent"),
        "ask_user",
        None,
        "agent proposals are never committed without you",
    ),
]

EXEMPT_USER = [
    Case(
        f"your {source} is your say: {name}",
        autonomy,
        TAHOE | {"source": s},
        "auto_commit",
        None,
        "",
    )
    for source, s in [
        ("answer", {"type": "user_confirmation", "ref": "answer:1"}),
        ("STATE-INPUT edit", {"type": "manual_markdown", "ref": "STATE-INPUT.md"}),
    ]
    for name, autonomy in [
        ("shadow", SHADOW),
        ("calibration", CALIBRATING),
        ("confirmation run", CONFIRM_RUN),
    ]
]

# The rules that protect the present are no decision to grade: they stay rejections.
STAY_REJECTED = [
    Case(
        name,
        SHADOW,
        observation,
        "tentative_reject",
        None,
        reason,
        committed,
    )
    for name, observation, reason, committed in [
        (
            "a hypothetical",
            o("travel.location", "Maui", intent="hypothetical"),
            "hypothetical",
            None,
        ),
        (
            "a memory",
            o("travel.location", "Maui", intent="historical"),
            "historical",
            fact("travel.location", "Tahoe"),
        ),
        (
            "a plan that cannot move you",
            o("travel.location", "Tahoe", intent="planning"),
            "a plan does not change",
            None,
        ),
        (
            "nothing to retract",
            o("travel.location", "Tahoe", intent="retract"),
            "nothing to retract",
            None,
        ),
        (
            "an authority block",
            o("travel.location", "Portland", source="calendar"),
            "outranks calendar",
            fact("travel.location", "Tahoe", hours_ago=5),
        ),
    ]
]


@pytest.mark.parametrize("case", CASES + EXEMPT_USER + STAY_REJECTED, ids=lambda c: c.name)
def test_autonomy_limits(case: Case) -> None:
    obs = parse_model(StateObservation, "state_observation", case.observation)
    decision = resolve(case.committed, obs, limited(case.autonomy), NOW)
    assert (decision.decision, decision.shadow_of) == (case.expected, case.shadow_of), (
        decision.reasons
    )
    assert any(case.reason in r for r in decision.reasons), decision.reasons


def test_a_held_back_change_carries_its_patch_and_puts_the_why_first() -> None:
    obs = parse_model(StateObservation, "state_observation", TAHOE)
    decision = resolve(None, obs, limited(CALIBRATING), NOW)
    assert decision.effect == "change"
    assert decision.patch == resolve(None, obs, BASE, NOW).patch
    assert decision.reasons[0] == CALIBRATING.notes[0]


def test_a_rejection_already_refused_by_you_stays_refused_in_shadow_mode() -> None:
    from core.domain.state import FieldEvidence, value_key

    obs = parse_model(StateObservation, "state_observation", WEAK)
    refused = FieldEvidence(rejected=frozenset({(value_key("Tahoe"), obs.source.key)}))
    decision = resolve(None, obs, limited(SHADOW), NOW, refused)
    assert (decision.decision, decision.shadow_of) == ("tentative_reject", None)
