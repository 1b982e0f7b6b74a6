"""Bills and purchases that are not the writer's. A meal or a gathering called off is an
event not held, never a purchase cancelled, whoever's place it was at: "Sunday lunch at
Gran's cancelled" says nothing about money, while a subscription or an order cancelled is
financial, shop and all. In chat, "ur credit card is due" is the listener's bill; money
owed to the listener's people, or a mail's "Your payment is due", is the writer's.
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


@pytest.mark.parametrize(
    "text",
    [
        "ur credit card is due the 18th btw, i saw the email",
        "ur rent is late babe, landlord texted me",
        "ur phone bill got paid, i did it from the joint acct",
    ],
)
def test_the_listeners_bill_in_chat_is_not_the_writers(text: str) -> None:
    assert not [f for f in facts_said(text) if f.startswith("financial.")], text


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("we owe ur parents 300", "financial.parents.status"),
        ("Your credit card payment of $412 is due 03/21", "financial.credit_card.status"),
        ("my rent is late", "financial.rent.status"),
    ],
)
def test_money_owed_to_the_listeners_people_or_mail_to_the_user_is_the_writers(
    text: str, field: str
) -> None:
    assert field in facts_said(text)
