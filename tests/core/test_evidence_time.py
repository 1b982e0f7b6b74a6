"""Evidence cannot come from the future: a stamp beyond now plus the clock allowance
(policy ``clock_skew_seconds``, 300 s by default) is dead-lettered with its reason.

The attack this stops (issue 23, finding 6): an observation stamped 2031 was
committed, read "just now" for five years and outranked the user's later word.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from canon_testing import NOW, make_observation, make_signal
from hypothesis import given
from hypothesis import strategies as st

from core.domain.evidence_time import evidence_errors, message_time_errors
from core.domain.policy import default_policy, load_policy
from core.domain.timeutil import format_ts, parse_ts
from core.domain.validation import schema_errors
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.engine.signal_ingest import ingest_signals
from core.errors import ConfigError

pytestmark = pytest.mark.timeout(60)

SKEW = timedelta(seconds=300)
IN_2031 = datetime(2031, 1, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("schema", "payload", "refused_at"),
    [
        ("state_observation", make_observation(at=NOW), None),
        ("state_observation", make_observation(at=NOW + SKEW), None),
        ("state_observation", make_observation(at=NOW + SKEW + timedelta(seconds=1)), "event_ts"),
        ("state_observation", make_observation(at=IN_2031), "event_ts"),
        ("state_observation", make_observation(event_ts="9999-12-31T23:59:59Z"), "event_ts"),
        ("state_observation", make_observation(event_ts="0001-01-01T00:00:00Z"), None),
        ("state_observation", make_observation(event_ts="2026-02-19T16:30:00+02:00"), None),
        ("state_observation", make_observation(event_ts="2026-02-19T14:40:00-00:00"), "event_ts"),
        # what the evidence is about may lie ahead; only when it was produced may not
        ("state_observation", make_observation(valid_until=format_ts(IN_2031)), None),
        ("signal_event", make_signal(), None),
        ("signal_event", make_signal(event_ts=format_ts(IN_2031)), "event_ts"),
        ("signal_event", make_signal("email", payload_date=format_ts(NOW)), None),
        ("signal_event", make_signal("email", payload_date=format_ts(IN_2031)), "payload.date"),
    ],
)
def test_evidence_stamped_beyond_the_allowance_is_refused(
    schema: str, payload: dict[str, Any], refused_at: str | None
) -> None:
    errors = evidence_errors(schema, payload, NOW, SKEW)
    if refused_at is None:
        assert errors == []
    else:
        (error,) = errors
        assert error.startswith(f"$.{refused_at}: ")
        assert "later than now (2026-02-19T14:30:00Z)" in error
        assert "evidence cannot come from the future" in error


def test_a_schema_error_is_reported_first_and_alone() -> None:
    payload = make_observation(at=IN_2031, candidate_value=float("inf"))
    errors = evidence_errors("state_observation", payload, NOW, SKEW)
    assert errors
    assert all("later than now" not in e for e in errors)


@given(ahead=st.integers(min_value=-(10**9), max_value=10**9))
def test_refused_exactly_when_later_than_the_allowance(ahead: int) -> None:
    payload = make_observation(at=NOW + timedelta(seconds=ahead))
    errors = evidence_errors("state_observation", payload, NOW, SKEW)
    assert bool(errors) is (ahead > SKEW.total_seconds())


@pytest.mark.parametrize(
    ("at", "why"),
    [
        ("2026-02-19T14:30:00Z", None),
        ("2026-02-19T14:34:00Z", None),
        ("2031-01-01T09:00:00Z", "evidence cannot come from the future"),
        ("9999-12-31T23:59:59Z", "evidence cannot come from the future"),
        ("1969-12-31T23:59:59Z", "no message is that old"),
        ("0001-01-01T00:00:00Z", "no message is that old"),
    ],
)
def test_message_times(at: str, why: str | None) -> None:
    when = datetime.fromisoformat(at.replace("Z", "+00:00"))
    errors = message_time_errors(at, when, NOW, SKEW)
    assert [why in e for e in errors] == ([] if why is None else [True])


@pytest.mark.parametrize(
    ("overrides", "skew"),
    [({}, 300.0), ({"clock_skew_seconds": 0}, 0.0), ({"clock_skew_seconds": 86400}, 86400.0)],
)
def test_the_allowance_is_a_policy_key(overrides: dict[str, Any], skew: float) -> None:
    assert load_policy(overrides=overrides).clock_skew == timedelta(seconds=skew)


@pytest.mark.parametrize("bad", [-1, 86401, "5m", True])
def test_an_allowance_out_of_range_is_a_config_error(bad: object) -> None:
    with pytest.raises(ConfigError, match="clock_skew_seconds"):
        load_policy(overrides={"clock_skew_seconds": bad})


async def test_the_2031_observation_is_dead_lettered_and_the_users_later_word_stands(
    engine: Engine,
) -> None:
    """The attack, replayed: evidence from 2031 arrives first, then the user says where
    they are. Nothing from 2031 is resolved, and retrying it later changes nothing."""
    pinned = make_observation("travel.location", "Atlantis", source="email", at=IN_2031)
    (attack,) = await engine.ingest_batch([pinned], now=NOW)
    assert attack.decision == "invalid"
    assert not attack.committed
    assert "evidence cannot come from the future" in attack.errors[0]
    (letter,) = await engine.store.dead_letters()
    assert letter.event_id == pinned["event_id"]
    assert "2031-01-01T09:00:00Z" in letter.errors[0]
    assert await engine.store.events_for("user:primary", "travel.location", "Atlantis") == []

    said = make_observation("travel.location", "Tahoe", at=NOW + timedelta(minutes=10))
    (word,) = await engine.ingest_batch([said], now=NOW + timedelta(minutes=10))
    assert word.committed

    for hours in (1, 2, 3, 4):  # every retry finds it still from the future
        await retry_due(engine, NOW + timedelta(hours=hours))
    fact = await engine.store.fact("user:primary", "travel.location")
    assert fact is not None
    assert fact.value == "Tahoe"
    (letter,) = await engine.store.dead_letters()
    assert letter.status == "permanently_failed"
    assert "evidence cannot come from the future" in letter.errors[0]


async def test_a_future_stamp_in_a_batch_spoils_only_itself(engine: Engine) -> None:
    batch = [
        make_observation("travel.location", "Tahoe", at=NOW),
        make_observation("family.emma.school", "Lincoln", at=IN_2031),
        make_observation("profile.home_city", "Reno", at=NOW - timedelta(days=1)),
    ]
    outcomes = await engine.ingest_batch(batch, now=NOW)
    assert [o.decision == "invalid" for o in outcomes] == [False, True, False]
    assert outcomes[0].committed


async def test_a_wider_allowance_admits_a_fast_clock(store: Any) -> None:
    engine = Engine(store, load_policy(overrides={"clock_skew_seconds": 3600}))
    fast = make_observation("travel.location", "Tahoe", at=NOW + timedelta(minutes=30))
    (outcome,) = await engine.ingest_batch([fast], now=NOW)
    assert outcome.decision != "invalid"
    strict = Engine(store, load_policy(overrides={"clock_skew_seconds": 0}))
    late = make_observation("travel.location", "Tahoe", at=NOW + timedelta(seconds=1))
    (outcome,) = await strict.ingest_batch([late], now=NOW)
    assert outcome.decision == "invalid"


@pytest.mark.parametrize(
    ("signal", "why"),
    [
        (make_signal(event_ts=format_ts(IN_2031)), "evidence cannot come from the future"),
        (
            make_signal("email", payload_date=format_ts(IN_2031)),
            "evidence cannot come from the future",
        ),
        (make_signal(payload_end="9999-12-31"), "outside the calendar Canon can use"),
        (
            make_signal(payload_start="9999-12-31T00:00:00Z", payload_end="9999-12-31T23:00:00Z"),
            "outside the calendar Canon can use",
        ),
    ],
)
async def test_signals_from_the_future_or_off_the_calendar_are_dead_lettered(
    engine: Engine, signal: dict[str, Any], why: str
) -> None:
    outcomes, valid = await ingest_signals(engine, [signal], NOW)
    assert valid == 0
    assert [o.decision for o in outcomes] == ["invalid"]
    (letter,) = await engine.store.dead_letters()
    assert letter.schema == "signal_event"
    assert why in letter.errors[0]
    await retry_due(engine, NOW + timedelta(minutes=2))  # and stays a dead letter
    (letter,) = await engine.store.dead_letters()
    assert letter.retry_count == 1
    assert why in letter.errors[0]


async def test_a_calendar_event_ahead_is_fine_when_its_stamp_is_now(engine: Engine) -> None:
    outcomes, valid = await ingest_signals(engine, [make_signal()], NOW)
    assert valid == 1
    assert outcomes
    assert all(o.decision != "invalid" for o in outcomes)
    assert await engine.store.dead_letters() == []


def test_the_default_allowance_is_five_minutes() -> None:
    assert default_policy().clock_skew == timedelta(minutes=5)


@given(
    day=st.dates(),
    hour=st.integers(0, 23),
    minute=st.integers(0, 59),
    second=st.integers(0, 59),
    fraction=st.text(alphabet="0123456789", max_size=9),
    offset=st.one_of(
        st.sampled_from(["Z", "z"]),
        st.tuples(st.sampled_from("+-"), st.integers(0, 23), st.integers(0, 59)).map(
            lambda o: f"{o[0]}{o[1]:02d}:{o[2]:02d}"
        ),
    ),
    separator=st.sampled_from("Tt"),
)
def test_a_schema_valid_stamp_is_read_as_the_instant_its_upper_cased_text_says(
    day: Any, hour: int, minute: int, second: int, fraction: str, offset: str, separator: str
) -> None:
    """The future check reads a stamp with ``parse_ts`` (kept per text, shared with the
    observation's ``ts``): for every text the schema's date-time passes, the same instant
    and offset as ``fromisoformat`` of its upper-cased text, which it read before."""
    raw = f"{day.isoformat()}{separator}{hour:02d}:{minute:02d}:{second:02d}"
    raw += f".{fraction}" if fraction else ""
    raw += offset
    if schema_errors_of_stamp(raw):
        return
    try:
        expected = datetime.fromisoformat(raw.upper().replace("Z", "+00:00"))
    except ValueError:  # not a stamp the schema passes either
        return
    got = parse_ts(raw)
    assert (got, got.utcoffset()) == (expected, expected.utcoffset())


def schema_errors_of_stamp(raw: str) -> list[str]:
    return schema_errors("state_observation", make_observation(event_ts=raw))
