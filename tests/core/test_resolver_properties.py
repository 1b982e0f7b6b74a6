"""Properties that must hold for every input, checked with hypothesis."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from canon_testing import NOW, make_observation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.domain.fields import spec_for
from core.domain.models import StateObservation, parse_model
from core.domain.policy import default_policy
from core.domain.resolver import _two, resolve
from core.domain.state import CommittedFact, value_key
from core.engine.engine import Engine
from core.store.sqlite import SQLiteStore

POLICY = default_policy()
VALUES: dict[str, list[Any]] = {
    "travel.location": ["Tahoe", "Reno", "Portland"],
    "travel.status": ["planning", "in_progress", "completed", "cancelled"],
    "travel.destination": ["Tahoe", "Maui"],
    "project.canon.status": ["planned", "in_progress", "blocked", "shipped"],
    "financial.rent.amount": [2100, 2150],
    "profile.home_city": ["Portland", "Seattle"],
    "family.emma.status": ["sick", "well"],
}
SOURCES = [
    "conversation_assertive",
    "calendar",
    "transactions_email",
    "email",
    "static_markdown",
    "manual_markdown",
    "execution",
    "agent",
]
INTENTS = ["assertive", "planning", "hypothetical", "historical"]


@st.composite
def observations(draw: st.DrawFn, **fixed: Any) -> dict[str, Any]:
    field = fixed.get("field") or draw(st.sampled_from(sorted(VALUES)))
    return make_observation(
        field,
        draw(st.sampled_from(VALUES[field])),
        intent=fixed.get("intent") or draw(st.sampled_from(INTENTS)),
        source=draw(st.sampled_from(SOURCES)),
        ref=f"r{draw(st.integers(0, 3))}",
        at=NOW - timedelta(hours=draw(st.integers(0, 300))),
        extraction_confidence=draw(st.sampled_from([1.0, 0.95, 0.85, 0.5])),
    )


@st.composite
def committed_facts(draw: st.DrawFn, field: str) -> CommittedFact | None:
    if draw(st.booleans()):
        return None
    at = NOW - timedelta(hours=draw(st.integers(0, 300)))
    return CommittedFact(
        "user:primary",
        field,
        draw(st.sampled_from(VALUES[field])),
        1,
        draw(st.sampled_from(SOURCES)),
        "c",
        draw(st.floats(0.5, 1.0)),
        "e",
        at,
        at,
        "auto_commit",
    )


def _parse(payload: dict[str, Any]) -> StateObservation:
    return parse_model(StateObservation, "state_observation", payload)


@given(st.data())
def test_the_resolver_is_deterministic(data: st.DataObject) -> None:
    payload = data.draw(observations())
    committed = data.draw(committed_facts(payload["field"]))
    obs = _parse(payload)
    assert resolve(committed, obs, POLICY, NOW) == resolve(committed, obs, POLICY, NOW)


@given(st.data())
def test_a_hypothetical_never_commits(data: st.DataObject) -> None:
    payload = data.draw(observations(intent="hypothetical"))
    committed = data.draw(committed_facts(payload["field"]))
    decision = resolve(committed, _parse(payload), POLICY, NOW)
    assert decision.decision == "tentative_reject"
    assert decision.patch == ()


@given(st.data())
def test_a_memory_never_changes_the_present(data: st.DataObject) -> None:
    payload = data.draw(observations(intent="historical"))
    committed = data.draw(committed_facts(payload["field"]))
    assert not resolve(committed, _parse(payload), POLICY, NOW).commits


@given(st.data())
def test_a_plan_only_ever_sets_planning_facts(data: st.DataObject) -> None:
    payload = data.draw(observations(intent="planning"))
    committed = data.draw(committed_facts(payload["field"]))
    decision = resolve(committed, _parse(payload), POLICY, NOW)
    spec = spec_for(payload["field"])
    if decision.commits:
        assert spec.planning_allowed
        assert not spec.planning_values or payload["candidate_value"] in spec.planning_values


@given(st.data())
def test_older_evidence_never_silently_replaces_a_value(data: st.DataObject) -> None:
    payload = data.draw(observations(intent="assertive"))
    committed = data.draw(committed_facts(payload["field"]))
    obs = _parse(payload)
    decision = resolve(committed, obs, POLICY, NOW)
    if committed is not None and obs.ts < committed.evidence_ts and decision.commits:
        assert value_key(committed.value) == value_key(obs.candidate_value)


@given(st.data())
def test_no_lifecycle_regression_without_the_user(data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(["travel.status", "project.canon.status"]))
    payload = data.draw(observations(field=field))
    committed = data.draw(committed_facts(field))
    decision = resolve(committed, _parse(payload), POLICY, NOW)
    order = spec_for(field).lifecycle
    if decision.commits and committed is not None:
        old, new = committed.value, payload["candidate_value"]
        assert not (old in order and new in order and order.index(new) < order.index(old))


def _run(payloads: list[dict[str, Any]], twice: bool = False) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        store = SQLiteStore(":memory:")
        await store.open()
        try:
            engine = Engine(store, POLICY)
            first = [await engine.ingest(p, now=NOW) for p in payloads]
            snapshot = (
                await store.facts(),
                await store.history(None, None),
                await store.review_items(["queued", "pending"]),
            )
            second = [await engine.ingest(p, now=NOW) for p in payloads] if twice else []
            facts = await store.facts()
            return {
                "first": first,
                "second": second,
                "snapshot": snapshot,
                "after": (
                    facts,
                    await store.history(None, None),
                    await store.review_items(["queued", "pending"]),
                ),
                "audit": await store.audit(),
                "why": {
                    f.field: await store.events_for(f.entity_id, f.field, f.value) for f in facts
                },
                "facts": facts,
            }
        finally:
            await store.close()

    return asyncio.run(go())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(observations(), min_size=1, max_size=12))
def test_ingesting_the_same_events_twice_changes_nothing(payloads: list[dict[str, Any]]) -> None:
    result = _run(payloads, twice=True)
    assert {o.decision for o in result["second"]} == {"duplicate"}
    assert result["after"] == result["snapshot"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(observations(), min_size=1, max_size=12))
def test_every_commit_has_an_audit_line_and_a_why_chain(payloads: list[dict[str, Any]]) -> None:
    result = _run(payloads)
    commits = [o for o in result["first"] if o.committed]
    assert len(result["audit"]) == len(commits)
    for fact in result["facts"]:
        chain = result["why"][fact.field]
        assert fact.event_id in {e.event_id for e in chain}
        assert all(value_key(e.value) == value_key(fact.value) for e in chain)


@given(st.lists(st.floats() | st.integers(-5, 5) | st.sampled_from([0.0, -0.0]), max_size=30))
def test_a_reasons_number_reads_as_formatted_to_two_places_however_often_it_recurs(
    numbers: list[float],
) -> None:
    """The reasons' numbers are kept once formatted (``_two``): each reads as
    ``f"{x:.2f}"`` the first time and every time after, -0.0 after 0.0 too."""
    for x in [*numbers, *numbers]:
        assert _two(x) == f"{x:.2f}"
