"""The model reads; the linguistic reading may only downgrade it or make Canon ask.

First the rule itself (``reconcile``, pure), case by case; then the whole path
from a chat message through the real ``openai`` client, the strict fake model
server, the linguistic reader and the engine: whatever the model claims, a
text the linguistic reading doubts is never committed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import cast

import pytest
from extraction_fixtures import AT
from fakes.openai_server import DEFAULT_KEY, DEFAULT_MODEL, FakeOpenAI, JSONContent
from fakes.openai_server import fake_openai_in_thread as fake_model
from hypothesis import given
from hypothesis import strategies as st

from core.engine.engine import Engine
from core.extraction.llm import LLMExtractor
from core.extraction.llm_config import LLMConfig
from core.extraction.reconcile import DISAGREE, reconcile
from core.extraction.types import (
    ExtractedObservation,
    Extraction,
    MessageIntent,
    ObservationIntent,
    Scalar,
)
from core.signals.intake import message_payloads

pytestmark = pytest.mark.timeout(60)

TEXT = "(the text both readers read)"
ASKED = "asked"


def o(
    field: str, value: Scalar, intent: str = "assertive", conf: float = 0.95
) -> ExtractedObservation:
    return ExtractedObservation(
        "user:primary",
        field.split(".", 1)[0],
        field,
        value,
        cast(ObservationIntent, intent),
        conf,
        AT + timedelta(days=3) if intent in ("assertive", "planning") else None,
        TEXT,
    )


def reading(intent: str, *obs: ExtractedObservation) -> Extraction:
    return Extraction(TEXT, cast(MessageIntent, intent), obs)


@dataclass(frozen=True)
class Case:
    name: str
    model: Extraction
    linguistic: Extraction
    expected: list[tuple[str, Scalar, str]]
    """(field, value, intent) of each result, intent ``asked`` for the model's intent, asked."""
    reason: str = ""
    message: str = ""


