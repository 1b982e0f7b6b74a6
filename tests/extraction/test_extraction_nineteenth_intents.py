"""The nineteenth round (issue 24), intent19: classes of phrasing whose INTENT the probe
sentences written for this round (``realistic/probes19e*-dev.jsonl``) showed the extractor
reading wrong, each fixed as a class and tabled here with paraphrases in other voices and
look-alikes that must keep their reading. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import intent_said

# ------------------------------------------- a state said to hold now, after a story


@pytest.mark.parametrize(
    "text",
    [
        "grandma slipped on the ice on monday and she's on the orthopaedic ward now",
        "The spare room has been so empty since my son went travelling",
        "my brother lost his job at the plant, he's still looking",
        "Our landlord sold up last month. The new owners are lovely at least, they're fixing the damp as we speak.",
        "ma neighbour's dog got loose yesterday, it's in the shelter at the moment",
        "the boys went to their dad's after school and they're watching films",
    ],
)
def test_a_present_state_after_a_past_event_is_news_about_now(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "the garage rang me twice about the brakes, sorting it now",
        "the plumber overcharged us by 80 quid last week, chasing him about it now",
    ],
)
def test_news_now_after_a_told_past_outranks_the_story(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "my grandad fought in Burma and never talked about it",
        "we went to Whitby for the weekend, the chips were amazing",
        "the neighbours had a massive row last night, the police came round",
        "when we lived in Hull the kids walked to school on their own",
    ],
)
def test_a_story_with_no_present_marked_stays_a_story(text: str) -> None:
    assert intent_said(text) == "historical"


# ------------------------------------------- a stay under way, its end ahead


@pytest.mark.parametrize(
    "text",
    [
        "we're stopping at my in-laws' till Sunday while the floors dry",
        "Hi Jo, I am staying with my daughter until the 18th, so post can wait",
        "staying at a mate's in Hackney until the flat's sorted",
        "we stay on at the farmhouse until Friday, then it's back to reality",
    ],
)
def test_a_stay_now_with_its_end_ahead_is_assertive(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "we're staying with my sister next week until the Sunday",
        "we land in Faro on Saturday and stay until Thursday",
        "from the 12th we're staying at my dad's until the 20th",
    ],
)
def test_a_stay_that_starts_ahead_stays_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


# ------------------------------------------- a "while" / "when" clause inside a plan


@pytest.mark.parametrize(
    "text",
    [
        "we're staying at my brother's next week while the roof gets done",
        "I'm taking Friday off when the kids break up",
        "Next month I'm working from the Leeds office while my manager is on leave",
    ],
)
def test_a_while_clause_shares_the_plans_time(text: str) -> None:
    assert intent_said(text) == "planning"


# ------------------------------------------- a past verb that a feast day seemed to put ahead


@pytest.mark.parametrize(
    "text",
    [
        "I had covid at Easter, fine now",
        "had a chest infection over Christmas but I'm much better now",
        "the boiler packed in on Boxing Day, it's working now",
    ],
)
def test_a_past_event_on_a_feast_day_then_now_is_not_a_plan(text: str) -> None:
    assert intent_said(text) == "assertive"


# ------------------------------------------- a fact about the listener put back to confirm


@pytest.mark.parametrize(
    "text",
    [
        "so you're picking Mia up then",
        "the barbecue's at your place then",
        "ok so ur working saturday then",
        "So you've sold the flat then.",
    ],
)
def test_a_fact_about_you_closed_by_then_asks_to_confirm(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("I'll meet you at yours then", "planning"),
        ("see you then", "none"),
        ("if you're free then, come round", "hypothetical"),
    ],
)
def test_the_speakers_own_plan_or_a_condition_closed_by_then_is_not_asked(
    text: str, intent: str
) -> None:
    assert intent_said(text) == intent


# ------------------------------------------- a present state whose past is its cause


@pytest.mark.parametrize(
    "text",
    [
        "I'm shattered as the twins were up at 4",
        "we're skint this month cos the car failed its MOT",
        "Im so behind at work because the system was down all morning",
        "She's had the boys since Thursday cos I was on nights",
        "he's kept the dog since the split",
    ],
)
def test_a_present_state_explained_by_a_past_cause_is_assertive(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "I was shattered because the twins were up at 4",
        "the summer I turned sixteen we moved to Swindon",
        "the year she started school we moved out to Didsbury",
    ],
)
def test_a_cause_told_in_the_past_or_a_life_stage_stays_a_story(text: str) -> None:
    assert intent_said(text) == "historical"


# ------------------------------------------- a hand-off note's present item after what was done


@pytest.mark.parametrize(
    "text",
    [
        "Rosa slept 12-2, bit grizzly, no temp",
        "Mrs D refused her tea, seems a bit confused",
        "Jack ate all his pasta, played outside, looks tired",
    ],
)
def test_a_note_ending_on_how_someone_is_is_about_now(text: str) -> None:
    assert intent_said(text) == "assertive"


# ------------------------------------------- what happened, then the state it left


@pytest.mark.parametrize(
    "text",
    [
        "the electrician came this morning and the lights are back",
        "it rained all weekend and our cellar is flooded",
        "my sister texted, she's had the twins!",
        "Dad's had his op and he's groggy but fine",
    ],
)
def test_an_event_and_the_present_state_it_left_is_news(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "I've had the flu twice this winter",
        "the electrician came on Monday and fitted the new sockets",
    ],
)
def test_an_experience_or_a_plain_past_stays_historical(text: str) -> None:
    assert intent_said(text) == "historical"


# ------------------------------------------- a habit on a feast day or a season


@pytest.mark.parametrize(
    "text",
    [
        "We always spend Christmas at my sister's in Harrogate",
        "we usually go to my in-laws at Easter",
        "my parents come over every summer for a month",
    ],
)
def test_a_habit_on_a_day_ahead_is_no_plan(text: str) -> None:
    assert intent_said(text) == "assertive"


def test_a_single_christmas_ahead_is_still_a_plan() -> None:
    assert intent_said("we're spending Christmas at my sister's in Harrogate") == "planning"


# ------------------------------------------- an absence now, back on a day


@pytest.mark.parametrize(
    "text",
    [
        "I'm working in Cardiff this week, back Friday",
        "on leave this week, back on Monday",
        "we're on holiday this week, back on Monday",
    ],
)
def test_an_absence_now_with_its_day_back_is_assertive(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "flying to Lisbon on Friday, back Tuesday",
        "We are coming back to Leeds on the 12th, then I ring you.",
    ],
)
def test_a_trip_ahead_with_its_day_back_stays_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"
