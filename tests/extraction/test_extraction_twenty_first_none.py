"""The twenty-first round (issue 24), w21c: messages that tell no state of the writer's
(someone else's view of the world, a forecast, hearsay of what is coming, what the message
itself does, advice and its other way, a request put as a question or to "someone", an
opinion of a thing pointed at) which the probe sentences of this round
(``realistic/probes21c*-dev.jsonl``) showed the extractor reading as a fact, a plan or a
wish. Each class is tabled with paraphrases in other voices and look-alikes that must keep
their reading. Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

# ------------------------------------------- someone else's view of the world at large


@pytest.mark.parametrize(
    "text",
    [
        "my uncle reckons Celtic will win the league by March",
        "Finance thinks the budget freeze is permanent",
        "the whole office believes the reorg is a done deal",
        "Gran thinks the show is a total fix",
    ],
)
def test_another_persons_view_of_the_world_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("my brother reckons he's got the flu", "assertive"),
        ("the GP thinks it's just a virus, she's resting", "assertive"),
        ("Dad thinks he might need an operation", "hypothetical"),
    ],
)
def test_a_view_of_someone_of_ones_own_or_the_writers_own_view_keeps_its_reading(
    text: str, intent: str
) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- hearsay of what is coming, and the weather


@pytest.mark.parametrize(
    "text",
    [
        "apparently the new Lidl opens next Friday",
        "supposedly the motorway reopens on the 20th",
        "rumour is they're closing the Leeds office",
        "it's going to hail all afternoon",
        "snow tomorrow apparently, great",
    ],
)
def test_hearsay_and_forecasts_are_nobodys_plan(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("apparently my flight's cancelled, stuck in Dublin tonight", "assertive"),
        ("apparently my sister is moving to Leeds", "assertive"),
        ("we're flying out tomorrow if it doesn't snow", "hypothetical"),
        ("it's been snowing here since Tuesday", "assertive"),
        ("we wanted a picnic but it rained", "historical"),
    ],
)
def test_hearsay_about_ones_own_keeps_its_news(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- the message's own act, and a forecast for you


@pytest.mark.parametrize(
    "text",
    [
        "asking for my flatmate",
        "upvoting for the algorithm",
        "pinging @dev-team for a second pair of eyes",
        "just ringing to say we're all thinking of you",
        "you'll love Porto, honestly",
        "get the blue one, you won't regret it",
    ],
)
def test_what_the_message_does_or_foresees_for_the_reader_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


def test_a_call_with_its_callee_is_still_news() -> None:
    assert intent_said("texting the landlord now about the leak") == "assertive"


# ------------------------------------------- requests: to "someone", by an order with "?"


@pytest.mark.parametrize(
    "text",
    [
        "somebody tell Dan his shirt is inside out",
        "someone please hide the biscuits from me",
        "Remind me when the bins go out?",
        "tell me the gate number when you know?",
        "why would anybody queue for three hours for a burger?",
    ],
)
def test_an_order_to_whoever_reads_or_a_question_about_anyone_asks(text: str) -> None:
    assert intent_said(text) == "none"


def test_what_someone_did_is_still_told() -> None:
    assert intent_said("someone nicked my bike from outside the gym") == "historical"


# ------------------------------------------- advice, its label and its other way


@pytest.mark.parametrize(
    "text",
    [
        "Pro tip: soak the beans overnight",
        "PSA: bring your own bags to the market",
        "book the ferry early or you'll pay double",
        "salt the aubergine first or it goes soggy",
    ],
)
def test_advice_and_what_follows_if_not_taken_claim_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("we might get the train, or we'll just drive", "hypothetical"),
        ("we're flying out Friday or Saturday", "planning"),
        ("Top tip from me: I live in Leeds and the 6 bus is faster", "assertive"),
    ],
)
def test_an_alternative_of_ones_own_stays_unsettled_and_a_fact_after_a_label_stays(
    text: str, intent: str
) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- an opinion of a thing pointed at


@pytest.mark.parametrize(
    "text",
    [
        "that restaurant is massively overrated",
        "those trainers are hideous",
        "this album slaps",
        "that new app is trash",
    ],
)
def test_a_thing_pointed_at_and_rated_is_an_opinion(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "this flat is freezing",
        "that flight is full so we're on the later one",
        "my laptop is dead",
    ],
)
def test_where_one_is_or_what_one_has_is_still_news(text: str) -> None:
    assert intent_said(text) == "assertive"


# ------------------------------------------- reminders to the others, wonder, tags


@pytest.mark.parametrize(
    "text",
    [
        "Quick reminder that your expenses are due by the 28th",
        "gentle nudge on those invoices, team",
        "can't believe he scored from there",
    ],
)
def test_a_reminder_to_the_others_or_wonder_at_their_news_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


def test_a_reminder_to_oneself_stays_a_plan() -> None:
    assert intent_said("reminder: dentist at 3 tomorrow") == "planning"


def test_no_after_a_claim_is_a_tag_not_an_activity_called_off() -> None:
    assert not commits_anything("Sundays are for resting, no debate")
    assert held_said("no swimming today, the pool's shut")["family.swimming.event_status"] == (
        "cancelled"
    )


# ------------------------------------------- batch 2: sayings, forecasts, kinds ahead, labels


@pytest.mark.parametrize(
    "text",
    [
        "as the saying goes, you get what you pay for",
        "weather forecast says sleet on Sunday",
        "hotels are going to be silly money over Easter",
        "roads will be a nightmare after the match",
    ],
)
def test_a_saying_a_forecast_or_a_kind_rated_ahead_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("the kids are going to be thrilled", "planning"),
        ("as I said, I'm in Bristol till Friday", "assertive"),
    ],
)
def test_people_ahead_or_the_writers_own_words_keep_their_reading(text: str, intent: str) -> None:
    assert intent_said(text) == intent


def test_a_letters_label_then_the_news_tells_the_news() -> None:
    said = held_said("Checking in: we've moved to Cardiff so please send post there")
    assert said["profile.home_city"] == "Cardiff"
    assert intent_said("just checking in on the invoice") == "none"


def test_a_request_after_the_fact_it_follows_from_leaves_the_fact() -> None:
    assert intent_said("my son has a fever so please start without us") == "assertive"
    assert held_said("my son has a fever so please start without us")["family.son.status"] == (
        "sick"
    )


# ------------------------------------------- batch 3: a pronoun killed, a letter's place


def test_a_pronoun_after_killed_is_no_project_called_off() -> None:
    assert not commits_anything("that last scene honestly killed me")
    assert held_said("they killed the kiosk project")["project.kiosk.status"] == "cancelled"


def test_checking_in_from_a_place_tells_where_the_writer_is() -> None:
    assert intent_said("checking in from Oslo, the workshop is going well") == "assertive"
    assert intent_said("just checking in to see how you're doing") == "none"
