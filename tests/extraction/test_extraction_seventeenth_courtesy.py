"""The seventeenth round (issue 24), words17d: the courtesy of mail and of a booking desk's
customer, read for what it asks (``core/extraction/intent_courtesy.py``), and whose a
cancelled trip is when a host's guests are named (``core/extraction/speaker.py``).

Probe sentences written for this round (``realistic/probes17d*-dev.jsonl``) showed polite
English read for its literal grammar: a permission asked before a question ("Might I
ask…") and a desk's request as a question of ability ("could we check in early?") read
as possibilities, "Do let me know" as a
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
    "Can I keep the room until 2pm on Sunday?",
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
    "Sent from my iPhone",
    "Sent from Outlook for Android",
    "Get Outlook for iOS",
]


@pytest.mark.parametrize("text", _NOTHING_CLAIMED)
def test_a_mail_programs_signature_claims_nothing(text: str) -> None:
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


_ASKED_TOO = [
    # The offer that closes a letter.
    "Should you need anything else, please let me know.",
    "should you have any questions just drop me a line",
    "Please do not hesitate to get in touch.",
    # Another of the options asked for.
    "What about Friday instead?",
    "how about the 9:15 one then",
    "What about two nights instead of three?",
    # A choice changed or given.
    "On second thoughts, I've changed my mind",
    "we'd rather stay somewhere near the station",
    "I'd much rather book the one with the garden",
    # What the thing must have.
    "free parking is essential",
    "A lift would be a must for us",
    "wifi is absolutely essential",
    # An offer declined.
    "No thanks, we won't need a taxi",
    "i don't need the reference, thanks",
    "We do not require a transfer from the airport.",
]


@pytest.mark.parametrize("text", _ASKED_TOO)
def test_a_letters_offer_options_choices_and_terms_ask(text: str) -> None:
    assert intent_said(text) == "none", text
    assert not commits_anything(text), text


@pytest.mark.parametrize(
    "text",
    [
        "That's exactly what we were looking for, thank you!",
        "perfect, just what I was after",
        "sounds like what we're after",
        "As requested, I've attached the minutes from the board meeting.",
        "I'm enclosing the signed lease and the deposit receipt.",
        "I've cc'd my manager on this.",
    ],
)
def test_an_offer_taken_or_what_goes_with_a_letter_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none", text
    assert not commits_anything(text), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A regret stays one; a suggestion between friends stays one.
        ("I should have told you sooner", "hypothetical"),
        ("I'd rather have stayed at home", "hypothetical"),
        ("I'd rather be on a beach in Goa right now", "hypothetical"),
        ("honestly i'd rather stay in bed all weekend", "hypothetical"),
        # A question of ability about one's life is a possibility, not a desk's request.
        ("could we move to Lisbon next year?", "hypothetical"),
        ("it should be in your inbox by now", "hypothetical"),
        ("how about we go to Rome for Easter?", "hypothetical"),
    ],
)
def test_regrets_and_suggestions_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent, text


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    [
        # What one should have said is said now.
        (
            "Sorry, I should have mentioned that I'm based in Ghent now.",
            "profile.home_city",
            "Ghent",
            "assertive",
        ),
        (
            "we should have let you know that we moved to Bath in January",
            "profile.home_city",
            "Bath",
            "assertive",
        ),
        ("I should have said that I live in Cork now", "profile.home_city", "Cork", "assertive"),
        # A trip things came from is behind: none planned.
        (
            "I've attached the receipts from my trip to Lyon last week",
            "travel.destination",
            None,
            "",
        ),
        ("here are the photos from our holiday in Crete", "travel.destination", None, ""),
        ("sending the invoices from the trip to Accra", "travel.destination", None, ""),
        (
            "I've booked the hotel for my trip to Lyon next week",
            "travel.destination",
            "Lyon",
            "planning",
        ),
        # Having to cancel a trip is calling it off.
        (
            "I have to cancel my trip to Oslo because of work",
            "travel.status",
            "cancelled",
            "assertive",
        ),
        (
            "we need to cancel our holiday to Crete, mum's not well",
            "travel.status",
            "cancelled",
            "assertive",
        ),
        ("Sadly I have to call off the Edinburgh trip", "travel.status", "cancelled", "assertive"),
        ("I might have to cancel my trip to Oslo", "travel.status", None, ""),
        # Back from doing something nearby is an errand, not a trip over.
        ("back from dropping the kids at school, finally some quiet", "travel.status", None, ""),
        ("home from picking up the guests at the airport", "travel.status", None, ""),
        ("just back from walking the dog", "travel.status", None, ""),
        ("back from visiting my aunt in Galway", "travel.status", "completed", "assertive"),
    ],
)
def test_said_now_trips_behind_called_off_and_errands(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        # A letter's apology, acknowledgement or welcome.
        "Apologies for any confusion caused.",
        "our apologies for the delay",
        "Welcome to the Old Mill!",
        # Politeness that is no condition.
        "If it's not too much trouble, could you print two copies?",
        "if it isn't too much bother can you water the plants",
        # The thanks or the hope for a thing asked.
        "I'd be most grateful for your advice on this.",
        "we were hoping for somewhere with a garden",
        "I was really hoping for a room with a view",
        # A term waived.
        "The restaurant doesn't need to be fancy.",
        "the room does not need to have a bath",
        "it doesn't have to be in the centre",
    ],
)
def test_apologies_welcomes_politeness_thanks_and_waived_terms(text: str) -> None:
    assert intent_said(text) == "none", text
    assert not commits_anything(text), text
