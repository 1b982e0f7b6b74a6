"""A life holds together whichever way it goes: hypothesis draws the beats (life_story's
grammar: trips planned, moved, left, arrived at, come home from, called off and planned
again; an errand before the trip and done; Emma sick and well; Bob's word; Yes, No and
Edit to whatever is asked; /undo and /forget; restarts; time passing), tells them to a
real CanonChat, and after every beat judges every surface together (life_surfaces):

- nothing says Alice is away once a trip is over, called off or she is home, and no
  errand due before a trip that left is still "coming up";
- the context block parses back to exactly the committed facts, GET /v1/state's read
  holds the same values, every value held answers /why, and asking changes nothing;
- nothing Alice holds changes without her: not with time, a restart, Bob's word, nor
  her No;
- the same beats give the same state and the same words.

The default profile keeps this to a few dozen lives; ``CANON_LIFE_EXAMPLES=3000`` runs
thousands (a longer local run). What the long runs found is kept as plain tests in
test_life_coherence_found.py.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import ALICE
from hypothesis import HealthCheck, given, settings
from life_story import Beat, Life, beats
from life_surfaces import committed, judge, read_surfaces

EXAMPLES = int(os.environ.get("CANON_LIFE_EXAMPLES", "25"))
"""Lives per property: few in CI, thousands when asked for."""
pytestmark = pytest.mark.timeout(max(600, 5 * EXAMPLES))
QUIET = ("restart", "later", "household", "about alice", "invited")
"""Beats in which Alice says nothing: nothing of hers may change."""
LIFE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


async def _live(migrated: Path, told: list[Beat]) -> list[object]:
    """Tell ``told``, judging every moment; what Canon said and held after each beat."""
    record: list[object] = []
    with tempfile.TemporaryDirectory() as folder:
        life = await Life.begin(migrated, Path(folder), calibrated_policy())
        try:
            for n, beat in enumerate(told):
                story = "\n".join(f"{'>' if i == n else ' '} {b}" for i, b in enumerate(told))
                before = await committed(life)
                said = await life.happen(beat)
                after = await committed(life)
                if beat.kind in QUIET or (beat.kind.endswith("answer") and life.tapped == "No"):
                    mine = {k: v for k, v in after.items() if k[0] == "user:primary"}
                    was = {k: v for k, v in before.items() if k[0] == "user:primary"}
                    assert mine == was, f"changed without Alice: {was} -> {mine}\n{story}"
                seen = await read_surfaces(life)
                judge(seen, story)
                record.append((said, sorted(seen.held.items()), seen.told))
        finally:
            await life.stop()
    return record


@LIFE
@given(told=beats())
def test_a_life_holds_together_after_every_beat(
    migrated_store_file: Path, told: list[Beat]
) -> None:
    asyncio.run(_live(migrated_store_file, told))


@settings(LIFE, max_examples=max(3, EXAMPLES // 5))
@given(told=beats(most=8))
def test_the_same_life_told_twice_is_the_same_state(
    migrated_store_file: Path, told: list[Beat]
) -> None:
    first = asyncio.run(_live(migrated_store_file, told))
    again = asyncio.run(_live(migrated_store_file, told))
    assert first == again, "\n".join(map(str, told))


def test_the_grammar_speaks_for_alice_and_bob() -> None:
    """Bob's beats are the household's words; every other told beat is Alice's."""
    assert Beat("household").who != ALICE
    assert Beat("home").who == ALICE
    assert Beat("plan", place="Denver", day="sat", case="first capital").text == (
        "Going to denver sat"
    )
