"""A retraction that names what it ends ends only that (``core.engine.named_retraction``):
a table of the employer held, the words of a job left, and whether they end the job held.
"quit acme, it wasn't for me" said while Canon held the user's job at Globex asked "Should
I forget your employer (Globex)?"; it now leaves Globex alone and says why."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from canon_testing import make_observation

from core.domain.observation_record import observation_record
from core.domain.policy import default_policy
from core.domain.resolver import resolve
from core.domain.state import CommittedFact
from core.engine.named_retraction import held_alone, named_other

NOW = datetime(2026, 12, 1, 18, tzinfo=UTC)
EMPLOYER = "profile.employer"


def _held(value: str) -> CommittedFact:
    return CommittedFact(
        "user:primary",
        EMPLOYER,
        value,
        1,
        "user_confirmation",
        "tg:1:1",
        1.0,
        "e-1",
        NOW,
        NOW,
        "confirmed",
    )


@pytest.mark.parametrize(
    ("held", "said", "named"),
    [
        # Another firm named as left: the job held stays.
        ("Globex", "quit acme", "Acme"),
        ("Globex", "i quit acme today lol", "Acme"),
        ("Globex", "not at Deloitte anymore", "Deloitte"),
        ("Monzo", "just quit Acme Corp!!", "Acme Corp"),
        # The firm held, however written, or none named: the retraction goes ahead.
        ("Acme", "quit acme", None),
        ("Acme Corp", "i quit acme today", None),
        ("Globex", "i quit my job", None),
        ("Globex", "i quit", None),
    ],
)
def test_a_job_left_ends_the_job_it_names(held: str, said: str, named: str | None) -> None:
    obs = observation_record(
        make_observation(EMPLOYER, None, intent="retract", at=NOW, evidence_text=said)
    )
    assert named_other(obs, _held(held)) == named


def test_nothing_held_or_no_retraction_names_nothing() -> None:
    retract = make_observation(EMPLOYER, None, intent="retract", at=NOW, evidence_text="quit acme")
    assert named_other(observation_record(retract), None) is None
    works = make_observation(EMPLOYER, "Acme", at=NOW, evidence_text="i work at acme")
    assert named_other(observation_record(works), _held("Globex")) is None
    home = make_observation("profile.home_city", None, intent="retract", at=NOW, evidence_text="x")
    assert named_other(observation_record(home), _held("Globex")) is None


def test_the_held_value_is_left_alone_and_the_reason_says_which_was_named() -> None:
    obs = observation_record(
        make_observation(EMPLOYER, None, intent="retract", at=NOW, evidence_text="quit acme")
    )
    held = _held("Globex")
    decided = resolve(held, obs, default_policy(), NOW)
    assert decided.patch  # on its own the retraction would remove Globex
    kept = held_alone(decided, "Acme", held.value)
    assert (kept.decision, kept.patch, kept.effect) == ("tentative_reject", (), "none")
    assert kept.reasons[-1] == "it ends Acme, not Globex, the value held"
