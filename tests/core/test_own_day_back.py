"""Her own later day back on her trip under way is her say (``core.engine.own_day_back``):
a table of who said it, how, and of which trip, and whether the resolver takes it at once
or asks. Her Yes to "back Friday" an hour ago does not hold back her own "we're staying 2
more days"; anyone else's word, a doubted reading, a trip only planned, an earlier day
and an assistant's proposal are still asked."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from canon_testing import make_observation

from core.domain.observation_record import observation_record
from core.domain.policy import default_policy
from core.domain.resolver import resolve
from core.domain.state import CommittedFact, FieldEvidence, Scalar
from core.engine.own_day_back import own_later_day_back

NOW = datetime(2026, 12, 2, 20, tzinfo=UTC)
ME = "user:primary"
BACK = "travel.return_date"
UNDER_WAY = {"travel.status": "in_progress", "travel.location": "Tahoe", BACK: "2026-12-04"}
PLANNED = {"travel.status": "planning", "travel.destination": "Tahoe", BACK: "2026-12-04"}


def _held(state: dict[str, Scalar]) -> list[CommittedFact]:
    """Her trip, confirmed by her an hour ago (her Yes: the strongest word there is)."""
    an_hour_ago = NOW.replace(hour=19)
    return [
        CommittedFact(ME, f, v, 1, "user_confirmation", "q", 1.0, f"e-{f}", an_hour_ago,
                      an_hour_ago, "user_confirm")
        for f, v in state.items()
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("held", "day", "who", "source", "doubt", "taken"),
    [
        # Her own clear word, her trip under way: "we're staying 2 more days".
        (UNDER_WAY, "2026-12-06", ME, "conversation_assertive", None, True),
        # Her trip only planned: the day may still be a wish, asked.
        (PLANNED, "2026-12-06", ME, "conversation_assertive", None, False),
        # Canon doubts the reading: asked.
        (
            UNDER_WAY,
            "2026-12-06",
            ME,
            "conversation_assertive",
            "the wording left me unsure",
            False,
        ),
        # A member's word of her (Bob's chat): asked of her.
        (UNDER_WAY, "2026-12-06", "user:bob", "conversation_assertive", None, False),
        # An assistant's proposal: never the user's own word.
        (UNDER_WAY, "2026-12-06", "token:agent1", "agent", None, False),
        # Earlier than held: a trip cut short is its status's to say, asked.
        (UNDER_WAY, "2026-12-03", ME, "conversation_assertive", None, False),
    ],
)
def test_her_own_later_day_back_on_her_trip_under_way_is_her_say(
    held: dict[str, Scalar], day: str, who: str, source: str, doubt: str | None, taken: bool
) -> None:
    extra = {} if doubt is None else {"needs_confirmation": doubt}
    said = observation_record(make_observation(BACK, day, source=source, at=NOW, **extra))
    trip = _held(held)
    own = own_later_day_back(said, who, trip)
    assert own is taken
    committed = next(f for f in trip if f.field == BACK)
    decision = resolve(committed, said, default_policy(), NOW, FieldEvidence(own_word=own))
    assert (decision.decision == "auto_commit") is taken, decision.reasons
    if not taken:
        assert decision.decision == "ask_user", decision.reasons
