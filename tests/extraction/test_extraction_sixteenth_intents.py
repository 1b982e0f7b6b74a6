"""The sixteenth round (issue 24), intents: classes of asking and telling that sentences
written for this round (``realistic/probes16a*-dev.jsonl``) showed the classifier reading
wrong: a question inside the quotation that reports it, a softener before a request, an
aside that opens no condition ("in case you're wondering"), a preference with its clause
("unless you'd rather I didn't"), a time frame cut off before its story ("back in uni"),
what is asked of a desk at check-in, a choice of two asked without its mark, irony about
what will never happen, and a verbless state before a subjectless clause ("currently off
sick, hoping to be back monday").

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, commits_anything, intent_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- a question quoted


@pytest.mark.parametrize(
    "text",
    [
        'my nan rang and goes "have you eaten?" like every single time',
        'the guy at the gate asked "is this your bag?" and we said no',
        'Client emailed: "can we push the call?" - I said Thursday works',
        'he looked at me and said "why would you do that?" so I left',
    ],
)
def test_a_question_inside_its_quotation_is_the_other_persons(text: str) -> None:
    """The "?" closes the quoted words; the sentence reporting them is told, not asked."""
    assert intent_said(text) != "none"
    assert not commits_anything(text) or intent_said(text) in ("assertive", "planning")


@pytest.mark.parametrize(
    "text",
    [
        'did she really say "see you friday"?',
        'can you ask him "are we still on?"',
        'what did the sign say, "closed until further notice"?',
    ],
)
def test_a_question_around_a_quotation_still_asks(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


# ---------------------------------------------------------------- a softener, then the ask


@pytest.mark.parametrize(
    "text",
    [
        "no pressure but could you send the minutes over when you can",
        "no rush, can u drop the car seat round sometime",
        "not urgent but pls email me the invoice",
        "whenever you get a sec could you proofread my cover letter",
        "No hurry at all, but could you confirm the numbers for Saturday",
    ],
)
def test_a_softened_request_asks(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("no rush, we're staying in Porto till the 20th", {"assertive"}),
        ("not urgent but the boiler is leaking again", {"assertive"}),
        ("no pressure, I'd love to see you before you go", {"hypothetical"}),
    ],
)
def test_a_softener_before_a_statement_keeps_it(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- told whatever you wonder


@pytest.mark.parametrize(
    "text",
    [
        "in case you're wondering, yes, I got the job",
        "In case you were wondering, we moved to Leeds in the end.",
        "if anyone asks, i'm at the dentist",
        "in case anyone cares, I passed my driving test",
    ],
)
def test_an_aside_to_the_curious_opens_no_condition(text: str) -> None:
    assert intent_said(text) in ("assertive", "historical")


@pytest.mark.parametrize(
    "text",
    [
        "in case it rains, we'll eat inside",
        "if anyone cancels, we'll take the bigger table",
        "in case the train's late I'll get a cab",
    ],
)
def test_a_real_condition_still_opens_one(text: str) -> None:
    assert intent_said(text) == "hypothetical"
    assert not commits_anything(text)


# ---------------------------------------------------------------- a preference and its clause


@pytest.mark.parametrize(
    "text",
    [
        "I'll come round later unless you'd rather i didn't",
        "id rather we stayed in tbh",
        "I'd sooner we left before the traffic",
        "honestly i'd rather she told me herself",
    ],
)
def test_the_clause_after_rather_or_sooner_is_no_past(text: str) -> None:
    """The past form after "would rather" is a preference, never a past event."""
    assert intent_said(text) in ("hypothetical", "planning")


# ---------------------------------------------------------------- a time frame alone


@pytest.mark.parametrize(
    "text",
    [
        "back in uni i used to work nights at a bar",
        "back in the day my grandad drove a milk float",
        "in the 90s we had a caravan in Wales",
    ],
)
def test_a_time_frame_before_the_story_is_part_of_it(text: str) -> None:
    assert intent_said(text) == "historical"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "back in leeds now, the train was fine",
        "back in the office from monday",
    ],
)
def test_back_somewhere_now_is_not_a_time_frame(text: str) -> None:
    assert intent_said(text) in ("assertive", "planning")


# ---------------------------------------------------------------- asked of a desk


@pytest.mark.parametrize(
    "text",
    [
        "we'd like to check out a day early if that's ok",
        "I'd like to check in before noon if possible",
        "Hi, I would like to pay by card please",
        "we'd like to leave our bags at reception till 4",
    ],
)
def test_what_a_guest_would_like_at_the_desk_asks(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'd like to leave Leeds one day",
        "i'd love to pay off the mortgage before I'm 50",
        "we'd like to go back to Crete next summer",
    ],
)
def test_a_wish_that_names_no_desk_stays_a_wish(text: str) -> None:
    assert intent_said(text) == "hypothetical"


# ---------------------------------------------------------------- which of two, unmarked


@pytest.mark.parametrize(
    "text",
    [
        "Is breakfast included or is that extra",
        "are towels provided or is that on us",
        "is parking free or is that charged separately",
    ],
)
def test_a_choice_of_two_asks_without_its_mark(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        "what's annoying is that the train was late again",
        "the worst part is that we lost the deposit",
    ],
)
def test_a_cleft_with_is_that_still_tells(text: str) -> None:
    assert intent_said(text) != "none"


# ---------------------------------------------------------------- irony


@pytest.mark.parametrize(
    "text",
    [
        "yeah because that's totally gonna happen",
        "he says he'll pay me back friday, like that'll ever happen",
        "as if they're gonna refund us lol",
        "a refund from them? like that will ever happen",
    ],
)
def test_irony_about_what_will_never_happen_commits_nothing(text: str) -> None:
    assert intent_said(text) in ("hypothetical", "none")
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "the wedding is definitely going to happen in June",
        "as if by magic the bus turned up",
    ],
)
def test_irony_look_alikes_keep_their_intent(text: str) -> None:
    assert intent_said(text) in ("planning", "historical", "assertive")


# ---------------------------------------------------------------- a state, then a hope


@pytest.mark.parametrize(
    "text",
    [
        "currently off sick, hoping to be back on monday",
        "still off work, waiting on the scan results",
        "currently in Rome, hoping to get to the Vatican",
    ],
)
def test_a_verbless_state_now_keeps_its_own_clause(text: str) -> None:
    assert intent_said(text) == "assertive"


def test_the_hope_after_the_state_commits_nothing() -> None:
    found = extract_offline("currently off sick, hoping to be back on monday", at=AT)
    assert all(o.intent == "hypothetical" for o in found.observations)


# ---------------------------------------------------------------- tags and negated asks


@pytest.mark.parametrize(
    "text",
    [
        "we're still on for 7, aren't we",
        "you did book the taxi didn't you",
        "that's the hotel by the river, isn't it",
        "the kids are with your mum tonight, are they",
        "didn't you say you were moving in june",
        "aren't you meant to be in Madrid this week",
        "isn't the rent due on the 1st",
    ],
)
def test_a_tag_or_a_negated_auxiliary_first_asks(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("we're going to Lisbon and so are they", {"planning"}),
        ("don't you worry about us", {"none"}),
        ("can't wait for friday", {"none", "planning", "hypothetical"}),
        ("the flat is ours from monday, is it? no, tuesday", {"none", "planning", "assertive"}),
    ],
)
def test_tag_look_alikes_keep_their_intent(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- leave, offers, the desk


@pytest.mark.parametrize(
    "text",
    [
        "is it ok if i bring my dog",
        "mind if we come a bit later than planned",
        "Would it be alright if we paid in cash",
        "shall I book the table for 8",
        "we still doing brunch",
        "Hi, do you have a twin room free from the 3rd to the 5th",
        "do u guys sell phone chargers",
        "Sorry, can we make it 4 people not 3",
    ],
)
def test_leave_an_offer_or_a_desks_stock_asked_without_the_mark(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("shall we go to the beach", {"hypothetical", "none"}),
        ("we're still doing brunch, 11 at Rosie's", {"planning", "assertive"}),
        ("we don't mind if it rains", {"assertive", "hypothetical", "none"}),
    ],
)
def test_look_alikes_of_leave_asked_keep_their_intent(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- no condition at all


@pytest.mark.parametrize(
    "text",
    [
        "whether or not it rains we're driving to the coast on saturday",
        "We fly to Oslo on the 9th, whether or not the strike goes ahead.",
        "regardless of whether the hotel refunds us we're going to Rome in may",
    ],
)
def test_whether_or_not_opens_no_condition(text: str) -> None:
    assert intent_said(text) in ("planning", "assertive")


@pytest.mark.parametrize(
    "text",
    [
        "not sure whether we're going or not",
        "whether we go depends on the weather",
        "we'll see whether the ferry runs",
    ],
)
def test_whether_alone_still_wonders(text: str) -> None:
    assert intent_said(text) in ("hypothetical", "none")
    assert not commits_anything(text)


# ---------------------------------------------------------------- arrivals and duties ahead


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("should be in leeds by 5", {"planning"}),
        ("we should be at the cottage by 9 tonight", {"planning", "assertive"}),
        ("Should be in Glasgow by lunchtime if the trains behave", {"planning"}),
        ("need to pick up mum from the station at 6", {"planning"}),
        ("I need to drop the kids at school by 8 tomorrow", {"planning"}),
        ("meant to be seeing the consultant thurs", {"planning"}),
        ("supposed to be at my mums sunday", {"planning"}),
        ("gonna grind ranked all night", {"planning"}),
        ("going to paint the hall this weekend", {"planning"}),
    ],
)
def test_an_expected_arrival_a_duty_or_a_plan_with_its_verb_is_ahead(
    text: str, intents: set[str]
) -> None:
    assert intent_said(text) in intents


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("you should be in bed", {"hypothetical"}),
        ("they should be in Paris by now", {"hypothetical"}),
        ("I need to book a taxi at 6", {"none"}),
        ("I need to sleep", {"none", "assertive", "hypothetical"}),
        ("I was meant to call her yesterday", {"hypothetical", "historical"}),
        ("I'm going to the cinema", {"assertive"}),
        ("omw home from the hospital, dads gonna be ok", {"assertive"}),
    ],
)
def test_look_alikes_of_duties_and_plans_keep_their_intent(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- a plan, then a polite ask


@pytest.mark.parametrize(
    "text",
    [
        "I will be travelling to Madrid on 3 June and would appreciate a late checkout.",
        "We arrive in Porto on the 12th and would really appreciate a quiet room.",
        "i'm flying to Dublin on friday and would be grateful for a lift from the airport",
    ],
)
def test_a_polite_ask_after_a_plan_leaves_the_plan(text: str) -> None:
    assert intent_said(text) == "planning"
    assert commits_anything(text)


def test_a_polite_ask_alone_still_asks() -> None:
    assert intent_said("I would appreciate it if you could reply by Friday.") == "none"


# ---------------------------------------------------------------- a timetable's entry


@pytest.mark.parametrize(
    "text",
    [
        "09:15 pickup from hotel lobby",
        "7pm dinner w/ the Smiths",
        "14:00 check in, 16:30 walking tour",
    ],
)
def test_a_line_that_opens_on_its_clock_time_is_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


@pytest.mark.parametrize("text", ["10 mins till boarding", "3 kids and a dog in the back lol"])
def test_a_number_that_is_no_clock_time_is_no_timetable(text: str) -> None:
    assert intent_said(text) != "planning"


# ---------------------------------------------------------------- "didn't", no order


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("didn't get the job in the end", {"assertive", "historical"}),
        ("didnt make the train, getting the next one", {"assertive", "historical", "planning"}),
        ("didn't sleep at all last night", {"historical", "assertive"}),
        ("don't forget the milk", {"none"}),
    ],
)
def test_a_subjectless_didnt_tells_the_past_not_an_order(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- "as long as", whole


@pytest.mark.parametrize(
    "text",
    [
        "as long as I'm back by 6 it's fine",
        "As long as we're home before dark the kids won't mind",
        "as far as i know we're back on the 12th",
    ],
)
def test_as_long_as_is_not_cut_at_its_as(text: str) -> None:
    """ "as long as" and "as far as" bind their clause; the "as" inside gives no reason."""
    found = extract_offline(text, at=AT).observations
    assert not any(o.intent == "assertive" and o.field == "travel.status" for o in found)


def test_as_giving_a_reason_still_cuts() -> None:
    assert intent_said("I can't come to the meeting as I'm travelling") == "assertive"


# ---------------------------------------------------------------- how was it, did they


@pytest.mark.parametrize(
    "text",
    [
        "how was the flight",
        "how were the roads coming back",
        "did mum get home ok",
        "did the parcel come in the end",
        "did your sister like the hotel",
        "who knew Lisbon had so many hills",
    ],
)
def test_how_was_did_someone_and_who_knew_ask(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("did laundry and cooked all day", {"historical", "assertive"}),
        ("did 10k steps today", {"historical", "assertive"}),
    ],
)
def test_a_subjectless_did_still_tells(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- reactions and teasers


@pytest.mark.parametrize(
    "text",
    [
        "that must have been terrifying",
        "must have been so stressful for you",
        "that must've been exhausting",
        "ur not gonna believe who i just saw",
        "you won't believe what happened at work",
        "You're never gonna believe this",
    ],
)
def test_a_reaction_or_a_teaser_claims_nothing(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("she must have been terrified, she's still shaking", {"assertive"}),
        ("you won't be able to reach me, I'm in Oslo till Friday", {"assertive"}),
    ],
)
def test_reaction_look_alikes_keep_their_news(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- put off to a day ahead


@pytest.mark.parametrize(
    "text",
    [
        "FYI the client pushed the deadline to the 20th",
        "heads up, they moved the board meeting to next tuesday",
        "the boss moved the standup to 10 tomorrow",
    ],
)
def test_a_thing_put_to_a_day_ahead_is_news_of_that_day(text: str) -> None:
    assert intent_said(text) in ("planning", "assertive")


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("we moved to Leeds in 2019", {"assertive", "historical"}),
        (
            "moved the sofa to the other room, looks way better",
            {"historical", "assertive"},
        ),
    ],
)
def test_moves_without_a_day_ahead_keep_their_reading(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents


# ---------------------------------------------------------------- a diary's night in a place


@pytest.mark.parametrize(
    "text",
    [
        "my first morning in Kyoto, jet lagged af",
        "Our final evening in Marrakech 🌙",
        "our second night in the Dolomites and it's pouring",
    ],
)
def test_a_diarys_first_or_last_night_somewhere_is_there_now(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    ("text", "intents"),
    [
        ("our last night in the flat was sad", {"historical"}),
        ("my first week in the new job went ok", {"historical", "assertive"}),
    ],
)
def test_a_night_told_in_the_past_stays_a_story(text: str, intents: set[str]) -> None:
    assert intent_said(text) in intents
