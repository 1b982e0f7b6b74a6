"""The seventeenth round (issue 24), words17d: the courtesy of mail and of a booking desk's
customer, read for what it asks (``core/extraction/intent_courtesy.py``), and whose a
cancelled trip is when a host's guests are named (``core/extraction/speaker.py``).

Probe sentences written for this round (``realistic/probes17d*-dev.jsonl``) showed polite
English read for its literal grammar: a permission asked before a question ("Might I
ask…") and a desk's request as a question of ability ("could we check in early?") read
as possibilities, "I trust you had a pleasant weekend" as a belief, "Do let me know" as a
plan, a customer's terms said as a wish ("I would like to leave after 16:15") as a wish,
"it has to have free parking" as a fact, a retry asked of the desk ("let's try one night
instead") as a suggestion, and a mail program's "Sent from my iPhone" as news. Every row
is a sentence written for this module, none taken from an evaluation set; each class has
look-alikes that must keep their reading. The message time is ``AT``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import check_field_row, commits_anything, intent_said

_ASKED = [
    # Permission asked before the question.
    "Might I ask when the results are likely to be published?",
    "may i ask whether breakfast is included in the rate",
    "Could I just check that you received the signed forms?",
    "Can I confirm the venue has step-free access?",
    # A desk's request put as a question of ability.
    "could we check in a bit early, around noon?",
    "Can I leave my suitcase at reception after checkout?",
    "May we bring our dog to the terrace?",
    # The emphatic imperative.
    "Do let us know if there's anything else you need.",
    "do feel free to ring me on my mobile",
    "Please do get in touch if the dates change.",
    # A customer's terms of time or party said as a wish.
    "I would like to leave after 17:30 please",
    "we'd like to arrive no later than 9pm",
    "I want to get there before 11 on Sunday",
    "i'd like to stay for two nights",
    # The terms of the thing wanted said with "it".
    "it has to have a lift, my knees aren't great",
    "And it should be in the centre, ideally.",
    "they must accept dogs",
    # A retry asked of the desk.
    "ok let's try two nights instead",
    "hmm let's try another guesthouse then",
    "let's try for 8:30 then",
]


@pytest.mark.parametrize("text", _ASKED)
def test_a_courteous_ask_is_a_request(text: str) -> None:
    assert intent_said(text) == "none", text
    assert not commits_anything(text), text


_NOTHING_CLAIMED = [
    "I trust you had a restful break over the holidays.",
    "Dear Priya, I trust this email finds you well.",
    "trust all is well with you and the family",
    "Sent from my iPhone",
    "Sent from Outlook for Android",
    "Get Outlook for iOS",
]


@pytest.mark.parametrize("text", _NOTHING_CLAIMED)
def test_a_pleasantry_or_a_signature_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none", text
    assert not commits_anything(text), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A wish without a desk's terms stays a wish; a suggestion between friends stays one.
        ("I'd like to go to Japan someday", "hypothetical"),
        ("let's try the new ramen place", "hypothetical"),
        # A question about the listener's plans is no request of a desk.
        ("do you fly back on Sunday?", "none"),
        # "it should" of what was expected is no term of a booking.
        ("it should have arrived by now", "hypothetical"),
        # A sent thing told in a story is the past, not a signature.
        ("Sent the contract to the client yesterday", "historical"),
    ],
)
def test_look_alikes_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    [
        # A host's guests, visitors and tenants own their cancelled flights and trains.
        (
            "our guest's flight got cancelled, she's staying on till Friday",
            "travel.status",
            None,
            "",
        ),
        (
            "the guests' train was cancelled so they're here another night",
            "travel.status",
            None,
            "",
        ),
        ("Our tenants' flight was cancelled, they can't check out", "travel.status", None, ""),
        ("the visitors' ferry is off because of the storm", "travel.status", None, ""),
        # The writer's own stays theirs.
        (
            "our flight got cancelled, staying another night",
            "travel.status",
            "cancelled",
            "assertive",
        ),
    ],
)
def test_a_hosts_guests_own_their_trips(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
