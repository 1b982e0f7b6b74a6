"""Back home, then a remark after the comma ("ok back home now, kids wiped out"): being back
is the writer's state now, whatever follows the comma and whatever interjection opens it
(``core.extraction.back_again``). Found telling the founding story in the playground: "ok
back home now, kids wiped out" was read as nothing, and the trip stayed under way."""

from __future__ import annotations

import pytest
from extraction_fixtures import held_said

BACK = {"travel.status": "completed"}


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("ok back home now, kids wiped out", BACK),
        ("so back home now, kids asleep", BACK),
        ("ok back home again, what a week", BACK),
        ("ok back home now, trip was amazing", BACK),
        ("ugh back home, what a drive", BACK),
        ("okay we're back home now, the dog is sulking", BACK),
        # Without the opening word, as before.
        ("back home now, kids wiped out", BACK),
        # Someone else back home is not the writer.
        ("ok mum's back home now, she's tired", {}),
    ],
)
def test_back_home_then_a_remark_is_the_writers_state(text: str, held: dict[str, object]) -> None:
    said = held_said(text)
    assert {f: said[f] for f in ("travel.status",) if f in said} == held
