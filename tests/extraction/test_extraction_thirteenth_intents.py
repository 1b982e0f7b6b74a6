"""The thirteenth round (issue 24), intents: classes of asking, closing and telling that
sentences written for this round in many voices (a booking desk's customer, letters,
carers' hand-over notes, gamers, a family's chat, travel diaries) showed the classifier
reading wrong: requests made indirectly or folded into a statement, a customer's closing,
amending or wish list, notes to oneself, wh-questions with an expletive and no mark,
decisions not made yet, and plans let go told with what stopped them.

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set; the probe sentences are ``realistic/probes13i-dev.jsonl``.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, commits_anything, intent_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- indirect requests


@pytest.mark.parametrize(
    "text",
    [
        "It would be really helpful if you could send the minutes by Monday.",
        "would be awesome if someone could grab the projector from room 2",
        "It'd be great if one of you could water the plants while we're in Spain",
        "Would be good if whoever's on nights could check her sugar levels",
        "I'd really appreciate it if you could cancel my booking for the 12th.",
        "We would be very grateful if someone can confirm the room for Friday.",
    ],
)
def test_an_indirect_request_asks_and_commits_nothing(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "I was wondering whether the pool is open on Sundays.",
        "just wondering if anyone has the wifi password for the cabin",
        "I wanted to check if the deposit came through okay.",
        "We'd like to know whether the ferry runs in March.",
        "I am writing to enquire about the flat on Mill Lane.",
        "Just following up on the invoice I sent last week.",
        "hey, checking in about the car seat you were going to lend us",
    ],
)
def test_a_question_folded_into_a_statement_asks(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # telling, not asking: the same verbs with a fact after them
        ("I'm writing to let you know I've moved to Leeds.", "assertive"),
        ("I wanted to stay in Rome but we're in Naples now", "assertive"),
        ("it would be great to see you when you're in town", "hypothetical"),
    ],
)
def test_look_alikes_of_indirect_requests_keep_their_intent(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ---------------------------------------------------------------- a booking desk's customer


@pytest.mark.parametrize(
    "text",
    [
        "That's great, thank you so much for your help.",
        "No, that's all I need today.",
        "nope thats everything for now thanks",
        "That won't be necessary, thank you.",
        "no need, thanks",
        "Any of those is fine, whichever is cheapest.",
        "Nothing else, thank you.",
        "Hi Ana, I hope this email finds you well.",
    ],
)
def test_a_closing_or_a_pleasantry_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "Actually, make that 5 people instead.",
        "Oh and also book a taxi to the station for 6pm.",
        "In that case, cancel the second room.",
        "Perfect, book it for three nights.",
        "yes go ahead",
        "The train should arrive by 10:15 please.",
        "a window seat and no stopovers please",
        "Hi there, I'm hoping to find a quiet hotel near the river.",
        "We're looking to book two rooms for the wedding weekend.",
        "I was hoping you could help me change my flight.",
    ],
)
def test_a_customer_amending_or_asking_requests(text: str) -> None:
    assert intent_said(text) in ("none", "planning")
    assert intent_said(text) != "hypothetical"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # "hoping" about the world stays a hope; "ok," before a subjectless plan stays a plan
        ("I'm hoping to get back home by friday", "hypothetical"),
        ("hoping to find a new job in the new year", "hypothetical"),
        ("ok, leaving for the airport in 10", "planning"),
        ("I'm at the front desk now, please come down", "assertive"),
    ],
)
def test_look_alikes_of_a_customer_keep_their_intent(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ---------------------------------------------------------------- notes to oneself


@pytest.mark.parametrize(
    "text",
    [
        "Note to self: renew passport before March",
        "must remember to call the bank tomorrow",
        "need to remember to bring the charger",
        "Don't forget to book the vet for Max",
        "reminder: pay the window cleaner",
    ],
)
def test_a_note_to_oneself_is_asked_not_told(text: str) -> None:
    assert intent_said(text) in ("none", "planning")
    assert intent_said(text) != "assertive"


# ---------------------------------------------------------------- questions with an expletive


@pytest.mark.parametrize(
    "text",
    [
        "who tf took my spot in the lobby",
        "where the hell did i put my keys",
        "ok why on earth is the train still not here",
        "what the heck happened to the wifi",
    ],
)
def test_a_wh_question_with_an_expletive_asks(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


# ---------------------------------------------------------------- decisions not made yet


@pytest.mark.parametrize(
    "text",
    [
        "Not yet, I'm still deciding.",
        "we haven't made up our minds about Lisbon",
        "havent decided if im going home for xmas",
        "Still figuring it out, will let you know.",
    ],
)
def test_a_decision_not_made_is_a_possibility(text: str) -> None:
    assert intent_said(text) in ("hypothetical", "none")
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "we decided to stay in Lisbon",
        "I've decided to move to Denver in June",
        "ok we've settled on the cheaper flat",
    ],
)
def test_a_decision_made_is_no_possibility(text: str) -> None:
    assert intent_said(text) != "hypothetical"


# ---------------------------------------------------------------- plans let go


@pytest.mark.parametrize(
    "text",
    [
        "We were going to paint the kitchen but ran out of time",
        "i was gonna call her back but fell asleep",
        "was supposed to go running this morning but it poured",
        "They were planning to visit us but their car broke down",
    ],
)
def test_a_plan_let_go_with_what_stopped_it_is_history(text: str) -> None:
    assert intent_said(text) in ("historical", "assertive")
    assert not any(
        o.intent in ("assertive", "planning") and o.field.endswith("location")
        for o in extract_offline(text, at=AT).observations
    )


@pytest.mark.parametrize(
    "text",
    [
        "we were going to move to Boston",
        "I was going to go but if it had snowed I'd have stayed home",
        "we were meant to fly on Sunday",
    ],
)
def test_a_plan_without_what_undid_it_stays_a_possibility(text: str) -> None:
    assert intent_said(text) == "hypothetical"
    assert not commits_anything(text)


# ---------------------------------------------------------------- batch 2: letters and desks


@pytest.mark.parametrize(
    "text",
    [
        "Would it be possible to move my appointment to Thursday?",
        "is it possible for you to resend the invoice",
        "Could the night staff check his catheter at 2am?",
        "can the weekend team make sure the bins go out",
        "We'd be grateful for any advice on the boiler.",
        "Around 8pm would be perfect, thanks.",
        "a ground floor room would be ideal",
        "Friday morning would be best.",
    ],
)
def test_asking_for_it_to_be_done_politely_is_a_request(text: str) -> None:
    assert intent_said(text) in ("none", "planning")
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "I look forward to hearing from you.",
        "Looking forward to your reply.",
        "just saw ur text sorry!!",
        "only just read your email",
        "Can't complain really",
        "not bad thanks",
        "I think that's everything, thanks so much.",
    ],
)
def test_letter_closings_and_small_talk_claim_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "we'll see how it goes",
        "I'll see what the weather does",
        "time will tell",
        "guess we'll see",
    ],
)
def test_waiting_to_see_decides_nothing(text: str) -> None:
    assert intent_said(text) in ("hypothetical", "none")
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Gonna head out at 5", "planning"),
        ("Gonna grab food first", "planning"),
        ("heading home in 10", "planning"),
        ("Off to the dentist", "planning"),
        # what is seen is a plan when it is someone to meet
        ("we'll see you at 6", "planning"),
    ],
)
def test_a_plan_typed_without_its_subject_is_a_plan(text: str, intent: str) -> None:
    assert intent_said(text) == intent


@pytest.mark.parametrize(
    "text",
    [
        "should've bought the skin when it was on sale",
        "we should have left before the storm hit",
        "I could have taken the job when they offered it",
    ],
)
def test_the_time_of_what_might_have_been_shares_it(text: str) -> None:
    assert intent_said(text) == "hypothetical"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Pretty sure the office is closed on Monday", ("assertive", "planning")),
        ("fairly certain the rent went up in june", ("assertive", "historical")),
        ("So sorry your dad is in the hospital", ("none",)),
        ("not sure the pool is open today", ("hypothetical", "none")),
    ],
)
def test_how_sure_the_speaker_is_leads_what_is_said(text: str, intent: tuple[str, ...]) -> None:
    assert intent_said(text) in intent


# ---------------------------------------------------------------- batch 3


@pytest.mark.parametrize(
    "text",
    [
        "Best wishes to you and the family.",
        "warm regards to everyone at the office",
        "hope the interview goes well!",
        "really hope ur exam went ok",
        "You'll never guess who I ran into",
        "u will never believe what happened at work",
    ],
)
def test_good_wishes_and_teasers_claim_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "I wonder if the shop's still open",
        "we wonder whether the trains are running",
        "hmm i wonder when the parcel gets here",
        "Could whoever does the shopping get more Ensure?",
        "can whoever's last out lock the shed",
    ],
)
def test_wondering_aloud_and_asking_whoever_ask(text: str) -> None:
    assert intent_said(text) in ("none", "hypothetical")
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Sorry, I meant Tuesday not Thursday.", ("none", "planning")),
        ("my bad, we meant the 14th", ("none", "planning")),
        ("oops i meant two rooms", ("none", "planning")),
        # meaning to do something is a story of what was not done
        ("I meant to call you yesterday", ("historical", "hypothetical")),
    ],
)
def test_a_customer_mending_what_was_said_asks(text: str, intent: tuple[str, ...]) -> None:
    assert intent_said(text) in intent
