"""What /why, /history, canon why and canon history understand by a word."""

from __future__ import annotations

import pytest

from core.conversation.field_match import matching_fields, no_match_text

KNOWN = (
    "travel.location",
    "travel.status",
    "travel.return_date",
    "family.emma.status",
    "financial.rent.amount",
    "financial.rent.currency",
    "financial.rent.status",
    "project.website_project.status",
    "profile.home_city",
)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("travel.status", ["travel.status"]),
        ("travel", ["travel.location", "travel.return_date", "travel.status"]),
        ("TRAVEL", ["travel.location", "travel.return_date", "travel.status"]),
        ("location", ["travel.location"]),
        ("rent", ["financial.rent.amount", "financial.rent.currency", "financial.rent.status"]),
        (
            "financial.rent",
            ["financial.rent.amount", "financial.rent.currency", "financial.rent.status"],
        ),
        ("emma", ["family.emma.status"]),
        ("Emma", ["family.emma.status"]),
        ("website", ["project.website_project.status"]),
        (
            "status",
            [
                "family.emma.status",
                "financial.rent.status",
                "project.website_project.status",
                "travel.status",
            ],
        ),
        ("home_city", ["profile.home_city"]),
        ("city", ["profile.home_city"]),
        ("weather", []),
        ("travel.nothing", []),
        ("", []),
        ("profile", ["profile.home_city"]),
        ("family", ["family.emma.status"]),
    ],
)
def test_a_word_names_the_fields_it_matches(query: str, expected: list[str]) -> None:
    assert matching_fields(query, KNOWN) == expected


def test_no_match_lists_what_exists() -> None:
    assert no_match_text("weather", ["travel.status", "family.emma.status"]) == (
        "I know nothing about weather. I know about: family.emma.status, travel.status."
    )
    assert no_match_text("weather", []) == "I know nothing about weather (I know nothing yet)."
