"""The e2e run's checks, driven through CanonChat as the guide tells a person to.

The same run passes under the default policy and under one that asks about
every travel change (what a calibration period does): the checks look at
outcomes, not at how Canon decided. A step left out is named.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import Clock

from core.conversation.audience import Audience
from core.conversation.chat import CanonChat
from core.conversation.e2e_run import prepare_run, read_run
from core.conversation.e2e_steps import STEPS, check_run, next_step
from core.conversation.responder import OfflineResponder
from core.conversation.testing import RecordingMessenger
from core.domain.policy import Policy, default_policy, with_overrides
from core.engine.engine import Engine
from core.errors import ConfigError
from core.extraction.offline import extract_offline
from core.store.factory import open_store
from core.store.protocol import StoreBackend

ANN = 111
ENTITY = "user:e2e-ann"
AUDIENCE = Audience(allowed_user_ids=(ANN,), entity_map={ANN: ENTITY})
ASKS_EVERYTHING = with_overrides(
    calibrated_policy(), {"domains": {"travel": {"auto_threshold": 0.99}}}
)


@pytest.fixture(params=["sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[StoreBackend]:
    """A SQLite file (or, where a test asks, a fresh PostgreSQL database)."""
    url = (
        f"sqlite:///{tmp_path / 'canon.db'}"
        if request.param == "sqlite"
        else str(request.getfixturevalue("postgres_url"))
    )
    backend = open_store(url)
    await backend.open()
    yield backend
    await backend.close()


async def _play(
    store: StoreBackend, policy: Policy, *, skip: str | None = None, refuse: str = ""
) -> list[str]:
    """Prepare a run and follow the guide (leaving out ``skip``, answering No to the
    question containing ``refuse``); the names of the steps check_run finds not done."""
    clock = Clock()
    engine = Engine(store, policy)
    await prepare_run(engine, AUDIENCE, ENTITY, now=clock(), reset=False)
    phone = RecordingMessenger()
    chat = CanonChat(
        engine,
        store.conversation,
        phone,
        AUDIENCE,
        clock=clock,
        extractor=extract_offline,
        responder=OfflineResponder(),
    )
    for step in STEPS:
        clock.advance(minutes=1)
        if step.name != skip and step.say:
            await chat.on_text(phone.incoming(ANN, step.say, clock()))
        while phone.prompts(ANN):  # "any other question about the trip: tap Yes"
            question = phone.prompt(ANN)
            no = refuse and refuse in question.text
            answer = "No" if no else "Yes"
            if question.text.startswith("Which part is wrong?"):  # the No was for all of it
                answer = "All of it"
            await phone.tap(chat, ANN, answer, message=question)
    results = check_run(await read_run(store, AUDIENCE, ENTITY))
    assert [r.step.name for r in results] == [s.name for s in STEPS]
    return [r.step.name for r in results if not r.done]


@pytest.mark.parametrize("store", ["sqlite", "postgresql"], indirect=True)
@pytest.mark.parametrize(
    "policy",
    [calibrated_policy(), default_policy(), ASKS_EVERYTHING],
    ids=["calibrated", "calibrating", "asks-every-change"],
)
async def test_following_the_guide_passes_whatever_the_policy(
    store: StoreBackend, policy: Policy
) -> None:
    assert await _play(store, policy) == []


@pytest.mark.parametrize(
    ("skip", "refuse", "named", "asks"),
    [
        ("plan", "", ["plan", "confirmation"], False),
        # Without the arrival the trip never left: "back home" a week before its day is
        # where the user is, not the trip over (coherence28), so the return is named too.
        ("arrival", "", ["arrival", "confirmation", "return"], False),
        # The arrival and the day it began are one question: No keeps neither (and so the
        # return, as above).
        (None, "Did you leave", ["arrival", "confirmation", "return"], True),
        ("return", "", ["return"], False),
        # The return and where it leaves the user are one question: No keeps both.
        (None, "Back home", ["return"], True),
    ],
)
async def test_a_step_left_out_or_refused_is_named(
    store: StoreBackend, skip: str | None, refuse: str, named: list[str], asks: bool
) -> None:
    policy = ASKS_EVERYTHING if asks else calibrated_policy()
    assert await _play(store, policy, skip=skip, refuse=refuse) == named


async def test_a_run_not_yet_played_is_at_its_first_step(store: StoreBackend) -> None:
    await prepare_run(Engine(store, default_policy()), AUDIENCE, ENTITY, now=Clock()(), reset=False)
    results = check_run(await read_run(store, AUDIENCE, ENTITY))
    assert not any(r.done for r in results)
    assert next_step(results) == STEPS[0]
    assert all(r.problem for r in results), "each step not done says what to do"


async def test_an_entity_with_state_is_refused_and_reset_starts_a_new_run(
    store: StoreBackend,
) -> None:
    assert await _play(store, default_policy()) == []
    engine = Engine(store, default_policy())
    later = Clock()
    later.advance(hours=1)
    with pytest.raises(ConfigError, match="already has state"):
        await prepare_run(engine, AUDIENCE, ENTITY, now=later(), reset=False)
    done = await prepare_run(engine, AUDIENCE, ENTITY, now=later(), reset=True)
    assert done.retracted > 0
    assert [f.field for f in await store.facts(ENTITY)] == ["profile.e2e_run"]
    results = check_run(await read_run(store, AUDIENCE, ENTITY))
    assert not any(r.done for r in results), "the earlier run's steps do not count"


@pytest.mark.parametrize(
    ("entity", "audience", "message"),
    [
        ("user:primary", AUDIENCE, "entity of its own"),
        ("user:e2e-", AUDIENCE, "entity of its own"),
        ("user:e2e-bob", AUDIENCE, "CANON_ENTITY_MAP=<your user id>=user:e2e-bob"),
    ],
)
async def test_prepare_refuses_an_entity_it_cannot_follow(
    store: StoreBackend, entity: str, audience: Audience, message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        await prepare_run(
            Engine(store, default_policy()), audience, entity, now=Clock()(), reset=False
        )
    assert await store.facts() == []
