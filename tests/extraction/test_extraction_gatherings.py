"""A meal or a gathering called off is an event not held, never a purchase cancelled,
whoever's place it was at: "Sunday lunch at Gran's cancelled" says nothing about money,
while a subscription or an order cancelled is financial, shop and all.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said


@pytest.mark.parametrize(
    "text",
    [
        "Sunday lunch at Gran's cancelled",
        "dinner at Nobu cancelled",
        "brunch with Mia's parents got cancelled",
        "the party at Sam's is cancelled",
        "drinks with the Okafors cancelled, kid's sick",
        "our bbq at Dev's place is cancelled bc of the rain",
    ],
)
def test_a_gathering_called_off_is_no_purchase(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("financial.")], text


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("netflix cancelled", "financial.netflix.status"),
        ("cancelled my spotify", "financial.spotify.status"),
        ("cancelled the coffee subscription", "financial.coffee_subscription.status"),
        ("cancelled the order at Nobu", "financial.order.status"),
    ],
)
def test_a_subscription_or_order_cancelled_is_financial(text: str, field: str) -> None:
    assert facts_said(text).get(field) == "cancelled"