MOM = "family.mom.status"
LOC = "travel.location"
CASES = [
    Case(
        "both read a present fact: the model's reading stands",
        reading("assertive", o(MOM, "sick")),
        reading("assertive", o(MOM, "sick", conf=0.7)),
        [(MOM, "sick", "assertive")],
        message="assertive",
    ),
    Case(
        "model assertive, linguistic historical: historical",
        reading("assertive", o(LOC, "Tahoe")),
        reading("historical", o(LOC, "Tahoe", "historical")),
        [(LOC, "Tahoe", "historical")],
        message="historical",
    ),
    Case(
        "model assertive, linguistic hypothetical: hypothetical",
        reading("assertive", o(MOM, "sick")),
        reading("hypothetical", o(MOM, "sick", "hypothetical", 0.47)),
        [(MOM, "sick", "hypothetical")],
        message="hypothetical",
    ),
    Case(
        "the same field and value read as the past in one clause of a factual message",
        reading("assertive", o("profile.home_city", "Boston"), o(LOC, "Denver")),
        reading(
            "assertive",
            o("profile.home_city", "Boston", "historical"),
            o(LOC, "Denver"),
        ),
        [("profile.home_city", "Boston", "historical"), (LOC, "Denver", "assertive")],
        message="assertive",
    ),
    Case(
        "a historical message downgrades a plan the linguistic reading has no field for",
        reading("planning", o("travel.destination", "Tahoe", "planning")),
        reading("historical"),
        [("travel.destination", "Tahoe", "historical")],
        message="historical",
    ),
    Case(
        "a message that states nothing makes every claim a possibility",
        reading("assertive", o(LOC, "Paris")),
        reading("none"),
        [(LOC, "Paris", "hypothetical")],
        message="hypothetical",
    ),
    Case(
        "a different value for the same field is asked",
        reading("assertive", o(MOM, "hospitalized")),
        reading("assertive", o(MOM, "sick")),
        [(MOM, "hospitalized", ASKED)],
        "the linguistic reading has family.mom.status = sick",
    ),
    Case(
        "a field the linguistic reading did not find is asked",
        reading("assertive", o("profile.home_city", "Springfield")),
        reading("assertive"),
        [("profile.home_city", "Springfield", ASKED)],
        "the linguistic reading found no profile.home_city",
    ),
    Case(
        "a fact the linguistic reading has as a plan is asked, and stays the model's fact",
        reading("assertive", o("travel.destination", "Tahoe")),
        reading("planning", o("travel.destination", "Tahoe", "planning")),
        [("travel.destination", "Tahoe", ASKED)],
        "has travel.destination as a plan",
        message="assertive",
    ),
    Case(
        "a plan the linguistic reading has as a fact is asked",
        reading("planning", o("travel.destination", "Tahoe", "planning")),
        reading("assertive", o("travel.destination", "Tahoe")),
        [("travel.destination", "Tahoe", ASKED)],
        "has travel.destination as a present fact",
    ),
    Case(
        "a retraction against a value is asked",
        reading("assertive", o("family.emma.status", None, "retract")),
        reading("assertive", o("family.emma.status", "sick")),
        [("family.emma.status", None, ASKED)],
        "has family.emma.status = sick",
    ),
    Case(
        "model hypothetical, linguistic assertive: stays hypothetical",
        reading("hypothetical", o(LOC, "Maui", "hypothetical", 0.5)),
        reading("assertive", o(LOC, "Maui")),
        [(LOC, "Maui", "hypothetical")],
        message="hypothetical",
    ),
    Case(
        "model historical, linguistic hypothetical: the model's non-fact is left alone",
        reading("historical", o(LOC, "Maui", "historical", 0.5)),
        reading("hypothetical", o(LOC, "Maui", "hypothetical", 0.5)),
        [(LOC, "Maui", "historical")],
        message="historical",
    ),
    Case(
        "what only the linguistic reading found is dropped",
        reading("assertive", o(LOC, "Tahoe")),
        reading("assertive", o(LOC, "Tahoe"), o("travel.status", "in_progress")),
        [(LOC, "Tahoe", "assertive")],
    ),
    Case(
        "case and spacing do not make a different value",
        reading("assertive", o(LOC, "lake  tahoe")),
        reading("assertive", o(LOC, "Lake Tahoe")),
        [(LOC, "lake  tahoe", "assertive")],
    ),
    Case(
        "1800 and 1800.0 are one amount",
        reading("assertive", o("financial.rent.amount", 1800)),
        reading("assertive", o("financial.rent.amount", 1800.0)),
        [("financial.rent.amount", 1800, "assertive")],
    ),
    Case(
        "True is not the number 1",
        reading("assertive", o("financial.rent.autopay", True)),
        reading("assertive", o("financial.rent.autopay", 1)),
        [("financial.rent.autopay", True, ASKED)],
        "has financial.rent.autopay = 1",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_reconcile_case(case: Case) -> None:
    result = reconcile(case.model, case.linguistic)
    got = [
        (r.field, r.candidate_value, ASKED if r.needs_confirmation else r.intent)
        for r in result.observations
    ]
    assert got == case.expected
    for r, m in zip(result.observations, case.model.observations, strict=True):
        if r.needs_confirmation:
            assert r.needs_confirmation.startswith(f"{DISAGREE}: ")
            assert case.reason in r.needs_confirmation
            assert replace(r, needs_confirmation="") == m, "asked, otherwise the model's own"
        elif r.intent != m.intent:
            assert r.extraction_confidence <= 0.5, "a downgraded reading is weak evidence"
            assert r.valid_until is None, "only facts and plans expire"
    if case.message:
        assert result.intent == case.message


# -- a property: the result is the model's reading, never more factual, never added to ------

FACTUAL = {"assertive": 3, "retract": 3, "planning": 2, "historical": 1, "hypothetical": 0}
OBS = st.builds(
    o,
    st.sampled_from([LOC, MOM, "profile.home_city"]),
    st.sampled_from(["Tahoe", "tahoe", "Denver", "sick"]),
    st.sampled_from(["assertive", "planning", "historical", "hypothetical"]),
)
MESSAGE = st.sampled_from(["assertive", "planning", "historical", "hypothetical", "none"])


@given(MESSAGE, st.lists(OBS, max_size=3), MESSAGE, st.lists(OBS, max_size=3))
def test_reconcile_only_ever_downgrades_or_asks(
    model_intent: str,
    model_obs: list[ExtractedObservation],
    ling_intent: str,
    ling_obs: list[ExtractedObservation],
) -> None:
    model = reading(model_intent, *model_obs)
    result = reconcile(model, reading(ling_intent, *ling_obs))
    assert len(result.observations) == len(model.observations)
    for r, m in zip(result.observations, model.observations, strict=True):
        assert (r.field, r.candidate_value) == (m.field, m.candidate_value)
        assert FACTUAL[r.intent] <= FACTUAL[m.intent]
        agreed = any(
            (x.field, x.intent) == (m.field, m.intent)
            and str(x.candidate_value).casefold() == str(m.candidate_value).casefold()
            for x in ling_obs
        )
        if FACTUAL[r.intent] >= 2 and not agreed:
            assert r.needs_confirmation, "a fact or plan the readings do not share is asked"
    if result.intent in ("assertive", "planning"):
        assert model_intent == result.intent


# -- end to end: the model's misreadings are never committed ------------------------------


@pytest.fixture(scope="module")
def running() -> Iterator[FakeOpenAI]:
    with fake_model() as server:
        yield server


@pytest.fixture
def extractor(running: FakeOpenAI) -> Iterator[LLMExtractor]:
    running.reset()
    ex = LLMExtractor(
        LLMConfig(running.base_url, DEFAULT_MODEL, DEFAULT_KEY, timeout_s=5, max_retries=0)
    )
    yield ex
    ex.close()


def claims(*observations: tuple[str, Scalar, str]) -> JSONContent:
    """The model's answer: every observation at confidence 0.95, the message as ``assertive``."""
    return JSONContent(
        {
            "intent": "assertive",
            "observations": [
                {
                    "domain": f.split(".", 1)[0],
                    "field": f,
                    "candidate_value": v,
                    "intent": i,
                    "extraction_confidence": 0.95,
                    "valid_until": None,
                    "evidence_text": "",
                }
                for f, v, i in observations
            ],
        }
    )


async def said(
    engine: Engine, extractor: LLMExtractor, text: str, ref: str
) -> dict[str, tuple[str, tuple[str, ...]]]:
    """What Canon decided about each field of ``text`` (decision, reasons)."""
    payloads = message_payloads(
        text, at=AT, entity_id="user:primary", message_ref=ref, extractor=extractor
    )
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for p in payloads:
        outcome = await engine.ingest(p, now=AT)
        assert outcome.decision != "invalid", outcome.errors
        out[p["field"]] = (outcome.decision, outcome.reasons)
    return out


E2E: list[tuple[str, list[tuple[str, Scalar, str]], dict[str, str], str]] = [
    (
        "If my mom were sick I'd fly home",
        [(MOM, "sick", "assertive")],
        {MOM: "tentative_reject"},
        "hypothetical",
    ),
    (
        "we were in Tahoe last winter",
        [(LOC, "Tahoe", "assertive"), ("travel.status", "in_progress", "assertive")],
        {LOC: "tentative_reject", "travel.status": "tentative_reject"},
        "historical",
    ),
    (
        "My mom has the flu",
        [(MOM, "hospitalized", "assertive")],
        {MOM: "ask_user"},
        f"{DISAGREE}: the linguistic reading has family.mom.status = sick",
    ),
    (
        "We are in Denver for the week",
        [(LOC, "Denver", "assertive"), ("profile.home_city", "Denver", "assertive")],
        {LOC: "auto_commit", "profile.home_city": "ask_user"},
        f"{DISAGREE}: the linguistic reading found no profile.home_city",
    ),
]


@pytest.mark.parametrize(("text", "model_says", "decisions", "reason"), E2E)
async def test_a_reading_the_linguistic_check_doubts_is_never_committed(
    running: FakeOpenAI,
    extractor: LLMExtractor,
    engine: Engine,
    text: str,
    model_says: list[tuple[str, Scalar, str]],
    decisions: dict[str, str],
    reason: str,
) -> None:
    running.script(claims(*model_says))
    got = await said(engine, extractor, text, "m1")
    assert {f: d for f, (d, _) in got.items()} == decisions
    doubted = [f for f, d in decisions.items() if d != "auto_commit"]
    assert all(any(reason in r for r in got[f][1]) for f in doubted), got
    assert running.pending == 0, "the model was asked"


async def test_the_model_and_the_linguistic_reading_agreeing_commits(
    running: FakeOpenAI, extractor: LLMExtractor, engine: Engine
) -> None:
    running.script(claims((MOM, "sick", "assertive")))
    ((decision, _),) = (await said(engine, extractor, "My mom has the flu", "m1")).values()
    assert decision == "auto_commit"


async def test_a_retold_story_the_model_reads_as_now_is_not_committed(
    running: FakeOpenAI, extractor: LLMExtractor, engine: Engine
) -> None:
    running.script(claims((MOM, "sick", "assertive")))
    got = await said(engine, extractor, "I broke down when I heard my mom was sick", "m1")
    assert got[MOM][0] != "auto_commit"
