"""`canon answer ID confirm --seen-since TIME`: the command line's Yes to an older question,
over a person's newer word, as the HTTP API's (``tests/api/test_overtaken_answers_api.py``).

Alice's unsure "I think Noah is sick" was asked of her; Bob then said plainly "Noah is
well" (committed on his word). Before: the owner's `canon answer ID confirm` was refused
with the engine's bare "that question was overtaken: family.noah.status was said to be
'well' since", and no flag could say the word was seen, so the question could not be
answered Yes from the command line at all. Now the refusal names whose word, when and
what, as the API's 409 does, and says how to answer knowing it; `--seen-since` with that
time is the Yes standing over it. Nothing changes on the refusal: the question stays open.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran
from canon_cli import canon as run_canon
from canon_testing import NOW, calibrated_policy, make_observation

from core.domain.principals import user_principal
from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.store.factory import open_store

ALICE, BOB, FAMILY = "user:alice", "user:bob", "family:smith"
NOAH = "family.noah.status"
LATER = NOW + timedelta(minutes=30)


def canon(db: Path, *args: str) -> Ran:
    return run_canon("--db", str(db), *args)


def answer(db: Path, *args: str) -> Ran:
    return canon(db, "answer", *args, "--now", format_ts(LATER + timedelta(minutes=5)))


async def _said(engine: Engine, who: str, value: str, at: Any, **unsure: float) -> None:
    obs = make_observation(NOAH, value, entity=FAMILY, at=at, **unsure)
    await engine.ingest(obs, now=at, principal=user_principal(who))


async def _household(db: Path, *, named: bool) -> str:
    """Alice's unsure word asked of her, then Bob's plain word committed; her question's id."""
    store = open_store(str(db))
    await store.open()
    try:
        engine = Engine(store, calibrated_policy())
        if named:
            for who, name in ((ALICE, "Alice"), (BOB, "Bob")):
                told = make_observation(
                    "profile.name", name, entity=who, source="user_confirmation"
                )
                assert (await engine.ingest(told, now=NOW, principal=user_principal(who))).committed
        await _said(engine, ALICE, "sick", NOW, extraction_confidence=0.8)
        [asked] = await store.open_review_items([FAMILY])
        assert (asked.candidate_value, asked.principal) == ("sick", ALICE)
        await _said(engine, BOB, "well", LATER)
        fact = await store.fact(FAMILY, NOAH)
        assert fact is not None
        assert (fact.value, fact.principal) == ("well", BOB)
        return asked.id
    finally:
        await store.close()


def _noah(db: Path) -> tuple[str, list[Any]]:
    state = json.loads(canon(db, "state", "--entity", FAMILY, "--json").stdout)
    value = state[FAMILY][NOAH]["value"]
    pending = json.loads(canon(db, "pending", "--json").stdout)["pending"]
    return value, [q["candidate_value"] for q in pending]


@pytest.mark.parametrize(
    ("named", "who"), [(True, "Bob"), (False, "another member of the household")]
)
async def test_a_yes_over_a_newer_word_is_refused_naming_whose_word_and_how_to_say_it_was_seen(
    tmp_path: Path, named: bool, who: str
) -> None:
    db = tmp_path / "canon.db"
    question = await _household(db, named=named)

    refused = answer(db, question[:8], "confirm")

    seen = format_ts(LATER)
    assert refused.returncode == 2, refused
    assert refused.stderr.strip() == (
        f"canon: error: That question was overtaken: {who} told me at 15:00 that Noah is "
        f"well. Nothing changed; to still say yes, run canon answer {question[:13]} confirm "
        f"--seen-since {seen}."
    )
    assert _noah(db) == ("well", ["sick"])  # nothing changed, her question still open

    answered = answer(db, question[:8], "confirm", "--seen-since", seen)

    assert answered.returncode == 0, answered
    assert answered.stdout.startswith(f"Confirmed: {NOAH} = sick")
    assert _noah(db) == ("sick", [])


async def test_a_time_before_the_newer_word_is_no_word_seen(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    question = await _household(db, named=True)

    earlier = format_ts(LATER - timedelta(seconds=1))
    refused = answer(db, question[:8], "confirm", "--seen-since", earlier)

    assert refused.returncode == 2
    assert "Bob told me" in refused.stderr
    assert _noah(db) == ("well", ["sick"])


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ("confirm", "--seen-since", "yesterday"),
            "Invalid value for --seen-since: the time a refused Yes named",
        ),
        (("reject", "--seen-since", "2026-02-19T14:30:00Z"), "--seen-since goes with confirm"),
    ],
)
async def test_a_bad_seen_since_is_one_clear_error_and_changes_nothing(
    tmp_path: Path, args: tuple[str, ...], says: str
) -> None:
    db = tmp_path / "canon.db"
    question = await _household(db, named=True)

    refused = answer(db, question[:8], *args)

    assert refused.returncode == 2
    assert says in refused.stderr
    assert "Traceback" not in refused.stderr
    assert _noah(db) == ("well", ["sick"])


async def test_a_no_is_never_overtaken(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    question = await _household(db, named=True)

    answered = answer(db, question[:8], "reject")

    assert answered.returncode == 0, answered
    assert _noah(db) == ("well", [])
