"""The resolver, case by case: what each kind of evidence may and may not do."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import jsonpatch
import pytest
from canon_testing import NOW, make_observation

from core.domain.models import StateObservation, parse_model
from core.domain.policy import default_policy
from core.domain.resolver import recency_factor, resolve
from core.domain.state import CommittedFact, Competitor, FieldEvidence, value_key
from core.domain.validation import schema_errors
from core.errors import PayloadInvalid

POLICY = default_policy()
DISAGREE = "model and linguistic reading disagree: the linguistic reading found no such field"


def fact(
    field: str,
    value: Any,
    source: str = "conversation_assertive",
    *,
    hours_ago: float = 1.0,
    confidence: float = 0.9,
) -> CommittedFact:
    at = NOW - timedelta(hours=hours_ago)
    return CommittedFact(
        "user:primary", field, value, 1, source, "r0", confidence, "e0", at, at, "auto_commit"
    )


@dataclass(frozen=True)
class Case:
    name: str
    committed: CommittedFact | None
    observation: dict[str, Any]
    expected: str
    reason: str = ""
    evidence: FieldEvidence = field(default_factory=FieldEvidence)


def o(field: str, value: Any, **kw: Any) -> dict[str, Any]:
    return make_observation(field, value, **kw)


CASES = [
    Case(
        "a fresh statement of where you are commits",
        None,
        o("travel.location", "Tahoe"),
        "auto_commit",
        "auto 0.90",
    ),
    Case(
        "'I am in X' overrides a planned itinerary from the calendar",
        fact("travel.location", "Portland", "calendar"),
        o("travel.location", "Tahoe"),
        "auto_commit",
    ),
    Case(
        "a hypothetical never changes state, however reliable the source",
        None,
        o("travel.location", "Maui", intent="hypothetical", source="manual_markdown"),
        "tentative_reject",
        "hypothetical",
    ),
    Case(
        "a memory never changes a current value",
        fact("travel.location", "Tahoe"),
        o("travel.location", "Maui", intent="historical"),
        "tentative_reject",
        "historical",
    ),
    Case(
        "a plan does not move you",
        fact("travel.location", "Portland", hours_ago=100),
        o("travel.location", "Tahoe", intent="planning"),
        "tentative_reject",
        "a plan does not change",
    ),
    Case(
        "a plan sets the destination",
        None,
        o("travel.destination", "Tahoe", intent="planning"),
        "auto_commit",
    ),
    Case(
        "a plan can only say a trip is being planned",
        None,
        o("travel.status", "in_progress", intent="planning"),
        "tentative_reject",
        "can only set",
    ),
    Case(
        "a static note is kept tentative",
        None,
        o("travel.destination", "Tahoe", intent="planning", source="static_markdown"),
        "tentative_reject",
        "below ask",
    ),
    Case(
        "a static note is outranked by the user's recent word",
        fact("travel.status", "in_progress", hours_ago=2),
        o("travel.status", "planning", intent="planning", source="static_markdown"),
        "tentative_reject",
        "outranks static_markdown",
    ),
    Case(
        "an assistant's stale plan never pulls a trip under way back (the founding incident)",
        fact("travel.status", "in_progress", hours_ago=2),
        o("travel.status", "planning", intent="planning", source="agent"),
        "tentative_reject",
        "a plan is not evidence of the present",
    ),
    Case(
        "a calendar entry is outranked by the user's recent word about where they are",
        fact("travel.location", "Tahoe", hours_ago=5),
        o("travel.location", "Portland", source="calendar"),
        "tentative_reject",
        "conversation_assertive outranks calendar",
    ),
    Case(
        "after the 72 h window the calendar may speak again (and is asked about)",
        fact("travel.location", "Tahoe", hours_ago=80),
        o("travel.location", "Portland", source="calendar"),
        "ask_user",
        "below auto",
    ),
    Case(
        "two close, conflicting statements: ask (margin too small)",
        fact("travel.location", "Tahoe", hours_ago=1),
        o("travel.location", "Reno"),
        "ask_user",
        "margin",
    ),
    Case(
        "older evidence never regresses a newer value without you",
        fact("travel.location", "Tahoe", hours_ago=1),
        o("travel.location", "Reno", at=NOW - timedelta(hours=3)),
        "ask_user",
        "older than",
    ),
    Case(
        "a plan coming true an hour later is a step forward, not a conflict",
        fact("travel.status", "planning", hours_ago=1),
        o("travel.status", "in_progress"),
        "auto_commit",
        "moves travel.status forward",
    ),
    Case(
        "a weaker source cannot push a lifecycle forward over a fresh statement",
        fact("travel.status", "planning", hours_ago=1),
        o("travel.status", "in_progress", source="calendar"),
        "tentative_reject",
        "outranks calendar",
    ),
    Case(
        "a lifecycle step backwards is put to you",
        fact("travel.status", "completed", hours_ago=100),
        o("travel.status", "in_progress"),
        "ask_user",
        "backwards",
    ),
    Case(
        "the same value corroborates",
        fact("travel.location", "Tahoe"),
        o("travel.location", "Tahoe", source="calendar"),
        "auto_commit",
        "corroborates",
    ),
    Case(
        "the same value from a weak source does not count as support",
        fact("travel.location", "Tahoe"),
        o("travel.location", "Tahoe", source="static_markdown"),
        "tentative_reject",
        "too weakly",
    ),
    Case(
        "profile facts need your confirmation",
        None,
        o("profile.home_city", "Seattle"),
        "ask_user",
        "only with your confirmation",
    ),
    Case(
        "your own STATE-INPUT edit is your say",
        None,
        o("profile.home_city", "Seattle", source="manual_markdown"),
        "auto_commit",
    ),
    Case(
        "mail never changes the profile on its own",
        None,
        o("profile.employer", "Acme", source="transactions_email"),
        "ask_user",
        "confirmation",
    ),
    Case(
        "a receipt commits a payment",
        None,
        o("financial.rent.amount", 2100, source="transactions_email"),
        "auto_commit",
    ),
    Case(
        "a remark against a fresh receipt is asked: the ledger stays until you say so",
        fact("financial.rent.amount", 2100, "transactions_email", hours_ago=24),
        o("financial.rent.amount", 2150),
        "ask_user",
        "transactions_email outranks conversation_assertive for financial",
    ),
    Case(
        "a receipt the day after your remark wins: the ledger outranks conversation",
        fact("financial.rent.amount", 2150, hours_ago=24),
        o("financial.rent.amount", 2100, source="transactions_email"),
        "auto_commit",
        "transactions_email outranks conversation_assertive for financial",
    ),
    Case(
        "a receipt dated before your remark is asked, never silently dropped",
        fact("financial.rent.amount", 2150, hours_ago=2),
        o("financial.rent.amount", 2100, source="transactions_email", at=NOW - timedelta(hours=5)),
        "ask_user",
        "older than",
    ),
    Case(
        "a receipt the extractor is unsure of is asked, not rejected",
        fact("financial.rent.amount", 2150, hours_ago=24),
        o(
            "financial.rent.amount",
            2100,
            source="transactions_email",
            extraction_confidence=0.8,
        ),
        "ask_user",
        "ambiguous",
    ),
    Case(
        "your explicit correction (an Edit or Yes) beats a receipt",
        fact("financial.rent.amount", 2100, "transactions_email", hours_ago=24),
        o("financial.rent.amount", 2150, source="user_confirmation"),
        "auto_commit",
    ),
    Case(
        "your STATE-INPUT correction beats a receipt",
        fact("financial.rent.amount", 2100, "transactions_email", hours_ago=24),
        o("financial.rent.amount", 2150, source="manual_markdown"),
        "auto_commit",
    ),
    Case(
        "a receipt does not overrule your explicit correction",
        fact("financial.rent.amount", 2150, "user_confirmation", hours_ago=24),
        o("financial.rent.amount", 2100, source="transactions_email"),
        "tentative_reject",
        "user_confirmation outranks transactions_email",
    ),
    Case(
        "family schedule: the calendar outranks a same-day remark, so you are asked",
        fact("family.soccer.schedule", "2026-02-20", "calendar", hours_ago=3),
        o("family.soccer.schedule", "2026-02-21"),
        "ask_user",
        "calendar outranks conversation_assertive",
    ),
    Case(
        "project status: the user outranks the planning doc",
        fact("project.feature_x.status", "planned", "static_markdown", hours_ago=3),
        o("project.feature_x.status", "shipped"),
        "auto_commit",
    ),
    # An assistant's proposal is asked, never committed and never dropped unseen.
    Case(
        "your word that the plan came true is no rival to your Yes to the plan",
        fact("travel.status", "planning", "user_confirmation", hours_ago=48),
        o("travel.status", "in_progress"),
        "auto_commit",
        "confidence 0.90 >= auto 0.90",
    ),
    Case(
        "another source's forward step still waits out your Yes's window",
        fact("travel.status", "planning", "user_confirmation", hours_ago=2),
        o("travel.status", "in_progress", source="calendar"),
        "tentative_reject",
        "user_confirmation outranks calendar",
    ),
    Case(
        "the assistant's weak proposal is asked, not committed",
        None,
        o("travel.location", "Tahoe", source="agent"),
        "ask_user",
        "agent proposals are never committed without you",
    ),
    Case(
        "the assistant's proposal against a value you confirmed is asked",
        fact("travel.location", "Tahoe", "user_confirmation", hours_ago=2),
        o("travel.location", "Reno", source="agent", needs_confirmation="an assistant said so"),
        "ask_user",
        "user_confirmation outranks agent",
    ),
    Case(
        "the assistant's proposal against a fresh calendar entry is asked",
        fact("family.soccer.schedule", "2026-02-20", "calendar", hours_ago=3),
        o("family.soccer.schedule", "2026-02-21", source="agent"),
        "ask_user",
        "calendar outranks agent",
    ),
    Case(
        "the assistant's strong proposal is still only asked",
        fact("travel.location", "Tahoe", hours_ago=100),
        o("travel.location", "Reno", source="agent", extraction_confidence=1.0),
        "ask_user",
        "agent proposals are never committed without you",
    ),
    Case(
        "the assistant's hypothetical stays a hypothetical",
        fact("travel.location", "Tahoe"),
        o("travel.location", "Maui", intent="hypothetical", source="agent"),
        "tentative_reject",
        "hypothetical",
    ),
    Case(
        "the assistant agreeing with a value changes nothing",
        fact("travel.location", "Tahoe"),
        o("travel.location", "Tahoe", source="agent", needs_confirmation="an assistant said so"),
        "tentative_reject",
        "agrees with the committed value",
    ),
    Case(
        "ambiguous wording is asked about, not committed",
        None,
        o("travel.location", "Tahoe", extraction_confidence=0.85),
        "ask_user",
        "ambiguous",
    ),
    Case(
        "very uncertain wording is kept tentative",
        None,
        o("travel.location", "Tahoe", extraction_confidence=0.5),
        "tentative_reject",
    ),
    Case(
        "a retraction needs something to retract",
        None,
        o("travel.location", None, intent="retract", source="manual_markdown"),
        "tentative_reject",
        "nothing to retract",
    ),
    Case(
        "your own retraction removes the value",
        fact("travel.location", "Tahoe", hours_ago=100),
        o("travel.location", None, intent="retract", source="manual_markdown"),
        "auto_commit",
    ),
    Case(
        "a value you rejected from the same evidence is not asked again",
        None,
        o("profile.home_city", "Seattle", ref="msg-9"),
        "tentative_reject",
        "said no",
        FieldEvidence(rejected=frozenset({(value_key("Seattle"), "conversation_assertive:msg-9")})),
    ),
    Case(
        "corroboration from independent sources lifts a calendar entry over the bar",
        None,
        o("travel.destination", "Tahoe", intent="planning", source="calendar"),
        "auto_commit",
        "corroboration 1.08 (transactions_email)",  # who agrees, for "a receipt agrees"
        FieldEvidence(agreeing_sources=frozenset({"transactions_email"})),
    ),
    Case(
        "a strong competing candidate keeps the margin small",
        None,
        o("travel.location", "Tahoe"),
        "ask_user",
        "margin",
        FieldEvidence(competitors=(Competitor("Reno", 0.85),)),
    ),
    Case(
        "old evidence has faded",
        None,
        o("travel.location", "Tahoe", at=NOW - timedelta(hours=200)),
        "tentative_reject",
        "below ask",
    ),
    Case(
        "a reading that needs confirmation is asked, however certain it is",
        None,
        o("family.mom.status", "sick", extraction_confidence=0.95, needs_confirmation=DISAGREE),
        "ask_user",
        "model and linguistic reading disagree",
    ),
    Case(
        "a reading that needs confirmation is asked even below the ask threshold",
        None,
        o("travel.location", "Tahoe", extraction_confidence=0.3, needs_confirmation=DISAGREE),
        "ask_user",
        "model and linguistic reading disagree",
    ),
    Case(
        "needing confirmation never lifts a hypothetical",
        None,
        o("travel.location", "Tahoe", intent="hypothetical", needs_confirmation=DISAGREE),
        "tentative_reject",
        "hypothetical",
    ),
    Case(
        "a doubted reading of the committed value is not counted as support",
        fact("travel.location", "Tahoe"),
        o("travel.location", "Tahoe", needs_confirmation=DISAGREE),
        "tentative_reject",
        "agrees with the committed value, but model and linguistic",
    ),
    # Who a member is to the user (round 36): hers to say, lasting, never a stranger's.
    Case(
        "a member first told in the chat is asked, however sure the reading",
        None,
        o("family.priya.relation", "wife"),
        "ask_user",
        "lasting fact",
    ),
    Case(
        "the user's own edit says who a member is at once",
        None,
        o("family.maya.relation", "daughter", source="manual_markdown"),
        "auto_commit",
    ),
    Case(
        "a stranger's mail never says who is in the household",
        None,
        o("family.maya.relation", "daughter", source="email"),
        "tentative_reject",
        "email never sets it",
    ),
    Case(
        "another relation for a member, weeks after her Yes, is asked: the old one has not faded",
        fact("family.maya.relation", "daughter", "user_confirmation", hours_ago=24 * 60),
        o("family.maya.relation", "son"),
        "ask_user",
        "lasting fact",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_resolver_case(case: Case) -> None:
    obs = parse_model(StateObservation, "state_observation", case.observation)
    decision = resolve(case.committed, obs, POLICY, NOW, case.evidence)
    assert decision.decision == case.expected, decision.reasons
    assert any(case.reason in r for r in decision.reasons), decision.reasons
    assert 0.0 <= decision.confidence <= 1.0
    if decision.decision == "tentative_reject":
        assert decision.patch == ()


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.expected != "tentative_reject"], ids=lambda c: c.name
)
def test_proposed_changes_are_valid_json_patches(case: Case) -> None:
    obs = parse_model(StateObservation, "state_observation", case.observation)
    decision = resolve(case.committed, obs, POLICY, NOW, case.evidence)
    before: dict[str, Any] = {"user:primary": {}}
    if case.committed is not None:
        before["user:primary"][case.committed.field] = case.committed.value
    after = jsonpatch.JsonPatch(list(decision.patch)).apply(before)
    if decision.effect == "change":
        expected = case.observation["candidate_value"]
        assert after["user:primary"].get(obs.field) == expected


@pytest.mark.parametrize(
    ("age", "expected"),
    [(0.0, 1.0), (1.0, 1.0), (73.0, 0.5), (145.0, 0.25)],
)
def test_recency_halves_every_half_life_after_the_grace_hour(age: float, expected: float) -> None:
    assert recency_factor(age, half_life_hours=72, grace_hours=1.0) == pytest.approx(expected)


def test_confidence_is_the_product_of_the_four_factors() -> None:
    obs = parse_model(
        StateObservation,
        "state_observation",
        o(
            "travel.destination",
            "Tahoe",
            intent="planning",
            source="calendar",
            at=NOW - timedelta(hours=73),
        ),
    )
    d = resolve(None, obs, POLICY, NOW, FieldEvidence(agreeing_sources=frozenset({"email"})))
    assert d.factors is not None
    assert (
        d.factors.reliability,
        d.factors.recency,
        d.factors.intent,
        d.factors.corroboration,
    ) == (0.85, pytest.approx(0.5), 1.0, pytest.approx(1.08))
    assert d.confidence == pytest.approx(0.85 * 0.5 * 1.0 * 1.08, abs=1e-4)


@pytest.mark.parametrize("value", ["9", "stepdaughter", "Daughter", "the user's daughter"])
def test_a_relation_outside_the_closed_list_is_invalid(value: str) -> None:
    """An age or a word off the list is no relation: the payload is refused (dead-lettered
    by the engine), never stored."""
    payload = o("family.maya.relation", value)
    assert schema_errors("state_observation", payload)  # the schema refuses it ...
    with pytest.raises(PayloadInvalid, match=r"family\.maya\.relation is one of partner"):
        parse_model(StateObservation, "state_observation", payload)  # ... and so does the model
