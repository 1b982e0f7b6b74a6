"""The twentieth round (issue 24), w20b: messages that claim nothing about the writer's
world (requests, questions, good wishes, a desk's terms, opinions of the world at large)
which the probe sentences written for this round (``realistic/probes20b*-dev.jsonl``)
showed the extractor reading as a fact, a plan, a story or a wish. Each class is tabled
with paraphrases in other voices and look-alikes that must keep their reading. Every row
is a sentence written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

# ------------------------------------------- a question asked by its word order alone


@pytest.mark.parametrize(
    "text",
    [
        "did Priya remember her swimming bag this morning",
        "was Leo alright at nursery today",
        "has Nana taken her tablets yet",
        "is Omar over the chickenpox now",
        "so are we still meeting at 4 or did that change?",
        "btw — is the office open on monday or did they shut it for the holiday?",
        "can whoever took the last oat milk please replace it",
        "are u guys still at the beach or did u head back",
    ],
)
def test_an_auxiliary_before_its_subject_asks_whatever_the_mark(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("did a 10k this morning, legs are dead", "historical"),
        ("Was in Lisbon all last week for work", "historical"),
        ("have a cold so staying in tonight", "assertive"),
    ],
)
def test_an_opening_verb_without_a_subject_after_it_still_tells(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- good wishes, blessings and a letter's close


@pytest.mark.parametrize(
    "text",
    [
        "hope your dad's feeling better by the weekend",
        "Hope little Amara gets well soon ❤️",
        "hope everything went ok at the dentist",
        "I do hope all is well with you both in Wellington",
        "happy monday all ☕",
        "Merry Christmas and have a restful break",
        "God bless y'all, safe travels",
        "get well soon uncle Femi 🙏",
        "We look forward to hearing from you at your earliest convenience.",
        "same here lol",
        "sounds perfect to us",
    ],
)
def test_a_good_wish_or_a_close_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "hope we can get to Crete in June",
        "I hope I get the flat on Dale Street",
        "hope my flight isn't delayed again tomorrow",
    ],
)
def test_the_writers_own_hope_stays_a_hope(text: str) -> None:
    assert intent_said(text) == "hypothetical"


def test_looking_forward_to_a_trip_of_ones_own_is_not_a_letters_close() -> None:
    assert intent_said("looking forward to Porto next week!") != "none"


# ------------------------------------------- a desk's terms and a term let go


@pytest.mark.parametrize(
    "text",
    [
        "the room needs to have a cot for the baby",
        "and it should be close to the station",
        "Ideally the restaurant must serve vegetarian food",
        "the cuisine doesn't matter to us",
        "Budget doesn't really matter, but the taxi has to take six people",
        "could I also get the postcode?",
        "can we just have the receipt emailed",
    ],
)
def test_what_the_thing_asked_for_must_be_is_a_request(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("the boiler has to be replaced before winter", "assertive"),
        ("it has to be sent by friday", "planning"),
    ],
)
def test_what_must_be_done_to_a_thing_is_no_desks_term(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- an opinion of the world at large


@pytest.mark.parametrize(
    "text",
    [
        "hostels in Amsterdam are ridiculously expensive",
        "buses round here are a total lottery",
        "Nothing compares to a proper Sunday roast",
        "Weddings are the most stressful thing ever",
    ],
)
def test_a_kind_of_thing_rated_is_an_opinion_not_news(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "trains are cancelled again, stuck at Crewe",
        "prices in Oslo are mad at the moment",
        "the kids are poorly",
        "my trains are always late",
    ],
)
def test_things_of_ones_own_or_now_keep_their_claim(text: str) -> None:
    assert intent_said(text) == "assertive"


# ------------------------------------------- whom the ask is put to, named first


@pytest.mark.parametrize(
    "text",
    [
        "Bro, abeg send me the hotel address for Lekki",
        "Mum, pls check if the bus to Kumasi is still running",
        "guys, can someone book the court for thursday",
    ],
)
def test_a_request_after_a_vocative_commits_nothing(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


def test_the_writers_fact_before_a_question_to_the_group_is_kept() -> None:
    said = held_said("Just got to Accra, could anyone recommend a driver?")
    assert said.get("travel.location") == "Accra"


# ------------------------------------------- batch 2: asks put after a statement


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        (
            "moved to Cardiff last month, does anybody know a decent dentist?",
            "profile.home_city",
            "Cardiff",
        ),
        ("I'm in Kraków till Sunday, has anyone got a tram tip?", "travel.location", "Kraków"),
    ],
)
def test_a_question_to_the_others_after_a_fact_leaves_the_fact(
    text: str, field: str, value: str
) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "That's a bit too far for us, anything nearer the station?",
        "it's way too expensive tbh, anywhere cheaper?",
        "hbu?",
    ],
)
def test_an_option_turned_down_or_a_question_handed_back_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


def test_a_suggestion_with_how_about_still_wonders() -> None:
    assert intent_said("how about Lisbon for the long weekend?") == "hypothetical"


# ------------------------------------------- a letter's purpose and a desk's terms as a want


@pytest.mark.parametrize(
    "text",
    [
        "Just circling back on the invoice from March.",
        "I wanted to check in regarding the lease renewal.",
        "Please feel free to share this with your team.",
        "We'd want to get in before 9 if at all possible",
        "I'd like to depart from Leeds, any time in the morning",
        "Thank you to all the volunteers who ran the raffle",
        "hope the kids enjoyed the panto!",
    ],
)
def test_a_letters_purpose_or_a_desks_term_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


def test_a_letter_that_checks_in_to_tell_a_fact_still_tells_it() -> None:
    said = held_said("Just checking in to let you know I've moved to Glasgow")
    assert said.get("profile.home_city") == "Glasgow"


@pytest.mark.parametrize(
    "text",
    [
        "I'd like to go to Japan one day",
        "we'd like to move to the coast eventually",
    ],
)
def test_a_want_with_no_desk_term_stays_a_wish(text: str) -> None:
    assert intent_said(text) == "hypothetical"


# ------------------------------------------- an order after a word and a comma


@pytest.mark.parametrize(
    "text",
    [
        "Lovely, send it to the Kensington address",
        "Dad, ring me after your scan",
        "babe, grab bread on the way home",
        "Great, cancel the 7:30 then",
        "xx, travel safe",
        "ok love u, night",
    ],
)
def test_an_order_or_a_farewell_after_a_word_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("ok, need a taxi at 6", "none"),
        ("Honestly, love it here in Leeds", "assertive"),
        ("yeah, moved to Leeds in May", "assertive"),
    ],
)
def test_the_writers_own_words_after_a_comma_are_no_order(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- a kind named with its kind


@pytest.mark.parametrize(
    "text",
    [
        "budget hotels are a false saving",
        "Sleeper trains are the best way to travel honestly",
    ],
)
def test_a_kind_with_a_word_before_it_is_still_a_kind(text: str) -> None:
    assert intent_said(text) == "none"


def test_a_kind_of_ones_own_is_no_opinion() -> None:
    assert intent_said("our flights are both delayed") == "assertive"


@pytest.mark.parametrize("text", ["Leeds is brilliant", "Brussels is gorgeous in the snow"])
def test_a_place_whose_name_ends_in_s_is_no_kind_of_thing(text: str) -> None:
    """Not a plural kind (``generic_claims``) but one named place: rated at the head of the
    message, a view of it (twenty-second round, ``named_and_rated``), whatever its -s."""
    assert intent_said(text) == "none"


# ------------------------------------------- batch 3: a time put, a wish sent, thanks ahead


@pytest.mark.parametrize(
    "text",
    [
        "Shall we say half nine at the café?",
        "so should we say the 14th then",
        "Would the Thursday slot work instead?",
        "Could I just double-check the deposit was £300?",
        "I'd really appreciate it if you could call me back today.",
        "Wishing you both a wonderful anniversary",
        "see u at practice x",
    ],
)
def test_a_time_put_a_check_asked_or_a_wish_sent_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "shall we move to Bristol next year?",
        "should we get a dog?",
    ],
)
def test_a_suggestion_put_as_shall_we_still_wonders(text: str) -> None:
    assert intent_said(text) == "hypothetical"
