"""What to be reminded of, said as a statement, is news; "remind me to …" is a request.

"remind me i gotta return the shoes to amazon" tells Canon an errand is due; "remind me
to call the vet at 4" and "remind me when I land in Denver" ask for something and say
nothing of how things are. And a shop typed in lower case after "return … to" names the
return ("to amazon" is the Amazon return, as "to Zara" is Zara's).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("remind me i gotta return the shoes to amazon", "financial.amazon_return.status", "due"),
        (
            "remind me i gotta return the amazon thing (the shoes) before we go",
            "financial.amazon_return.status",
            "due",
        ),
        (
            "Can you remind me that I need to return the Amazon package?",
            "financial.amazon_return.status",
            "due",
        ),
        ("pls remind me the rent is due on the 1st", "financial.rent.status", "due"),
        ("remind me we leave for tahoe friday", "travel.destination", "Tahoe"),
        (
            "just remind me our flight to Denver leaves at 6am on Friday",
            "travel.destination",
            "Denver",
        ),
    ],
)
def test_a_statement_to_be_reminded_of_is_news(text: str, field: str, value: str) -> None:
    assert facts_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "remind me to call the vet at 4",
        "remind me when I land in Denver",
        "can u remind me what time we leave friday",
        "remind me to return the shoes",
    ],
)
def test_a_request_to_be_reminded_says_nothing_of_now(text: str) -> None:
    said = facts_said(text)
    assert "travel.location" not in said
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("i gotta return the shoes to amazon", "financial.amazon_return.status"),
        ("need to send back the blender to target", "financial.target_return.status"),
        ("have to return the jacket to Zara by friday", "financial.zara_return.status"),
    ],
)
def test_a_shop_typed_in_lower_case_names_its_return(text: str, field: str) -> None:
    assert facts_said(text).get(field) == "due"
