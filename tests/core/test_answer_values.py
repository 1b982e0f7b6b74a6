"""Reading a typed answer as a field's new value: natural words, dates, numbers, refusals."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.domain.fields import FIELD_SPECS
from core.engine.answer_values import (
    CLOSED_KINDS,
    choices_for,
    known_place,
    means_home,
    parse_value,
    value_kind,
)
from core.engine.answers import coerce_value
from core.errors import InvalidAnswer

# Wednesday 25 November 2026, 9:00 UTC: when the answer was written.
AT = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("field", "typed", "stored"),
    [
        # A trip's status, in the words people use.
        ("travel.status", "back", "completed"),
        ("travel.status", "Home", "completed"),
        ("travel.status", "  back   HOME ", "completed"),
        ("travel.status", "we're back home now", "completed"),
        ("travel.status", "under way", "in_progress"),
        ("travel.status", "booked", "planning"),
        ("travel.status", "called off", "cancelled"),
        ("travel.status", "in_progress", "in_progress"),
        # A return of goods: sent back means the refund is awaited.
        ("financial.amazon_return.status", "returned", "pending"),
        ("financial.amazon_return.status", "I sent it back!", "pending"),
        ("financial.amazon_return.status", "refunded", "refunded"),
        ("financial.amazon_return.status", "kept it", "cancelled"),
        # A payment.
        ("financial.rent.status", "paid", "paid"),
        ("financial.rent.status", "unpaid", "due"),
        # A project.
        ("project.feature_x.status", "done", "shipped"),
        ("project.feature_x.status", "on hold", "blocked"),
        ("project.feature_x.status", "in progress", "in_progress"),
        # A family activity, and a family member (open: anything else is kept as said).
        ("family.swim_class.event_status", "postponed", "moved"),
        ("family.emma.status", "ill", "sick"),
        ("family.emma.status", "better", "well"),
        ("family.emma.status", "at grandma's", "at grandma's"),
        # Dates, against Wednesday 25 November 2026.
        ("travel.depart_date", "Saturday", "2026-11-28"),
        ("travel.depart_date", "next Friday", "2026-12-04"),
        ("travel.return_date", "the 28th", "2026-11-28"),
        ("travel.return_date", "3rd", "2026-12-03"),
        ("travel.return_date", "dec 3", "2026-12-03"),
        ("travel.return_date", "tomorrow", "2026-11-26"),
        ("project.feature_x.due_date", "28 Nov", "2026-11-28"),
        ("financial.rent.due_date", "2026-11-28", "2026-11-28"),
        ("family.swim_class.schedule", "Friday at 4pm", "2026-11-27T16:00:00+00:00"),
        ("family.swim_class.schedule", "cancelled", "cancelled"),
        # Numbers.
        ("financial.rent.amount", "2,150.50", 2150.5),
        ("financial.rent.amount", "$2100", 2100),
        # Free text stays as typed (spaces tidied).
        ("profile.home_city", "  Portland ", "Portland"),
    ],
)
def test_a_typed_answer_is_read_as_the_fields_value(field: str, typed: str, stored: object) -> None:
    assert parse_value(field, typed, AT) == stored
    assert coerce_value(field, typed, at=AT) == stored


@pytest.mark.parametrize(
    ("field", "typed", "example"),
    [
        ("travel.depart_date", "soon", "I need a date, like 'Saturday' or '28 Nov'"),
        ("family.swim_class.schedule", "whenever", "I need a date, like 'Saturday'"),
        ("financial.rent.amount", "a lot", "I need a number, like '2100' or '49.99'"),
        (
            "travel.status",
            "flying",
            "I need one of planned, under way, back home or cancelled, like 'back home'",
        ),
        ("financial.amazon_return.status", "lost it", "I need one of still to send back"),
        ("project.feature_x.status", "done-ish", "I need one of planned"),
        ("profile.home_city", "   ", "cannot be empty"),
    ],
)
def test_what_is_not_a_valid_value_is_refused_with_an_example(
    field: str, typed: str, example: str
) -> None:
    with pytest.raises(InvalidAnswer, match=example.replace("(", r"\(")):
        coerce_value(field, typed, at=AT)


def test_without_the_message_time_only_iso_dates_are_understood() -> None:
    assert coerce_value("travel.depart_date", "2026-11-28") == "2026-11-28"
    with pytest.raises(InvalidAnswer, match="I need a date"):
        coerce_value("travel.depart_date", "Saturday")


def test_yes_no_fields_are_recognised_by_their_value() -> None:
    assert value_kind("profile.has_car", sample=True) == "yes_no"
    assert coerce_value("profile.has_car", "Yep", sample=True) is True
    assert coerce_value("profile.has_car", "no", sample=False) is False
    with pytest.raises(InvalidAnswer, match="I need one of yes or no"):
        coerce_value("profile.has_car", "maybe", sample=True)


def test_every_closed_set_in_the_catalogue_has_a_label_for_each_value() -> None:
    for spec in FIELD_SPECS:
        if not spec.values:
            continue
        field = spec.pattern.replace(r"\.", ".").replace("[a-z0-9_]+", "thing")
        offered = [c.value for c in choices_for(field)]
        assert sorted(map(str, offered)) == sorted(spec.values), field
        kind = value_kind(field)
        assert kind in CLOSED_KINDS, field
        for choice in CLOSED_KINDS[kind]:
            assert parse_value(field, choice.label, AT) == choice.value
            for word in choice.words:
                assert parse_value(field, word, AT) == choice.value, (field, word)


@pytest.mark.parametrize(
    ("typed", "held", "known"),
    [
        # The gazetteer's places, spelled as it spells them.
        ("tahoe", (), "Tahoe"),
        ("  denver. ", (), "Denver"),
        ("Reno", (), "Reno"),
        # A city and the state or country it is in: kept as typed.
        ("portland oregon", (), "portland oregon"),
        ("Paris, France", (), "Paris, France"),
        # A place the user's state holds, however it is typed.
        ("kittery point", ("Kittery Point",), "Kittery Point"),
        # Not a place: a colour, a word that is only a tiny town's name, home.
        ("purple", (), None),
        ("time", (), None),
        ("home", (), None),
        ("nice", (), None),  # lower case, an ordinary word: the user confirms it
        ("", (), None),
    ],
)
def test_a_place_is_known_by_the_gazetteer_or_the_users_state(
    typed: str, held: tuple[str, ...], known: str | None
) -> None:
    assert known_place(typed, held) == known


def test_place_fields_are_read_as_places() -> None:
    assert {value_kind(f) for f in ("travel.location", "travel.destination")} == {"place"}
    assert value_kind("profile.home_city") == "place"
    # Stored as typed by the engine (the CLI, the API); the bot asks about unknown ones.
    assert parse_value("travel.location", " purple ", AT) == "purple"


@pytest.mark.parametrize(
    ("field", "typed", "stored"),
    [
        ("profile.timezone", "pacific time", "America/Los_Angeles"),
        ("profile.timezone", "CET", "Europe/Paris"),
        ("profile.timezone", "europe/berlin", "Europe/Berlin"),
        ("financial.rent.currency", "$", "USD"),
        ("financial.rent.currency", "euros", "EUR"),
        ("financial.rent.currency", "chf", "CHF"),
    ],
)
def test_time_zones_and_currencies_are_read_as_such(field: str, typed: str, stored: str) -> None:
    assert coerce_value(field, typed, at=AT) == stored


@pytest.mark.parametrize(
    ("field", "typed", "example"),
    [
        ("profile.timezone", "purple", "I need a time zone"),
        ("financial.rent.currency", "purple", "I need a currency"),
        ("financial.rent.amount", "purple", "I need a number"),
        ("travel.depart_date", "purple", "I need a date"),
    ],
)
def test_a_word_of_another_kind_is_refused_with_an_example(
    field: str, typed: str, example: str
) -> None:
    with pytest.raises(InvalidAnswer, match=example):
        coerce_value(field, typed, at=AT)


@pytest.mark.parametrize(
    ("typed", "home"),
    [("home", True), ("Back home!", True), ("I'm home", True), ("Homer", False), ("Rome", False)],
)
def test_home_words_mean_where_the_user_lives(typed: str, home: bool) -> None:
    assert means_home(typed) is home


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("2000", 2000), ("$2,100", 2100), ("49.99", 49.99), ("2k", 2000), ("$2.1k", 2100)],
)
def test_an_amount_is_read_as_a_number(typed: str, stored: float) -> None:
    assert coerce_value("financial.rent.amount", typed, at=AT) == stored


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        # Asked which day a trip under way began (Sunday 2026-11-29): days that have been.
        ("friday", "2026-11-27"),
        ("the 27th", "2026-11-27"),
        ("yesterday", "2026-11-28"),
        ("today", "2026-11-29"),
        ("2026-11-20", "2026-11-20"),
    ],
)
def test_a_day_that_has_been_reads_backward(typed: str, day: str) -> None:
    at = datetime(2026, 11, 29, 10, tzinfo=UTC)
    assert coerce_value("travel.depart_date", typed, at=at, sample=day, past=True) == day
    if typed == "friday":  # the same word, asked for a plan: the next one
        assert coerce_value("travel.depart_date", typed, at=at, sample=day) == "2026-12-04"
